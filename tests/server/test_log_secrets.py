"""Issue 19: the server's log never shows a seat's secret token (uvicorn logs every WebSocket path with its
query, ``/ws/CODE?token=…``). A real server process is run and its whole output read."""

from __future__ import annotations

from pathlib import Path

import httpx2 as httpx
from websockets.sync.client import connect as ws_connect

from harness.process import server_process


def test_the_server_log_never_shows_a_token(tmp_path: Path) -> None:
    with server_process(f"sqlite:///{tmp_path / 'log.sqlite3'}") as server:
        body = {"preset": "standard", "host_name": "Aiko", "seats": [{"kind": "human"}, {"kind": "bot"}]}
        ticket = httpx.post(f"{server.url}/api/rooms", json=body, timeout=10).json()
        token, code = ticket["token"], ticket["code"]
        with ws_connect(f"ws://{server.address}/ws/{code}?token={token}", open_timeout=10) as ws:
            ws.recv(timeout=10)  # the snapshot: the connection was accepted, and logged
        httpx.get(f"{server.url}/api/rooms/{code}?token={token}", timeout=10)  # the access log's line
        server.wait_for(f"/ws/{code}?token=***")
        server.wait_for(f"/api/rooms/{code}?token=***")
        assert token not in server.log()
