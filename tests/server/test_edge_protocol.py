"""Issue 28, protocol nits: every refusal over HTTP has the project's shape ``{"error", "message"}`` (a wrong
method, an unknown path, a body that is not UTF-8), a 405 lists every method of its path in ``Allow``, a 429
says when to come back (``Retry-After``), numbers in bodies are numbers (``false`` is not a seed), the OpenAPI
schema states the real limits, and a WebSocket message refused as invalid still answers its ``id``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .harness import running


def test_a_429_says_when_to_come_back() -> None:
    with running(rooms_burst=2, rooms_per_minute=6, lobbies_per_address=100) as server:
        assert [server.http.post("/api/rooms", json={}).status_code for _ in range(2)] == [201, 201]
        refused = server.http.post("/api/rooms", json={})
        assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
        assert refused.headers["Retry-After"] == "10"  # one room every 10 s at 6 a minute
        server.clock.advance(4.0)
        assert server.http.post("/api/rooms", json={}).headers["Retry-After"] == "6"


def test_the_lobby_limit_says_when_to_come_back_too() -> None:
    with running(rooms_burst=100, lobbies_per_address=1) as server:
        server.create()
        refused = server.http.post("/api/rooms", json={})
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("OPTIONS", "/api/rooms", "GET, POST"),
        ("DELETE", "/api/rooms", "GET, POST"),
        ("OPTIONS", "/api/health", "GET"),
        ("PUT", "/api/rooms/ABCDEF/join", "POST"),
        ("OPTIONS", "/static/app.js", "GET, HEAD"),
    ],
)
def test_a_405_lists_every_method_of_its_path(method: str, path: str, allowed: str) -> None:
    with running() as server:
        response = server.http.request(method, path)
        assert response.status_code == 405
        assert response.headers["Allow"] == allowed
        assert response.json() == {"error": "method_not_allowed", "message": f"{method} is not allowed here; "
                                   f"allowed: {allowed}"}  # fmt: skip


def test_an_unknown_path_is_refused_in_the_error_shape() -> None:
    with running() as server:
        response = server.http.get("/api/nothing-here")
        assert response.status_code == 404 and response.json() == {"error": "not_found", "message": "Not Found"}


@pytest.mark.parametrize("body", [b'{"host_name": "\xff\xfe"}', b"\xc3\x28", b'\x80{"seed": 1}'])
def test_a_body_that_is_not_utf8_is_refused_like_bad_json(body: bytes) -> None:
    with running() as server:
        response = server.http.post("/api/rooms", content=body, headers={"content-type": "application/json"})
        bad_json = server.http.post("/api/rooms", content=b"{", headers={"content-type": "application/json"})
        assert response.status_code == bad_json.status_code == 422
        assert response.json()["error"] == bad_json.json()["error"] == "invalid"
        assert "UTF-8" in response.json()["message"]


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/rooms", {"seed": False}, "seed"),
        ("/api/rooms", {"seed": True}, "seed"),
        ("/api/rooms", {"rounds": True}, "rounds"),
        ("/api/rooms", {"turn_seconds": True}, "turn_seconds"),
        ("/api/rooms", {"seed": "7"}, "seed"),
        ("/api/rooms/{code}/join", {"name": "Ken", "seat": True}, "seat"),
    ],
)
def test_numbers_in_bodies_are_numbers(path: str, body: dict[str, Any], field: str) -> None:
    with running() as server:
        code = server.create(host_name="Aiko")["code"]
        response = server.http.post(path.format(code=code), json=body)
        assert response.status_code == 422, response.text
        assert response.json()["error"] == "invalid" and field in response.json()["message"]


def test_the_openapi_schema_states_the_real_limits() -> None:
    with running() as server:
        schemas = server.http.get("/openapi.json").json()["components"]["schemas"]
        create, join = schemas["CreateRoom"]["properties"], schemas["JoinRoom"]["properties"]
        host_name = create["host_name"]["anyOf"][0]
        assert (host_name["minLength"], host_name["maxLength"]) == (1, server.registry.config.name_max_chars)
        assert (join["name"]["minLength"], join["name"]["maxLength"]) == (1, 24)
        turn = create["turn_seconds"]["anyOf"][0]
        assert (turn["minimum"], turn["maximum"]) == (5, 600)
        assert create["rounds"]["anyOf"][0]["maximum"] == server.registry.config.max_rounds
        # and the server holds to them: the first name too long by the schema is refused
        assert server.http.post("/api/rooms", json={"host_name": "x" * 25}).status_code == 422
        assert server.http.post("/api/rooms", json={"turn_seconds": 600.5}).status_code == 422
        assert server.http.post("/api/rooms", json={"host_name": "x" * 24, "turn_seconds": 600}).status_code == 201


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"v": 1, "type": "move", "id": 41, "round": 0, "seq": 0, "action": "7s"}, "invalid"),
        ({"v": 1, "type": "dance", "id": 42}, "unknown_type"),
        ({"v": 2, "type": "ping", "id": 43}, "version"),
    ],
)
def test_a_refused_message_still_answers_its_id(message: dict[str, Any], code: str) -> None:
    with running() as server:
        ticket = server.create(host_name="Aiko")
        aiko = server.connect(ticket["code"], ticket["token"])
        aiko.send_raw(json.dumps(message))
        error = aiko.wait_type("error")
        assert error["code"] == code and error["ref"] == message["id"]


def test_a_refused_message_with_a_bad_id_gets_no_ref() -> None:
    with running() as server:
        ticket = server.create(host_name="Aiko")
        aiko = server.connect(ticket["code"], ticket["token"])
        aiko.send_raw('{"v": 1, "type": "ping", "id": true}')
        assert aiko.wait_type("error")["ref"] is None


def test_forged_forwarded_for_does_not_move_the_rate_limit_in_process() -> None:
    """Through a trusted proxy (127.0.0.1) the client is the right-most untrusted hop: a list of addresses the
    client wrote in front of it changes nothing."""
    with running(rooms_burst=3, lobbies_per_address=100, trusted_proxies=("127.0.0.1",)) as server:
        proxy = TestClient(server.http.app, client=("127.0.0.1", 1))
        answers = [
            proxy.post("/api/rooms", json={}, headers={"X-Forwarded-For": f"10.9.9.{i}, 203.0.113.5"}).status_code
            for i in range(6)
        ]
        assert answers == [201] * 3 + [429] * 3
        other = proxy.post("/api/rooms", json={}, headers={"X-Forwarded-For": "203.0.113.6"})
        assert other.status_code == 201  # another client behind the same proxy
        direct = TestClient(server.http.app, client=("198.51.100.1", 1))  # not a proxy: its header means nothing
        forged = [
            direct.post("/api/rooms", json={}, headers={"X-Forwarded-For": f"10.8.8.{i}"}).status_code for i in range(4)
        ]
        assert forged == [201] * 3 + [429]
