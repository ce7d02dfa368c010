"""Rooms over HTTP (create, list, info, join, start), host controls over WebSocket (start, kick, leave, rematch),
spectators, and the ``Origin`` check of the WebSocket handshake."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from sevens.server.connection import CLOSE_KICKED, CLOSE_LEFT

from .harness import Closed, play_session, random_chooser, running, seated_room


def test_create_list_info_join_and_start_over_http() -> None:
    with running() as server:
        ticket = server.create(preset="killer", seats=[{"kind": "human"}] * 3 + [{"kind": "bot", "agent": "random"}],
                               host_name="Aiko", turn_seconds=20, rounds=2)  # fmt: skip
        code = ticket["code"]
        assert (ticket["player"], ticket["host"], ticket["ws_path"]) == (0, True, f"/ws/{code}")
        assert len(code) == 6 and len(ticket["token"]) >= 32
        listed = server.http.get("/api/rooms").json()
        assert [r["code"] for r in listed] == [code]
        info = server.http.get(f"/api/rooms/{code.lower()}").json()
        assert (info["status"], info["family"], info["turn_seconds"], info["rounds"]) == ("lobby", "killer", 20, 2)
        assert [m["kind"] for m in info["members"]] == ["human", "human", "human", "bot"]
        assert [m["open"] for m in info["members"]] == [False, True, True, False]
        assert info["members"][3]["name"] == "random bot"
        assert "token" not in str(info)
        ken = server.join(code, "Ken")
        assert (ken["player"], ken["host"]) == (1, False)
        assert server.http.post(f"/api/rooms/{code}/join", json={"name": "ken"}).json()["error"] == "name_taken"
        assert server.http.post(f"/api/rooms/{code}/join", json={"name": "x bot"}).json()["error"] == "bad_name"
        refused = server.http.post(f"/api/rooms/{code}/start", headers={"Authorization": f"Bearer {ken['token']}"})
        assert (refused.status_code, refused.json()["error"]) == (403, "not_host")
        started = server.start(code, ticket["token"])
        assert started["status"] == "playing" and started["members"][2]["kind"] == "bot"  # the free seat
        assert server.http.get("/api/rooms").json() == []
        late = server.http.post(f"/api/rooms/{code}/join", json={"name": "Mei"})
        assert (late.status_code, late.json()["error"]) == (409, "not_lobby")


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"preset": "nope"}, "rules"),
        ({"preset": "standard", "variants": {"tunnel": "cross"}}, "rules"),
        ({"preset": "killer", "ghost": True}, "rules"),
        ({"preset": "seven27", "seats": [{"kind": "human"}] * 11}, "rules"),
        ({"preset": "killer", "seats": [{"kind": "bot", "agent": "oracle"}] * 2}, "rules"),  # never offered in play
        ({"preset": "seven27", "seats": [{"kind": "bot", "agent": "search"}] * 2}, "rules"),
        ({"preset": "standard", "turn_seconds": 10_000}, "invalid"),
        ({"preset": "standard", "seats": [{"kind": "bot"}] * 2, "host_name": "Aiko"}, "invalid"),
    ],
)
def test_bad_rooms_are_refused_with_a_reason(body: dict[str, object], error: str) -> None:
    with running() as server:
        response = server.http.post("/api/rooms", json=body)
        assert response.status_code == 422
        assert response.json()["error"] == error and response.json()["message"]


def test_http_errors_for_unknown_rooms_bad_tokens_and_bad_bodies() -> None:
    with running() as server:
        assert server.http.get("/api/rooms/QQQQQQ").status_code == 404
        assert server.http.get("/api/rooms/QQQQQQ").json()["error"] == "unknown_room"
        code, _tokens = seated_room(server, ["Aiko"], ["random"], preset="standard")
        assert server.http.post(f"/api/rooms/{code}/start").status_code == 401
        bad = server.http.post(f"/api/rooms/{code}/start", headers={"Authorization": "Bearer nope"})
        assert (bad.status_code, bad.json()["error"]) == (401, "bad_token")
        assert server.http.post("/api/rooms", json={"seats": "many"}).status_code == 422
        assert server.http.get("/openapi.json").json()["paths"]["/api/rooms"]["post"]
        assert server.http.get("/api/health").json()["ok"] is True


def test_a_host_who_does_not_play_runs_a_room_of_computer_players() -> None:
    with running() as server:
        ticket = server.create(preset="standard", seats=[{"kind": "bot", "agent": "random"}] * 4, rounds=1, seed=3)
        assert ticket["player"] is None and ticket["host"] is True
        host = server.connect(ticket["code"], ticket["token"])
        assert host.frames[-1]["you"] == {"player": None, "seat": None, "host": True, "role": "spectator"}
        host.send("start")
        play_session({}, random_chooser(0), lead=host)
        assert host.rounds_over[-1]["session_over"] is True
        host.send("rematch")
        frame = host.wait_for(lambda f: f["type"] == "room" and f["event"] == "rematch")
        assert frame["room"]["game"] == 2 and frame["room"]["status"] == "playing"
        play_session({}, random_chooser(0), lead=host)
        assert [r["round"] for r in host.rounds_over] == [0, 1]


def test_the_game_is_stored_as_finished_before_anyone_hears_it_is_over() -> None:
    """A page that hears of the last round shows the replay link at once, so the game must already be a finished
    record then (it was stored just after the news: a quick click, or the browser test reading the replay under
    load, found "no finished game")."""
    events: list[str] = []

    def observe(_room: Any, _conn: Any, data: dict[str, Any]) -> None:
        if data.get("type") == "round_over" and data.get("session_over"):
            events.append("announced")

    with running(observer=observe) as server:
        store = server.registry.persistence.store
        finish = store.finish_session

        def finish_and_note(session_id: int) -> bool:
            finished = finish(session_id)
            events.append("stored")
            return finished

        store.finish_session = finish_and_note  # type: ignore[method-assign]
        ticket = server.create(preset="standard", seats=[{"kind": "bot", "agent": "random"}] * 4, rounds=1, seed=3)
        host = server.connect(ticket["code"], ticket["token"])
        host.send("start")
        play_session({}, random_chooser(0), lead=host)
        assert events[:2] == ["stored", "announced"]
        record = server.http.get(f"/api/rooms/{ticket['code']}").json()["record"]
        assert len(server.http.get(f"/api/games/{record}").json()["rounds"]) == 1


def test_kick_and_leave_in_the_lobby_free_the_seat() -> None:
    with running() as server:
        code, tokens = seated_room(server, ["Aiko", "Ken", "Mei"], preset="standard")
        aiko, ken, mei = (server.connect(code, tokens[p]) for p in range(3))
        ken.send("kick", player=2)
        assert ken.wait_type("error")["code"] == "not_host"
        aiko.send("kick", player=1)
        closed = ken.closed_with()
        assert closed.code == CLOSE_KICKED
        event = aiko.wait_for(lambda f: f["type"] == "room" and f["event"] == "kicked")
        assert event["room"]["members"][1]["open"] is True
        with pytest.raises(Closed):
            server.connect(code, tokens[1])  # the token is revoked
        mei.send("leave")
        assert mei.closed_with().code == CLOSE_LEFT
        assert server.join(code, "Sora")["player"] == 1


def test_a_player_who_leaves_mid_game_is_replaced_by_a_bot_and_the_host_moves_on() -> None:
    with running() as server:
        code, tokens = seated_room(server, ["Aiko", "Ken"], ["random", "random"], preset="standard", seed=4)
        aiko, ken = server.connect(code, tokens[0]), server.connect(code, tokens[1])
        server.start(code, tokens[0])
        aiko.send("leave")
        assert aiko.closed_with().code == CLOSE_LEFT
        event = ken.wait_for(lambda f: f["type"] == "room" and f["event"] == "left")
        assert event["room"]["host"] == 1 and event["room"]["members"][0]["left"] is True
        room = server.room(code)
        session_id = room.session_id
        assert session_id is not None
        stored = server.store(lambda store: store.load_session(session_id)).settings["server"]
        assert stored["members"][0]["left"] is True and stored["members"][0]["token"] is None
        assert stored["host"] == 1
        play_session({1: ken}, random_chooser(1), lead=ken)  # the bot plays Aiko's seat to the end
        assert any(f["type"] == "action" and f["player"] == 0 and f["by"] == "auto" for f in ken.frames)


def test_the_websocket_handshake_checks_the_origin() -> None:
    with running(allowed_origins=("https://sevens.example",)) as server:
        code, tokens = seated_room(server, ["Aiko"], ["random"], preset="standard")
        for origin in ("https://evil.example", "null", "https://sevens.example.evil.example"):
            with pytest.raises(WebSocketDisconnect) as denied:  # refused before accept (uvicorn answers 403)
                server.connect(code, tokens[0], headers={"origin": origin})
            assert denied.value.code == 1008
        for origin in ("https://sevens.example", "http://testserver"):  # allowlisted, and same-origin
            client = server.connect(code, tokens[0], headers={"origin": origin})
            assert client.frames[-1]["type"] == "snapshot"


def test_rooms_without_spectators_refuse_them() -> None:
    with running() as server:
        code, _tokens = seated_room(server, ["Aiko"], ["random"], preset="standard", spectators=False)
        with pytest.raises(Closed) as closed:
            server.connect(code)
        assert closed.value.code == 4401
