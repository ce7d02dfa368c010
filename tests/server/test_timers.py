"""Time limits (E4) enforced by the server on an injected clock, the grace period after a disconnection, computer
players who take over and hand back, and reconnection with the seat token. Time moves only by
``clock.advance`` and ``server.tick()``: nothing sleeps."""

from __future__ import annotations

from typing import Any

import pytest

from sevens.server.connection import CLOSE_REPLACED
from sevens.session.clock import default_action

from .harness import Client, Closed, Server, running, seated_room

NAMES = ["Aiko", "Ken", "Mei", "Sora"]


def started(server: Server, **body: Any) -> tuple[str, dict[int, str], dict[int, Client]]:
    code, tokens = seated_room(server, NAMES, preset="standard", seed=7, **body)
    clients = {p: server.connect(code, t) for p, t in tokens.items()}
    server.start(code, tokens[0])
    for client in clients.values():
        client.wait_type("round_start")
    return code, tokens, clients


def to_move(clients: dict[int, Client]) -> int:
    game = next(iter(clients.values())).game
    assert game is not None
    player: int = game.seat_players[game.view["to_move"]]
    return player


def quiet(client: Client) -> None:
    """Nothing else is pending for ``client``: a ping is answered before any other frame."""
    client.send("ping")
    assert client.wait_for(lambda f: f["type"] != "room")["type"] == "pong"


def test_the_turn_clock_plays_the_default_action_when_time_runs_out() -> None:
    with running() as server:
        code, _tokens, clients = started(server, turn_seconds=10)
        mover = clients[to_move(clients)]
        assert mover.game is not None
        legal = mover.game.view["legal_actions"]
        watcher = clients[(to_move(clients) + 1) % 4]
        snapshot = watcher.frames[-1]
        assert snapshot["game"]["clock"]["limit"] == 10
        server.clock.advance(9.9)
        server.tick()
        quiet(watcher)
        server.clock.advance(0.2)
        server.tick()
        frame = watcher.wait_type("action")
        assert (frame["by"], frame["action"], frame["turn"]) == ("timeout", default_action(legal), 1)
        seat = frame["view"]["history"][0][0]
        timed_out = {"seat": seat, "key": "event.timeout_pass", "params": {"seat": seat}}
        assert frame["view"]["log"][0] == timed_out  # the log says a pass was spent by the clock (E4)
        assert frame["clock"]["seconds"] == 10 and frame["clock"]["player"] == to_move({0: watcher})
        assert len(server.room(code).state.actions) == 1


def test_a_disconnected_player_keeps_the_seat_then_a_bot_plays_until_they_return() -> None:
    with running() as server:
        code, tokens, clients = started(server)
        away = to_move(clients)
        clients[away].close()
        watcher = clients[(away + 1) % 4]
        left = watcher.wait_for(lambda f: f["type"] == "room" and f["event"] == "disconnected")
        assert left["room"]["members"][away]["connected"] is False
        server.clock.advance(29)
        server.tick()
        quiet(watcher)
        server.clock.advance(1)
        server.tick()
        auto = watcher.wait_for(lambda f: f["type"] == "room" and f["event"] == "auto")
        assert auto["player"] == away and auto["room"]["members"][away]["auto"] is True
        frame = watcher.wait_type("action")
        assert (frame["player"], frame["by"]) == (away, "auto")
        # the player comes back: a full snapshot of the same game, their own hand, and the seat is theirs again
        back = server.connect(code, tokens[away])
        snapshot = back.frames[-1]
        assert snapshot["you"] == {"player": away, "seat": away, "host": away == 0, "role": "player"}
        room = server.room(code)
        assert snapshot["game"]["turn"] == len(room.state.actions)
        assert snapshot["game"]["view"]["hand"] == room.state.view(away).to_dict()["hand"]
        assert room.members[away].auto is False
        # from now on nobody plays for them: when their turn comes, the room waits
        clients[away] = back
        for other in clients.values():
            other.catch_up(0, 1)
        for _ in range(12):
            mover = to_move(clients)
            if mover == away:
                break
            client = clients[mover]
            game = next(iter(clients.values())).game
            assert game is not None
            client.catch_up(game.round, game.turn)
            assert client.game is not None
            client.move(client.game.view["legal_actions"][0])
            for other in clients.values():
                other.catch_up(game.round, game.turn + 1)
        assert to_move(clients) == away
        quiet(back)
        assert back.game is not None and back.game.my_turn


def test_a_new_connection_for_a_seat_replaces_the_old_one() -> None:
    with running() as server:
        code, tokens, clients = started(server)
        again = server.connect(code, tokens[2])
        closed = clients[2].closed_with()
        assert closed.code == CLOSE_REPLACED and "newer connection" in closed.reason
        again.send("ping")
        assert again.wait_type("pong")["type"] == "pong"


def test_unknown_rooms_and_tokens_get_an_error_frame_then_a_close() -> None:
    with running() as server:
        code, _tokens, _clients = started(server)
        for path, expected in ((("ZZZZZZ", None), "unknown_room"), ((code, "not-a-token"), "bad_token")):
            stack_code, token = path
            with pytest.raises(Closed) as closed:
                server.connect(stack_code, token)
            assert closed.value.code in (4404, 4401)
            assert expected  # the error frame came first: see test_security for its content
