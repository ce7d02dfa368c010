"""Sequence numbers: a repeated move is applied once (every copy acknowledged), a stale or early one is refused
with a snapshot, and moves out of turn or against the rules get an error frame while the room plays on."""

from __future__ import annotations

from typing import Any

from .harness import Client, Server, running, seated_room

NAMES = ["Aiko", "Ken", "Mei", "Sora"]


def four_players(server: Server, **body: Any) -> tuple[str, dict[int, Client]]:
    code, tokens = seated_room(server, NAMES, preset="standard", seed=7, **body)
    clients = {p: server.connect(code, t) for p, t in tokens.items()}
    server.start(code, tokens[0])
    for client in clients.values():
        client.wait_type("round_start")
    return code, clients


def mover_of(clients: dict[int, Client]) -> Client:
    game = next(iter(clients.values())).game
    assert game is not None
    return clients[game.seat_players[game.view["to_move"]]]


def test_a_repeated_move_is_applied_once_and_acknowledged_each_time() -> None:
    with running() as server:
        code, clients = four_players(server)
        mover = mover_of(clients)
        assert mover.game is not None
        action = mover.game.view["legal_actions"][0]
        first = mover.move(action, seq=1)
        again = mover.move(action, seq=1)
        ack1 = mover.wait_type("ack")
        ack2 = mover.wait_type("ack")
        assert (ack1["ref"], ack1["duplicate"]) == (first, False)
        assert (ack2["ref"], ack2["duplicate"], ack2["turn"], ack2["action"]) == (again, True, 1, action)
        assert len(server.room(code).state.actions) == 1
        room = server.room(code)
        round_id = room.round_id
        assert round_id is not None
        assert server.store(lambda store: store.get_round(round_id)).actions == [action]
        other = clients[(mover.you or {})["player"] ^ 1]
        actions = [f for f in [other.wait_type("action")] if f["type"] == "action"]
        assert [a["turn"] for a in actions] == [1]
        other.send("ping")
        assert other.wait_for(lambda f: f["type"] in ("pong", "action"))["type"] == "pong"  # no second action


def test_a_stale_move_is_refused_with_a_snapshot() -> None:
    with running() as server:
        _code, clients = four_players(server)
        mover = mover_of(clients)
        assert mover.game is not None
        mover.move(mover.game.view["legal_actions"][0])
        mover.wait_type("ack")
        other = next(c for c in clients.values() if c is not mover)
        ref = other.send("move", round=0, seq=1, action="pass")  # move 1 was someone else's
        error = other.wait_type("error")
        assert (error["code"], error["ref"]) == ("stale", ref)
        snapshot = other.wait_type("snapshot")
        assert snapshot["reason"] == "stale" and snapshot["game"]["turn"] == 1


def test_a_move_from_the_future_is_refused_with_a_snapshot() -> None:
    with running() as server:
        _code, clients = four_players(server)
        mover = mover_of(clients)
        assert mover.game is not None
        mover.move(mover.game.view["legal_actions"][0], seq=5)
        assert mover.wait_type("error")["code"] == "ahead"
        assert mover.wait_type("snapshot")["game"]["turn"] == 0
        mover.move(mover.game.view["legal_actions"][0], round=3, seq=1)
        assert mover.wait_type("error")["code"] == "ahead"


def test_out_of_turn_illegal_and_unreadable_moves_get_an_error_and_change_nothing() -> None:
    with running() as server:
        code, clients = four_players(server)
        mover = mover_of(clients)
        other = next(c for c in clients.values() if c is not mover)
        assert mover.game is not None
        other.move("pass")
        refused = other.wait_type("error")
        assert refused["code"] == "not_your_turn" and refused["reason_key"] == "refusal.not_your_turn"
        assert refused["params"]["to_move_seat"] == mover.game.view["to_move"]
        hand = set(mover.game.view["hand"])
        legal = set(mover.game.view["legal_actions"])
        not_playable = sorted(hand - legal)[0]
        mover.move(not_playable)
        error = mover.wait_type("error")
        assert error["code"] == "illegal" and not_playable in error["message"]
        # the page says it in the player's language from the key, the parameters and the legal actions
        assert error["reason_key"] in ("refusal.not_next_to_open_end", "refusal.seven_missing")
        assert error["params"]["action"] == not_playable and set(error["params"]["legal"]) == legal
        mover.move("7x")
        unreadable = mover.wait_type("error")
        assert unreadable["code"] == "bad_action" and unreadable["reason_key"] == "refusal.not_understood"
        mover.move("ghost 1 0")
        assert mover.wait_type("error")["reason_key"] == "refusal.ghost_by_chat"
        assert len(server.room(code).state.actions) == 0
        mover.move(sorted(legal)[0])
        assert mover.wait_type("ack")["turn"] == 1


def test_spectators_cannot_move_and_the_lobby_has_no_game() -> None:
    with running() as server:
        code, tokens = seated_room(server, NAMES[:2], preset="standard")
        player = server.connect(code, tokens[0])
        player.send("move", round=0, seq=1, action="pass")
        assert player.wait_type("error")["code"] == "not_playing"
        spectator = server.connect(code)
        spectator.send("move", round=0, seq=1, action="pass")
        assert spectator.wait_type("error")["code"] == "not_player"
        spectator.send("start")
        assert spectator.wait_type("error")["code"] == "not_host"
