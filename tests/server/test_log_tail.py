"""The move log in tail form (``/ws/CODE?log=tail``, docs/protocol.md): a connection that asks for it gets, in
each broadcast, the view without ``history`` and only the log entries it lacks (from ``log_from`` on). Put
together as the web page does, its log is at every frame exactly the whole log a ``log=full`` connection of the
same seat gets, in every family, for players and spectators, across reconnections; its frames stay small."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.server.messages import frame
from sevens.server.views import SharedLogs, public_view, seat_view, tail_frame
from sevens.session.log import LogEntry

from .harness import Client, Server, next_log, play_session, random_chooser, running, seated_room
from .rounds import positions


@settings(max_examples=12, deadline=None)
@given(preset=st.sampled_from(["standard", "joker", "killer", "seven27"]), seed=st.integers(0, 2**31 - 1))
def test_tails_put_together_are_the_whole_log_at_every_move(preset: str, seed: int) -> None:
    client_logs: dict[int | None, list[Any] | None] = {}  # what each seat's client has
    server_logs: dict[int | None, list[Any] | None] = {}  # what the server says it has
    for family, state, timeouts in positions(preset, seed):
        shared = SharedLogs()
        for seat in [*range(state.players), None]:
            view = (
                public_view(family, state, timeouts, shared)
                if seat is None
                else seat_view(family, state, seat, timeouts, shared)
            )
            whole: list[LogEntry] = view["log"]
            short, after = tail_frame(frame("action", 1, view=view), server_logs.get(seat), shared)
            sent = json.loads(json.dumps(short))["view"]  # what crosses the wire
            assert "history" not in sent and set(sent) - {"log_from"} == set(view) - {"history"}
            before = client_logs.get(seat) or []
            client_logs[seat] = next_log(before, {"view": sent})
            server_logs[seat] = after
            assert client_logs[seat] == whole and after is whole
            start = sent["log_from"]  # the first entry the client lacks or has otherwise (a showdown reveals cards)
            assert start == len(before) or start == len(whole) or before[start] != whole[start]


def test_a_tail_in_a_game_frame_and_a_frame_without_a_view() -> None:
    entries: list[LogEntry] = [{"seat": s, "key": "log.pass", "params": {"seat": s}} for s in range(3)]
    game = frame("round_start", 2, game={"round": 1, "view": {"history": [[0, "pass"]], "log": entries}})
    short, log = tail_frame(game, entries[:1], SharedLogs())
    assert short["game"]["view"] == {"log": entries[1:], "log_from": 1} and short["game"]["round"] == 1
    assert log is entries and game["game"]["view"]["history"] == [[0, "pass"]]  # the frame built is untouched
    other: list[LogEntry] = [{"seat": 0, "key": "log.play", "params": {"seat": 0, "card": "7h"}}]
    assert tail_frame(game, other, SharedLogs())[0]["game"]["view"]["log_from"] == 0  # a new round: all of it
    plain = frame("round_over", 3, session_over=True)
    assert tail_frame(plain, entries, SharedLogs()) == (plain, None)


def _actions(client: Client) -> dict[tuple[int, int], dict[str, Any]]:
    return {(f["round"], f["turn"]): f for f in client.frames if f["type"] == "action"}


def _session(server: Server, preset: str, variants: dict[str, Any], bots: list[str], log: str | None) -> (
    tuple[dict[int, Client], list[Client]]
):  # fmt: skip
    """A session of three players and ``bots`` on one seed, the same random choices, every client with
    ``log``; spectators follow it, one of them reconnecting after ten moves. Returns the players and the
    spectators' connections (the one dropped included, with the frames it read)."""
    names = ["Aiko", "Ken", "Mei"][: 4 - len(bots) - (preset == "seven27")]
    code, tokens = seated_room(server, names, bots, preset=preset, variants=variants, rounds=2, seed=5)
    players = {p: server.connect(code, token, log=log) for p, token in tokens.items()}
    watchers = [server.connect(code, log=log), server.connect(code, log=log)]
    server.start(code, tokens[0])
    pick, moves = random_chooser(3), 0

    def choose(client: Client) -> str:
        nonlocal moves
        moves += 1
        if moves == 10:  # the second spectator reads what it was sent, drops out and comes back
            game = client.game
            assert game is not None
            watchers[1].catch_up(game.round, game.turn)
            watchers[1].close()
            watchers.append(server.connect(code, log=log))
        return pick(client)

    play_session(players, choose, lead=watchers[0])
    for client in [*players.values(), *watchers[:1], *watchers[2:]]:
        while not client.session_over:
            client.recv()
    return players, watchers


@pytest.mark.parametrize(("preset", "variants", "bots"), [
    ("standard", {}, ["greedy"]), ("killer", {"dead_cards_visible": False}, ["greedy"]), ("seven27", {}, []),
])  # fmt: skip
def test_a_tail_client_has_at_every_frame_the_log_a_full_client_has(
    preset: str, variants: dict[str, Any], bots: list[str]
) -> None:
    with running() as server:
        full_players, full_watchers = _session(server, preset, variants, bots, None)
        tail_players, tail_watchers = _session(server, preset, variants, bots, "tail")
    pairs = [(full_players[p], tail_players[p]) for p in full_players]
    pairs += [(full_watchers[0], tail) for tail in tail_watchers]
    checked = 0
    for full, tail in pairs:
        whole = _actions(full)
        log: list[dict[str, Any]] = []
        for data in tail.frames:  # the log as the client put it together, replayed frame by frame
            log = next_log(log, data)
            if data["type"] != "action":
                continue
            view = data["view"]
            assert "history" not in view and isinstance(view["log_from"], int)
            twin = whole[data["round"], data["turn"]]
            assert data["action"] == twin["action"] and log == twin["view"]["log"]
            assert len(json.dumps(data)) < len(json.dumps(twin))
            checked += 1
        assert tail.log == full.log or tail is tail_watchers[1]
    assert checked > 50


def test_an_unknown_log_mode_is_refused_with_what_is_allowed() -> None:
    with running() as server:
        code, _ = seated_room(server, ["Aiko", "Ken"])
        with server.http.websocket_connect(f"/ws/{code}?log=delta") as ws:
            error = json.loads(ws.receive_text())
            closed = ws.receive()
        assert error["code"] == "bad_request" and "full or tail" in error["message"] and "'delta'" in error["message"]
        assert closed["code"] == 1008
