"""Issue 28: a real nginx in front of real server processes, with the configuration deploy/nginx/ ships and
the server told to trust it (``--trusted-proxy 127.0.0.1``). Clients connect from other loopback addresses
(127.0.0.2, 127.0.0.3: all of 127.0.0.0/8 is loopback), so the address nginx appends is theirs:

- a client that writes its own ``X-Forwarded-For`` is still one client for the room limit, and another client
  behind the same nginx is not held back by it;
- a WebSocket plays through nginx (the upgrade headers pass) and the server counts it against the client's
  address, not nginx's;
- ``/metrics`` is not served through nginx, and no seat token reaches nginx's access log.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2 as httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from harness.process import ServerProcess, server_process

from .nginx import Nginx, nginx_executable, nginx_process

TIMEOUT = 10.0


def client(source: str) -> httpx.Client:
    """An HTTP client whose connections come from the loopback address ``source``."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=source), timeout=TIMEOUT)


@contextmanager
def websocket(nginx: Nginx, path: str, source: str) -> Iterator[ClientConnection]:
    host, port = nginx.address.rsplit(":", 1)
    sock = socket.create_connection((host, int(port)), timeout=TIMEOUT, source_address=(source, 0))
    with ws_connect(f"ws://{nginx.address}{path}", sock=sock, open_timeout=TIMEOUT) as ws:
        yield ws


@contextmanager
def site(tmp_path: Path, *options: str) -> Iterator[tuple[Nginx, ServerProcess]]:
    nginx_executable()  # skip (or fail on CI) before starting anything
    trusted = ("--trusted-proxy", "127.0.0.1")
    with (
        server_process(f"sqlite:///{tmp_path / 'site.sqlite3'}", (*trusted, *options)) as node,
        nginx_process(tmp_path / "nginx", [node.address]) as nginx,
    ):
        yield nginx, node


def test_a_forged_forwarded_for_through_nginx_is_still_one_client(tmp_path: Path) -> None:
    with (
        site(tmp_path, "--rooms-per-minute", "0.01", "--lobbies-per-address", "1000") as (nginx, _node),
        client("127.0.0.2") as forger,
        client("127.0.0.3") as other,
    ):
        answers = [
            forger.post(f"{nginx.url}/api/rooms", json={}, headers={"X-Forwarded-For": f"10.7.0.{i}, 10.8.0.{i}"})
            for i in range(30)
        ]
        created = sum(a.status_code == 201 for a in answers)
        assert created == 20, [a.status_code for a in answers]  # the burst; refilled at one in 100 minutes
        refused = next(a for a in answers if a.status_code == 429)
        assert refused.json()["error"] == "rate_limited" and int(refused.headers["Retry-After"]) >= 1
        assert other.post(f"{nginx.url}/api/rooms", json={}).status_code == 201  # another client is served


def test_a_game_is_played_through_nginx_and_counted_against_its_client(tmp_path: Path) -> None:
    with site(tmp_path, "--connections-per-address", "2") as (nginx, _node), client("127.0.0.2") as http:
        body = {"host_name": "Aiko", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}
        ticket = http.post(f"{nginx.url}/api/rooms", json=body).json()
        code, token = ticket["code"], ticket["token"]
        path = f"/ws/{code}?log=tail&token={token}"
        with websocket(nginx, path, "127.0.0.2") as aiko, websocket(nginx, f"/ws/{code}", "127.0.0.2") as watcher:
            assert json.loads(aiko.recv(timeout=TIMEOUT))["type"] == "snapshot"
            assert json.loads(watcher.recv(timeout=TIMEOUT))["type"] == "snapshot"
            # a third WebSocket from 127.0.0.2 passes its limit of 2; one from 127.0.0.3 does not
            with websocket(nginx, f"/ws/{code}", "127.0.0.3") as elsewhere:
                assert json.loads(elsewhere.recv(timeout=TIMEOUT))["type"] == "snapshot"
            with pytest.raises(InvalidStatus) as refused, websocket(nginx, f"/ws/{code}", "127.0.0.2"):
                pass
            assert refused.value.response.status_code == 403
            started = http.post(f"{nginx.url}/api/rooms/{code}/start", headers={"Authorization": f"Bearer {token}"})
            assert started.status_code == 200
            aiko.send(json.dumps({"v": 1, "type": "ping", "id": 5}))
            while (frame := json.loads(aiko.recv(timeout=TIMEOUT)))["type"] != "pong":
                pass
            assert frame["ref"] == 5
        assert token not in nginx.log() and f"/ws/{code}" in nginx.log()


def test_metrics_are_not_served_through_nginx(tmp_path: Path) -> None:
    with site(tmp_path) as (nginx, node):
        assert httpx.get(f"{node.url}/metrics", timeout=TIMEOUT).status_code == 200  # loopback, straight to the node
        with client("127.0.0.2") as http:
            assert http.get(f"{nginx.url}/metrics").status_code == 404
            assert http.get(f"{nginx.url}/%6Detrics?x=1", headers={"X-Forwarded-For": "127.0.0.1"}).status_code == 404
