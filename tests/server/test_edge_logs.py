"""Issue 28: the log never shows a seat token however the client spells the parameter (percent-escaped names
such as ``?%74oken=``, which the server reads as ``token``, and ``token`` after other parameters, as the page
sends it: ``?log=tail&token=…``), and ``--log-format json`` writes one JSON object a line. Real server
processes; their whole output is read."""

from __future__ import annotations

import json
from pathlib import Path

import httpx2 as httpx
import pytest
from websockets.sync.client import connect as ws_connect

from harness.process import ServerProcess, server_process
from sevens.server.site.logs import redact

TIMEOUT = 30.0  # a hang guard: every wait returns as soon as its answer comes


def seated(server: ServerProcess) -> tuple[str, str]:
    body = {"host_name": "Aiko", "seats": [{"kind": "human"}, {"kind": "bot"}]}
    ticket = httpx.post(f"{server.url}/api/rooms", json=body, timeout=TIMEOUT).json()
    return ticket["code"], ticket["token"]


@pytest.mark.parametrize(
    "query",
    ["%74oken={token}", "log=tail&token={token}", "log=tail&%74%6F%6B%65%6E={token}", "x=1&%2574oken={token}",
     "TOKEN={token}&log=full"],
)  # fmt: skip
def test_no_spelling_of_the_token_parameter_reaches_the_log(tmp_path: Path, query: str) -> None:
    with server_process(f"sqlite:///{tmp_path / 'log.sqlite3'}", ("--log-level", "info")) as server:
        code, token = seated(server)
        with ws_connect(f"ws://{server.address}/ws/{code}?{query.format(token=token)}", open_timeout=TIMEOUT) as ws:
            first = json.loads(ws.recv(timeout=TIMEOUT))
        httpx.get(f"{server.url}/api/rooms/{code}?{query.format(token=token)}", timeout=TIMEOUT)  # the access log
        server.wait_for(f"GET /api/rooms/{code}?")
        server.wait_for("[accepted]")
        assert token not in server.log()
        if query.startswith(("%74oken", "log=tail&token", "log=tail&%74")):
            assert first["type"] == "snapshot" and first["you"]["player"] == 0  # the server took it as the token


def test_redaction_reads_names_as_the_server_does() -> None:
    line = '127.0.0.1:5 - "GET /ws/ABCDEF?log=tail&%74oken=s3cret&t%6Fken=two&token=three&tokens=kept HTTP/1.1"'
    shown = redact(line)
    assert "s3cret" not in shown and "two" not in shown and "three" not in shown
    assert "tokens=kept" in shown and "log=tail" in shown


def test_json_logs_are_one_object_a_line(tmp_path: Path) -> None:
    options = ("--log-level", "info", "--log-format", "json")
    with server_process(f"sqlite:///{tmp_path / 'json.sqlite3'}", options) as server:
        code, token = seated(server)
        with ws_connect(f"ws://{server.address}/ws/{code}?token={token}", open_timeout=TIMEOUT) as ws:
            ws.recv(timeout=TIMEOUT)
        httpx.get(f"{server.url}/api/health", timeout=TIMEOUT)
        server.wait_for('"path": "/api/health"')
        server.wait_for("[accepted]")
    entries = [json.loads(line) for line in server.output if line.strip()]  # every line, the banner is left out
    assert {"time", "level", "logger", "message"} <= set(entries[0])
    access = [e for e in entries if e["logger"] == "uvicorn.access"]
    assert any(e["method"] == "POST" and e["path"] == "/api/rooms" and e["status"] == 201 for e in access)
    assert token not in server.log() and "token=***" in server.log()
