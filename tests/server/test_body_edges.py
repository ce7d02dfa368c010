"""Smaller defects of issue 42 item 6, each pinned: ``POST /api/rooms`` with no body creates a room with the
defaults (every field is optional); JSON has one number type, so ``"seat": 1.0`` is seat 1 while ``1.5`` is refused
saying a whole number is needed; a JSON object naming a key twice is 400 (no silent "last wins"); a WebSocket query
joined with ``;`` is refused without echoing any part of the seat token."""

from __future__ import annotations

import json

import pytest

from .harness import running


def test_a_room_is_created_with_no_body_at_all() -> None:
    with running() as server:
        created = server.http.post("/api/rooms")
        assert created.status_code == 201, created.text
        info = server.http.get(f"/api/rooms/{created.json()['code']}").json()
    assert info["preset"] == "standard" and len(info["members"]) == 4 and info["status"] == "lobby"


@pytest.mark.parametrize(("seat", "player"), [(1.0, 1), (2, 2), (3.0, 3)])
def test_a_whole_number_written_with_a_fraction_is_that_number(seat: float, player: int) -> None:
    with running() as server:
        code = server.create(host_name="Aiko", rounds=2.0)["code"]
        joined = server.http.post(f"/api/rooms/{code}/join", json={"name": "Ken", "seat": seat})
        assert joined.status_code == 200, joined.text
        assert joined.json()["player"] == player
        assert server.http.get(f"/api/rooms/{code}").json()["rounds"] == 2


@pytest.mark.parametrize("seat", [1.5, 1e300, True, "1"])
def test_a_seat_that_is_no_whole_number_is_refused_saying_so(seat: object) -> None:
    with running() as server:
        code = server.create(host_name="Aiko")["code"]
        refused = server.http.post(f"/api/rooms/{code}/join", json={"name": "Ken", "seat": seat})
    assert refused.status_code == 422
    message = refused.json()["message"]
    assert message.startswith("seat: ") and ("whole number" in message or "valid integer" in message), message


@pytest.mark.parametrize(
    ("path", "body", "key"),
    [
        ("/api/rooms", '{"host_name": "Aiko", "host_name": "Mallory"}', "host_name"),
        ("/api/rooms", '{"seats": [{"kind": "human", "kind": "bot"}, {"kind": "human"}]}', "kind"),
        ("/api/rooms/{code}/join", '{"name": "Ken", "seat": 1, "seat": 2}', "seat"),
    ],
)
def test_a_key_named_twice_is_refused_with_400(path: str, body: str, key: str) -> None:
    with running() as server:
        code = server.create(host_name="Aiko")["code"]
        rooms_before = set(server.registry.rooms)
        refused = server.http.post(path.format(code=code), content=body, headers={"Content-Type": "application/json"})
        assert refused.status_code == 400, refused.text
        assert refused.json()["error"] == "bad_request" and f"'{key}' twice" in refused.json()["message"]
        assert set(server.registry.rooms) == rooms_before
        assert [m["name"] for m in server.http.get(f"/api/rooms/{code}").json()["members"] if m["name"]] == ["Aiko"]


def test_a_query_joined_with_semicolons_never_echoes_the_token() -> None:
    with running() as server:
        ticket = server.create(host_name="Aiko")
        token = ticket["token"]
        with server.http.websocket_connect(f"/ws/{ticket['code']}?log=tail;token={token}") as ws:
            error = json.loads(ws.receive_text())
            closed = ws.receive()
    assert error["code"] == "bad_request" and closed["code"] == 1008
    said = error["message"] + str(closed.get("reason", ""))
    assert "full or tail" in said
    assert not any(token[i : i + 4] in said for i in range(len(token) - 3)), said  # not even 4 characters of it
