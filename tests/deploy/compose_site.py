"""compose.yaml run by podman, for machines without Docker Compose (this project's CI; docs/deploy.md).

The compose file's equivalent, for the parts compose.yaml uses: its network (with its subnet), named volumes,
services with ``image``/``build``, ``command``, ``environment`` (``${VAR:-default}`` read from the environment),
bind mounts relative to the file, ``ports``, ``ulimits``, ``restart``, ``stop_grace_period``, ``healthcheck``
and ``depends_on`` (``service_healthy`` waits for the dependency's healthcheck, run with ``podman exec``). Each
container's name resolves to its address through ``--add-host`` (podman's CNI network here has no DNS), every
service has a fixed address in the subnet, in the file's order from ``.10``, and a MAC address derived from it
as Docker derives it (a restarted container is reached again at once, not after the others' ARP caches expire).

Podman reads ``deploy/podman/containers.conf`` (runc, cgroupfs, no default ulimits). Images cannot be pulled
here: ``deploy/podman/build-base-images.sh`` builds stand-ins under the names the files use.

    python tests/deploy/compose_site.py build   # the stand-in base images (cached), then the project's image
    python tests/deploy/compose_site.py up      # start the site (nginx published as compose.yaml says)
    python tests/deploy/compose_site.py down [-v]
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE_FILE = ROOT / "compose.yaml"
PODMAN_DIR = ROOT / "deploy" / "podman"
BASE_IMAGES_SCRIPT = PODMAN_DIR / "build-base-images.sh"
FIRST_HOST = 10  # the first service's address in the subnet (.1 is the gateway: the host)
VARIABLE = re.compile(r"\$\{(\w+)(?::-([^}]*))?\}")
DURATION = re.compile(r"^(\d+(?:\.\d+)?)(ms|s|m)?$")


def podman_environment() -> dict[str, str]:
    """The environment podman runs with: the project's containers.conf instead of the machine's."""
    return {**os.environ, "CONTAINERS_CONF": str(PODMAN_DIR / "containers.conf")}


def podman(*args: str, check: bool = True, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """``podman args…``; its output captured (a failure raises with podman's own message)."""
    done = subprocess.run(
        ["podman", *args], capture_output=True, text=True, env=podman_environment(), timeout=timeout, check=False
    )
    if check and done.returncode != 0:
        raise RuntimeError(f"podman {' '.join(args[:3])} … failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    return done


def seconds(duration: str | float | int) -> float:
    """A compose duration (``30s``, ``500ms``, ``1m``) in seconds."""
    if isinstance(duration, (int, float)):
        return float(duration)
    match = DURATION.match(duration.strip())
    if match is None:
        raise ValueError(f"unsupported compose duration {duration!r}: use a number with ms, s or m")
    value, unit = float(match[1]), match[2] or "s"
    return value * {"ms": 0.001, "s": 1.0, "m": 60.0}[unit]


def interpolate(value: Any, environ: Mapping[str, str]) -> Any:
    """``${VAR}`` and ``${VAR:-default}`` replaced in every string of ``value``, as compose does."""
    if isinstance(value, str):
        return VARIABLE.sub(lambda m: environ.get(m[1]) or (m[2] if m[2] is not None else ""), value)
    if isinstance(value, list):
        return [interpolate(v, environ) for v in value]
    if isinstance(value, dict):
        return {k: interpolate(v, environ) for k, v in value.items()}
    return value


@dataclass
class Site:
    """The services of a compose file under a project name, driven with podman."""

    project: str = "sevens"
    compose_file: Path = COMPOSE_FILE
    publish: bool = True  # publish the ports compose.yaml names on the host (a test reaches nginx on its address)
    environ: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    spec: dict[str, Any] = field(init=False)
    _ulimits_work: bool | None = field(default=None, init=False)  # whether podman may set them here (probed)

    def __post_init__(self) -> None:
        self.spec = interpolate(yaml.safe_load(self.compose_file.read_text()), self.environ)
        unsupported = {"deploy", "secrets", "configs", "extends", "profiles"} & {
            key for service in self.services.values() for key in service
        }
        if unsupported:
            raise ValueError(f"compose_site.py does not run {sorted(unsupported)}; run docker compose instead")

    # --- what the file says -------------------------------------------------------------------------------------

    @property
    def services(self) -> dict[str, dict[str, Any]]:
        services: dict[str, dict[str, Any]] = self.spec["services"]
        return services

    @property
    def network(self) -> str:
        (name,) = self.spec["networks"]  # compose.yaml has one network: the site's
        return str(name)

    @property
    def subnet(self) -> ipaddress.IPv4Network:
        (config,) = self.spec["networks"][self.network]["ipam"]["config"]
        return ipaddress.IPv4Network(config["subnet"])

    def container(self, service: str) -> str:
        return f"{self.project}-{service}-1"

    def address(self, service: str) -> str:
        """The service's address on the site network (fixed: the file's order from ``.FIRST_HOST``)."""
        index = list(self.services).index(service)
        return str(self.subnet.network_address + FIRST_HOST + index)

    def order(self) -> list[str]:
        """The services, each after those it depends on."""
        done: list[str] = []

        def visit(name: str, path: tuple[str, ...]) -> None:
            if name in done:
                return
            if name in path:
                raise ValueError(f"depends_on forms a cycle: {' -> '.join((*path, name))}")
            for needed in self.dependencies(name):
                visit(needed, (*path, name))
            done.append(name)

        for name in self.services:
            visit(name, ())
        return done

    def dependencies(self, service: str) -> dict[str, str]:
        """What ``service`` waits for: each dependency and its condition."""
        depends = self.services[service].get("depends_on", [])
        if isinstance(depends, list):
            return {name: "service_started" for name in depends}
        return {name: spec.get("condition", "service_started") for name, spec in depends.items()}

    # --- building -----------------------------------------------------------------------------------------------

    def build(self) -> None:
        """The stand-in base images (cached by the script), then every ``build:`` image (podman's layer cache)."""
        subprocess.run(["bash", str(BASE_IMAGES_SCRIPT)], check=True, env=podman_environment())
        built: set[str] = set()
        for service in self.services.values():
            context = service.get("build")
            if context is None or service["image"] in built:
                continue
            directory = (self.compose_file.parent / context).resolve()
            podman("build", "--quiet", "--layers", "--tag", service["image"], str(directory), timeout=1800)
            built.add(service["image"])

    # --- running ------------------------------------------------------------------------------------------------

    def up(self, health_timeout: float = 120.0) -> None:
        """Create the network and volumes, then start every service after those it depends on."""
        network = f"{self.project}_{self.network}"
        if podman("network", "exists", network, check=False).returncode != 0:
            podman("network", "create", "--subnet", str(self.subnet), network)
        for volume in self.spec.get("volumes") or {}:
            if podman("volume", "exists", f"{self.project}_{volume}", check=False).returncode != 0:
                podman("volume", "create", f"{self.project}_{volume}")
        for service in self.order():
            for needed, condition in self.dependencies(service).items():
                if condition == "service_healthy":
                    self.wait_healthy(needed, health_timeout)
            self.start(service)

    def run_arguments(self, service: str) -> list[str]:
        """``podman run`` arguments for ``service`` (the container is created, not yet started)."""
        spec = self.services[service]
        args = ["--name", self.container(service), "--hostname", service, "--label", f"sevens.compose={self.project}"]
        address = ipaddress.IPv4Address(self.address(service))
        # Docker derives a container's MAC address from its IP address, so a restarted container (same
        # address) is reached at once; podman draws a new one, and the other containers' ARP caches would send
        # to the old one for seconds. The same derivation here.
        mac = ":".join(f"{byte:02x}" for byte in (0x02, 0x42, *address.packed))
        args += ["--network", f"{self.project}_{self.network}", "--ip", str(address), "--mac-address", mac]
        args += [f"--add-host={name}:{self.address(name)}" for name in self.services if name != service]
        for key, value in (spec.get("environment") or {}).items():
            args += ["--env", f"{key}={value}"]
        for mount in spec.get("volumes", []):
            source, target, *mode = mount.split(":")
            if source.startswith((".", "/")):
                source = str((self.compose_file.parent / source).resolve())
            else:
                source = f"{self.project}_{source}"
            args += ["--volume", ":".join([source, target, *mode])]
        if self.publish:
            for port in spec.get("ports", []):
                args += ["--publish", str(port)]
        args += self.ulimit_arguments(spec)
        if "restart" in spec:
            args += ["--restart", spec["restart"]]
        if "stop_grace_period" in spec:
            args += ["--stop-timeout", str(round(seconds(spec["stop_grace_period"])))]
        command = spec.get("command")
        return [*args, spec["image"], *([] if command is None else command)]

    def ulimit_arguments(self, spec: dict[str, Any]) -> list[str]:
        """``--ulimit`` for each of the service's ``ulimits``, or none where this machine's runtime refuses
        resource limits (a sandbox that forbids setting RLIMIT_NPROC, which podman adds to any ``--ulimit``):
        the containers then inherit podman's own limits, said once on stderr (docs/deploy.md)."""
        wanted = {
            name: (limit, limit) if isinstance(limit, int) else (limit["soft"], limit["hard"])
            for name, limit in (spec.get("ulimits") or {}).items()
        }
        if not wanted:
            return []
        if self._ulimits_work is None:
            probe = podman("run", "--rm", "--ulimit", "nofile=1024:1024", spec["image"], "true", check=False)
            self._ulimits_work = probe.returncode == 0
            if not self._ulimits_work:
                inherited = resource.getrlimit(resource.RLIMIT_NOFILE)
                print(f"compose_site: this machine refuses container resource limits ({probe.stderr.strip()[-160:]});"
                      f" the containers inherit podman's open-file limit {inherited[0]}:{inherited[1]}",
                      file=sys.stderr)  # fmt: skip
        if not self._ulimits_work:
            return []
        return [f"--ulimit={name}={soft}:{hard}" for name, (soft, hard) in wanted.items()]

    def start(self, service: str) -> None:
        """Start ``service``'s container, created from the file if it does not exist (``compose up`` for one)."""
        name = self.container(service)
        if podman("container", "exists", name, check=False).returncode != 0:
            podman("create", *self.run_arguments(service))
        podman("start", name)

    def stop(self, service: str) -> None:
        """``compose stop service``: SIGTERM, then SIGKILL after its grace period."""
        podman("stop", self.container(service), timeout=120)

    def restart(self, service: str) -> None:
        podman("restart", self.container(service), timeout=120)

    def healthy(self, service: str) -> bool:
        """Whether the service's compose healthcheck passes now (run in its container)."""
        test = self.services[service]["healthcheck"]["test"]
        kind, *command = test if isinstance(test, list) else ["CMD-SHELL", test]
        if kind == "CMD-SHELL":
            command = ["/bin/sh", "-c", " ".join(command)]
        done = podman("exec", self.container(service), *command, check=False, timeout=30)
        return done.returncode == 0

    def wait_healthy(self, service: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not self.healthy(service):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{service} not healthy within {timeout:g} s: {self.logs(service)[-2000:]}")
            time.sleep(0.5)  # the healthcheck's own pace (compose polls at its interval)

    def exec(self, service: str, *command: str) -> str:
        """What ``command`` prints in the service's container."""
        return podman("exec", self.container(service), *command, timeout=60).stdout

    def logs(self, service: str) -> str:
        done = podman("logs", self.container(service), check=False)
        return done.stdout + done.stderr

    def running(self, service: str) -> bool:
        done = podman("inspect", "--format", "{{.State.Running}}", self.container(service), check=False)
        return done.stdout.strip() == "true"

    def down(self, volumes: bool = False) -> None:
        """Remove the project's containers and network (``compose down``); its volumes too with ``volumes``."""
        listed = podman("ps", "--all", "--quiet", "--filter", f"label=sevens.compose={self.project}")
        ids = listed.stdout.split()
        if ids:
            podman("rm", "--force", "--time", "10", *ids, timeout=300)
        podman("network", "rm", "--force", f"{self.project}_{self.network}", check=False)
        if volumes:
            for volume in self.spec.get("volumes") or {}:
                podman("volume", "rm", "--force", f"{self.project}_{volume}", check=False)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run compose.yaml with podman (docs/deploy.md).")
    parser.add_argument("command", choices=["build", "up", "down", "ps"])
    parser.add_argument("-p", "--project", default="sevens", help="the project name (container name prefix)")
    parser.add_argument("-v", "--volumes", action="store_true", help="down: remove the named volumes too")
    options = parser.parse_args(argv)
    site = Site(project=options.project)
    if options.command == "build":
        site.build()
    elif options.command == "up":
        site.up()
    elif options.command == "down":
        site.down(volumes=options.volumes)
    else:
        for service in site.services:
            state = "running" if site.running(service) else "not running"
            print(f"{site.container(service):24} {site.address(service):15} {state}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
