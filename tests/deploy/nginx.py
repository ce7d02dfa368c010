"""The nginx of deploy/nginx/ as a child process on a loopback port: the shipped ``nginx.conf`` with only its
upstream servers and its ``listen`` port swapped for the test's, beside a link ``sevens`` to deploy/nginx (its
includes are relative: ``sevens/http.conf``, as compose.yaml mounts them in /etc/nginx) (:func:`site_config`),
so the real-nginx tests run the very configuration the deployment guide ships. Needs Debian's ``nginx``; where
it is missing the tests skip, except on CI (``CI=true``), where they fail."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from harness.process import HOST, free_port, listening

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
SHIPPED_CONFIG = DEPLOY / "nginx" / "nginx.conf"
UPSTREAM_SERVER = re.compile(r"^(\s*server\s+)node\d+:8000\b(.*)$", re.MULTILINE)
LISTEN = re.compile(r"^(\s*listen\s+)80;", re.MULTILINE)


def nginx_executable() -> str:
    """Debian's nginx, or a skip (a failure on CI)."""
    found = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)
    if found is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("nginx is needed on CI (apt-get install nginx)")
        pytest.skip("nginx is not installed (apt-get install nginx)")
    return found


def site_config(directory: Path, upstreams: Sequence[str], port: int) -> Path:
    """deploy/nginx/nginx.conf with its nodes replaced by ``upstreams`` (``host:port``) and ``listen 80`` by
    ``port`` on loopback, written into ``directory`` beside a link to the files it includes."""
    text = SHIPPED_CONFIG.read_text()
    nodes = UPSTREAM_SERVER.findall(text)
    assert nodes, "the shipped nginx.conf names its nodes node1:8000, node2:8000, …"
    first = True

    def upstream(match: re.Match[str]) -> str:
        nonlocal first
        if not first:
            return ""
        first = False
        return "\n".join(f"{match[1]}{address}{match[2]}" for address in upstreams)

    text = UPSTREAM_SERVER.sub(upstream, text)
    text, listens = LISTEN.subn(rf"\g<1>{HOST}:{port};", text)
    assert listens == 1, "the shipped nginx.conf listens on port 80 once"
    (directory / "sevens").symlink_to(DEPLOY / "nginx", target_is_directory=True)
    config = directory / "nginx.conf"
    config.write_text(text)
    return config


def check_config(config: Path, directory: Path) -> subprocess.CompletedProcess[str]:
    """``nginx -t`` of ``config``."""
    return subprocess.run(_command(config, directory, "-t"), capture_output=True, text=True, timeout=30)


def _command(config: Path, directory: Path, *extra: str) -> list[str]:
    globals_ = f"daemon off; pid {directory / 'nginx.pid'}; error_log {directory / 'error.log'} info;"
    return [nginx_executable(), "-p", str(directory), "-c", str(config), "-g", globals_, *extra]


@dataclass
class Nginx:
    """A running nginx: ``address`` is ``host:port``, ``url`` its ``http://`` base."""

    address: str
    url: str
    access_log: Path

    def log(self) -> str:
        return self.access_log.read_text(errors="replace")


@contextmanager
def nginx_process(directory: Path, upstreams: Sequence[str], timeout: float = 15.0) -> Iterator[Nginx]:
    """The shipped configuration under a real nginx in front of ``upstreams``; stopped afterwards."""
    directory.mkdir(parents=True, exist_ok=True)
    port = free_port()
    config = site_config(directory, upstreams, port)
    checked = check_config(config, directory)
    assert checked.returncode == 0, checked.stderr
    access_log = directory / "access.log"
    with access_log.open("w") as out:
        proc = subprocess.Popen(_command(config, directory), stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + timeout
        while not listening(port):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"nginx did not listen: {(directory / 'error.log').read_text(errors='replace')}")
            time.sleep(0.05)
        yield Nginx(f"{HOST}:{port}", f"http://{HOST}:{port}", access_log)
    finally:
        proc.send_signal(signal.SIGQUIT)  # graceful stop
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
