"""The server against abuse: room creation limited per client (a flood locks out nobody else), idle empty rooms
expire in minutes, the lobby listing is paged, connections per address and spectators per room are capped,
spectators come and go without a frame to everyone, bad bodies get 4xx (never 500), the last move of a game
resent after a reconnect is acknowledged as a duplicate, finished rooms survive a restart for "play again",
and seat tokens never reach the access log."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect as ws_connect

from harness.process import server_process
from sevens.server.connection import Connection
from sevens.server.room.room import Room
from sevens.server.security import RedactTokens

from .harness import play_session, random_chooser, running, seated_room

FLOOD = 300


def test_a_flood_of_room_creations_from_one_address_locks_out_nobody_else() -> None:
    with running(rooms_burst=5, rooms_per_minute=6, lobbies_per_address=8, requests_burst=FLOOD * 2) as server:
        answers = [server.http.post("/api/rooms", json={}).status_code for _ in range(FLOOD)]
        assert answers[:5] == [201] * 5 and set(answers[5:]) == {429}  # the burst, then the rate
        refused = server.http.post("/api/rooms", json={})
        assert refused.json()["error"] == "rate_limited" and "a minute" in refused.json()["message"]
        other = TestClient(server.http.app, client=("192.0.2.7", 4321))  # another client, same running app
        assert other.post("/api/rooms", json={}).status_code == 201
        server.clock.advance(60.0)  # five more by the rate (its burst), but only three more lobbies
        more = [server.http.post("/api/rooms", json={}) for _ in range(6)]
        assert [r.status_code for r in more] == [201] * 3 + [429] * 3
        assert "in the lobby" in more[3].json()["message"]
        assert len(server.registry.rooms) == 8 + 1


def test_room_creation_is_rate_limited_per_bearer_token_too() -> None:
    with running(rooms_burst=2, lobbies_per_address=100) as server:
        a, b = (TestClient(server.http.app, client=(f"192.0.2.{i}", 1)) for i in (1, 2))
        headers = {"Authorization": "Bearer same-player"}
        assert [c.post("/api/rooms", json={}, headers=headers).status_code for c in (a, b, a)] == [201, 201, 429]
        assert b.post("/api/rooms", json={}).status_code == 201  # the address itself has allowance left


def test_idle_empty_rooms_expire_in_minutes() -> None:
    with running() as server:
        kept, _ = seated_room(server, ["Aiko"], ["random"])
        idle, _ = seated_room(server, ["Ken"], ["random"])
        watcher = server.connect(kept)
        server.clock.advance(server.registry.config.lobby_ttl + 1)
        server.tick()
        assert server.registry.config.lobby_ttl <= 600
        assert kept in server.registry.rooms and idle not in server.registry.rooms
        watcher.close()


def test_the_lobby_listing_is_paged_newest_first() -> None:
    with running(lobbies_per_address=100, rooms_burst=100) as server:
        codes = [server.create(host_name="Aiko")["code"] for _ in range(7)][::-1]
        first = server.http.get("/api/rooms", params={"limit": 3}).json()
        second = server.http.get("/api/rooms", params={"limit": 3, "offset": 3}).json()
        last = server.http.get("/api/rooms", params={"limit": 3, "offset": 6}).json()
        assert [r["code"] for r in first + second + last] == codes
        assert len(server.http.get("/api/rooms").json()) == 7  # the default page holds them all
        assert server.http.get("/api/rooms", params={"limit": 10_000}).status_code == 422


def test_connections_per_address_are_capped() -> None:
    with running(connections_per_address=2) as server:
        code, _ = seated_room(server, ["Aiko"], ["random"])
        server.connect(code)
        server.connect(code)
        with pytest.raises(WebSocketDisconnect) as refused:
            server.connect(code)
        assert refused.value.code == 1008
        assert server.registry.connections.held("testclient") == 2


def test_spectators_are_capped_and_come_and_go_without_a_frame_to_everyone() -> None:
    frames: list[tuple[Connection, dict[str, Any]]] = []

    def observe(_room: Room, conn: Connection, data: dict[str, Any]) -> None:
        frames.append((conn, data))

    cap = 30
    with running(max_spectators=cap, connections_per_address=cap + 5, observer=observe) as server:
        code, tokens = seated_room(server, ["Aiko", "Ken"], [])
        players = [server.connect(code, token) for token in tokens.values()]
        frames.clear()
        watchers = [server.connect(code) for _ in range(cap)]
        assert len(frames) == cap and {d["type"] for _, d in frames} == {"snapshot"}  # one each, to the newcomer
        refused = server.connect_refused(code)
        assert refused == ("too_many_spectators", 1013)
        frames.clear()
        for watcher in watchers[: cap // 2]:
            watcher.close()
        pings = 0
        while server.room(code).info().spectators > cap - cap // 2 and pings < 1000:  # until the closes are seen
            players[0].send("ping")
            players[0].wait_type("pong")
            pings += 1
        assert server.room(code).info().spectators == cap - cap // 2
        assert [d["type"] for _, d in frames] == ["pong"] * pings


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"preset": "standard", "variants": {"players": 3}}, "players"),
        ({"preset": "standard", "variants": {"ghost": True}}, "ghost"),
        ({"preset": "standard", "turn_seconds": 1e-9}, "turn_seconds"),
        ({"preset": "standard", "turn_seconds": 4.9}, "turn_seconds"),
    ],
)
def test_bad_room_bodies_get_422_with_a_reason(body: dict[str, Any], field: str) -> None:
    with running() as server:
        response = server.http.post("/api/rooms", json=body)
        assert response.status_code == 422 and field in response.text


def test_non_numbers_and_huge_ids_get_4xx_never_500() -> None:
    with running() as server:
        nan = server.http.post(
            "/api/rooms", content='{"turn_seconds": NaN}', headers={"Content-Type": "application/json"}
        )
        assert nan.status_code == 422
        for game in (2**63, 2**64 + 5, -1, 0):
            assert server.http.get(f"/api/games/{game}").status_code == 422
        assert server.http.get(f"/api/games/{2**63 - 1}").status_code == 404


def test_the_final_move_resent_after_a_reconnect_gets_a_duplicate_ack() -> None:
    with running() as server:
        code, tokens = seated_room(server, ["Aiko"], ["random"], preset="killer", seed=3)
        aiko = server.connect(code, tokens[0])
        watcher = server.connect(code)
        server.start(code, tokens[0])
        play_session({0: aiko}, random_chooser(1), lead=watcher)
        room = server.room(code)
        rounds = sorted(room.logs)
        last_round = rounds[-1]
        mine = [(i + 1, text) for i, (player, text) in enumerate(room.logs[last_round]) if player == 0]
        assert mine, "Aiko made a move in the last round"
        seq, text = mine[-1]
        aiko.close()
        again = server.connect(code, tokens[0])
        ref = again.send("move", round=last_round, seq=seq, action=text)
        ack = again.wait_type("ack")
        assert (ack["ref"], ack["duplicate"], ack["turn"]) == (ref, True, seq)
        again.send("move", round=last_round, seq=seq + 50, action=text)
        assert again.wait_type("error")["code"] == "not_playing"


def test_a_finished_room_survives_a_restart_for_play_again(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'finished.sqlite3'}"
    with running(database_url=url) as server:
        code, tokens = seated_room(server, ["Aiko"], ["random"], preset="killer", seed=4)
        aiko = server.connect(code, tokens[0])
        watcher = server.connect(code)
        server.start(code, tokens[0])
        play_session({0: aiko}, random_chooser(2), lead=watcher)
    with running(database_url=url) as again:
        aiko = again.connect(code, tokens[0])
        assert aiko.room is not None and aiko.room["status"] == "finished"
        aiko.send("rematch")
        aiko.wait_for(lambda f: f["type"] == "room" and f["event"] == "rematch")
        assert again.room(code).game == 2


def test_seat_tokens_never_reach_the_log() -> None:
    record = logging.LogRecord(
        "uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d', ("127.0.0.1:5", "GET",
        "/ws/ABCDEF?token=AbC-123_secret&x=1", "1.1", 101), None,
    )  # fmt: skip
    assert RedactTokens().filter(record)
    assert "AbC-123_secret" not in record.getMessage() and "token=***&x=1" in record.getMessage()
    with server_process("sqlite://", ("--log-level", "info")) as server:
        ticket = httpx.post(f"{server.url}/api/rooms", json={"host_name": "Aiko"}).json()
        with ws_connect(f"ws://{server.address}/ws/{ticket['code']}?token={ticket['token']}") as ws:
            ws.recv(timeout=10)
        server.wait_for("[accepted]")  # uvicorn logs the handshake, with its URL
        assert "token=***" in server.log() and ticket["token"] not in server.log()
