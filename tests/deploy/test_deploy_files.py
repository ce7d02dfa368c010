"""Issue 28: the deployment is deployable as written, checked without a container engine (test_compose_site.py
builds and starts it for real; docs/deploy.md says what runs where): compose.yaml parses and its services,
images, networks, volumes, mounts and ports agree with each other and with deploy/nginx; every ``sevens serve``
command in it and in the Dockerfile is one the real CLI accepts; the Dockerfile installs the versions CI tested,
copies files that exist, runs a command the package installs, as a user without privileges, and checks a health
route the app serves; every image has a stand-in; the shipped nginx.conf passes ``nginx -t``; the protocol
document names no image that nothing builds."""

from __future__ import annotations

import ipaddress
import re
import shlex
import tomllib
from pathlib import Path
from typing import Any, cast

import click
import typer
import yaml

from sevens.cli.app import app as cli
from sevens.server.app import create_app

from .nginx import SHIPPED_CONFIG, UPSTREAM_SERVER, check_config, site_config

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "compose.yaml").read_text())
SERVICES: dict[str, Any] = COMPOSE["services"]
NODES = sorted(name for name in SERVICES if name.startswith("node"))
DOCKERFILE = (ROOT / "Dockerfile").read_text()
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PYTHON_IMAGE = "docker.io/library/python:3.11-slim-bookworm"


def serve_command() -> Any:
    """The click command of ``sevens serve``, as the CLI builds it."""
    return cast(click.Group, typer.main.get_command(cli)).commands["serve"]  # the app has sub-commands: a group


def serve_options(argv: list[str]) -> dict[str, Any]:
    """The options ``sevens serve`` reads from ``argv`` (``["sevens", "serve", …]``), parsed by the real CLI
    without running it (a bad option raises click's ``UsageError``)."""
    assert argv[:2] == ["sevens", "serve"], argv
    command = serve_command()
    with command.make_context("serve", argv[2:], resilient_parsing=False) as context:
        return dict(context.params)


def dockerfile_instructions(name: str) -> list[str]:
    """The arguments of every ``name`` instruction of the Dockerfile (continuation lines joined)."""
    text = DOCKERFILE.replace("\\\n", " ")
    return [m[1].strip() for m in re.finditer(rf"^{name}\s+(.*)$", text, re.MULTILINE)]


def test_compose_has_three_nodes_redis_postgres_and_nginx() -> None:
    assert NODES == ["node1", "node2", "node3"]
    assert {"redis", "postgres", "nginx"} <= set(SERVICES)
    for name, service in SERVICES.items():
        assert "image" in service, f"{name} names its image"
        for needed in service.get("depends_on", []):
            assert needed in SERVICES, f"{name} depends on {needed}, which is not a service"
        for network in service.get("networks", []):
            assert network in COMPOSE["networks"], f"{name} joins an unknown network {network}"
        for volume in service.get("volumes", []):
            source = volume.split(":")[0]
            if source.startswith("."):
                assert (ROOT / source).exists(), f"{name} mounts {source}, which is not in the repository"
            else:
                assert source in COMPOSE["volumes"], f"{name} uses an undeclared volume {source}"


def test_every_node_is_built_here_and_runs_a_command_the_cli_accepts() -> None:
    addresses = set()
    for name in NODES:
        node = SERVICES[name]
        assert node["build"] == "." and (ROOT / "Dockerfile").is_file()
        options = serve_options(node["command"])
        assert options["advertise"] == f"http://{name}:{options['port']}"  # the other nodes reach it there
        assert options["redis"].startswith("redis://redis:")
        assert options["host"] == "0.0.0.0"
        addresses.add(f"{name}:{options['port']}")
        environment = node["environment"]
        assert environment["SEVENS_DATABASE_URL"].startswith("postgresql+psycopg://")
        assert "@postgres:" in environment["SEVENS_DATABASE_URL"]
    upstreams = {m[0].split()[1] for m in UPSTREAM_SERVER.finditer(SHIPPED_CONFIG.read_text())}
    assert upstreams == {f"{node}:8000" for node in NODES} == addresses  # nginx proxies to every node


def test_the_nodes_trust_exactly_the_site_network() -> None:
    (subnet,) = (c["subnet"] for c in COMPOSE["networks"]["site"]["ipam"]["config"])
    for name in NODES:
        environment = SERVICES[name]["environment"]
        trusted = [ipaddress.ip_network(n) for n in environment["SEVENS_TRUSTED_PROXIES"].split()]
        assert trusted == [ipaddress.ip_network(subnet)]
        assert environment["SEVENS_LOG_FORMAT"] in ("text", "json")
    # the environment variables are the CLI's own
    envvars = {p.envvar for p in serve_command().params if p.envvar}
    assert {"SEVENS_TRUSTED_PROXIES", "SEVENS_METRICS_ALLOW", "SEVENS_LOG_FORMAT"} <= envvars


def test_nginx_is_published_on_the_port_it_listens_on() -> None:
    (published,) = SERVICES["nginx"]["ports"]
    _host_port, container_port = published.split(":")
    assert re.search(rf"^\s*listen\s+{container_port};", SHIPPED_CONFIG.read_text(), re.MULTILINE)
    assert SERVICES["nginx"]["image"].startswith("docker.io/library/nginx:")


def test_the_dockerfile_is_slim_unprivileged_healthy_and_pinned() -> None:
    bases = [line.split()[0] for line in dockerfile_instructions("FROM")]
    assert bases == [PYTHON_IMAGE] * 3  # built on the base it runs on (the venv's interpreter)
    (user,) = dockerfile_instructions("USER")
    assert user not in ("root", "0")
    assert "useradd" in DOCKERFILE and user in DOCKERFILE
    for copy in dockerfile_instructions("COPY"):
        sources = [s for s in copy.split()[:-1] if not s.startswith("--")]
        if "--from=" not in copy:
            assert sources and all((ROOT / s).exists() for s in sources), copy
    installs = [line for line in dockerfile_instructions("RUN") if "pip install" in line]
    assert installs
    for install in installs:  # the versions CI tested, never whatever PyPI serves that day
        assert re.search(r"-c \S*constraints.txt", install), install
        extras = re.findall(r"(?:\.|/sevens)\[([a-z,]+)\]'", install)
        if "-r /src/requirements.txt" in install:  # the dependencies' stage: what the requirements stage wrote
            continue
        assert extras and set(extras[0].split(",")) <= set(PYPROJECT["project"]["optional-dependencies"])
    # the requirements stage writes pyproject's own dependencies and the extra the package is installed with
    assert "p['dependencies'] + p['optional-dependencies']['multinode']" in DOCKERFILE
    assert "'/tmp/sevens[multinode]'" in DOCKERFILE
    assert "COPY .ci/constraints.txt " in DOCKERFILE
    (healthcheck,) = dockerfile_instructions("HEALTHCHECK")
    assert "/api/health" in healthcheck
    app = create_app("sqlite://")
    routes = {getattr(route, "path", None) for route in app.routes} | set(app.openapi()["paths"])
    assert "/api/health" in routes
    (cmd,) = dockerfile_instructions("CMD")
    argv = yaml.safe_load(cmd)  # JSON array form
    assert argv[0] in PYPROJECT["project"]["scripts"]
    options = serve_options(argv)
    (exposed,) = dockerfile_instructions("EXPOSE")
    assert int(exposed) == options["port"] and f"127.0.0.1:{exposed}/api/health" in healthcheck


def test_every_image_has_a_stand_in_and_raises_the_open_file_limit() -> None:
    """The names compose.yaml and the Dockerfile use are real images a registry serves, and the very names
    deploy/podman/build-base-images.sh builds stand-ins under (CI has no registry); every long-lived
    service that holds client connections may open 65,536 files."""
    script = (ROOT / "deploy" / "podman" / "build-base-images.sh").read_text()
    images = {PYTHON_IMAGE} | {service["image"] for service in SERVICES.values() if "build" not in service}
    for image in images:
        assert re.fullmatch(r"docker\.io/library/[a-z]+:[\w.-]+", image), image
        assert f"={image}\n" in script, f"no stand-in for {image}"
    for name in [*NODES, "nginx"]:
        assert SERVICES[name]["ulimits"]["nofile"] == {"soft": 65536, "hard": 65536}, name
    assert re.search(r"^worker_rlimit_nofile 65536;", SHIPPED_CONFIG.read_text(), re.MULTILINE)


def test_the_docker_build_context_holds_what_the_dockerfile_copies() -> None:
    kept = [line[1:] for line in (ROOT / ".dockerignore").read_text().splitlines() if line.startswith("!")]
    for copy in dockerfile_instructions("COPY"):
        if "--from=" in copy:
            continue
        for source in copy.split()[:-1]:
            assert source in kept or f"{source}/" in kept or source.rstrip("/") + "/" in kept, source


def test_the_shipped_nginx_conf_passes_nginx_t(tmp_path: Path) -> None:
    config = site_config(tmp_path, ["127.0.0.1:9"], 8080)  # what the real-nginx tests run
    checked = check_config(config, tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert "test is successful" in checked.stderr


def test_the_protocol_document_names_no_image_nothing_builds() -> None:
    protocol = (ROOT / "docs" / "protocol.md").read_text()
    assert "image: sevens " not in protocol and "image: sevens\n" not in protocol
    assert "FORWARDED_ALLOW_IPS: " not in protocol  # the setting that let a client choose its own address
    guide = (ROOT / "docs" / "deploy.md").read_text()
    for mentioned in ("compose.yaml", "Dockerfile", "deploy/nginx", "--trusted-proxy", "/metrics", "--log-format"):
        assert mentioned in guide, mentioned


def test_every_command_of_the_guide_is_one_the_cli_accepts() -> None:
    guide = (ROOT / "docs" / "deploy.md").read_text()
    commands = [line for block in re.findall(r"```sh\n(.*?)```", guide, re.DOTALL) for line in block.splitlines()
                if line.startswith("sevens serve")]  # fmt: skip
    assert len(commands) >= 2
    for command in commands:
        serve_options(shlex.split(command))
