"""Hostile input: malformed, oversized, binary and out-of-turn messages each get an error frame while the room
keeps serving; floods are rate limited and finally closed with a reason; unknown rooms and tokens are told
why before the close."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevens.server.connection import CLOSE_BAD_TOKEN, CLOSE_POLICY, CLOSE_UNKNOWN_ROOM
from sevens.server.messages import MESSAGE_TYPES

from .harness import Client, Closed, InProcessTransport, Server, running, seated_room

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
NOT_TYPES = st.text(max_size=12).filter(lambda t: t not in MESSAGE_TYPES)


def invalid_objects() -> st.SearchStrategy[str]:
    """JSON that is never a valid message: wrong version, unknown type, extra or ill-typed fields."""
    wrong_version = st.builds(lambda v, t: {"v": v, "type": t}, JSON_VALUES.filter(lambda v: v != 1 or v is True),
                              st.sampled_from(MESSAGE_TYPES))  # fmt: skip
    unknown_type = st.builds(lambda t: {"v": 1, "type": t}, NOT_TYPES | JSON_VALUES)
    extra_field = st.builds(lambda t, extra: {"v": 1, "type": t, "zz_extra": extra}, st.sampled_from(MESSAGE_TYPES),
                            JSON_VALUES)  # fmt: skip
    bad_move = st.fixed_dictionaries(
        {"v": st.just(1), "type": st.just("move")},
        optional={"round": JSON_VALUES, "seq": st.integers(-5, 0) | st.text(max_size=3), "action": JSON_VALUES},
    )
    bad_chat = st.builds(lambda n: {"v": 1, "type": "chat", "text": "x" * n}, st.integers(201, 1500)) | st.just(
        {"v": 1, "type": "chat"}
    )
    return st.one_of(wrong_version, unknown_type, extra_field, bad_move, bad_chat).map(json.dumps)


def garbage() -> st.SearchStrategy[str | bytes]:
    """Text that is not a JSON object, oversized frames, deep nesting and binary frames."""
    not_json = st.text(max_size=60).filter(lambda t: not t.strip().startswith("{"))
    scalars = JSON_VALUES.filter(lambda v: not isinstance(v, dict)).map(json.dumps)
    oversized = st.integers(4097, 12000).map(lambda n: json.dumps({"v": 1, "type": "chat", "text": "x" * n}))
    wide = st.integers(1400, 3000).map(lambda n: json.dumps({"v": 1, "type": "chat", "text": "あ" * n}))
    deep = st.integers(500, 2040).map(lambda n: "[" * n + "]" * n)
    return st.one_of(not_json, scalars, oversized, wide, deep, st.binary(min_size=1, max_size=64))


def refused_moves(other: Client) -> st.SearchStrategy[str]:
    """Valid messages the room refuses from a player who is not to move, or not the host."""

    def out_of_turn(action: str) -> str:
        assert other.game is not None
        return json.dumps({"v": 1, "type": "move", "round": 0, "seq": other.game.turn + 1, "action": action})

    actions = st.sampled_from(["pass", "7h", "Jk+9h", "ghost 0 1", "8s", "Kc", "swap 8h", "bet", "take"])
    host_only = st.sampled_from(["start", "rematch"]).map(lambda t: json.dumps({"v": 1, "type": t}))
    kick = st.integers(0, 3).map(lambda p: json.dumps({"v": 1, "type": "kick", "player": p}))
    return st.one_of(actions.map(out_of_turn), host_only, kick)


def started(server: Server) -> tuple[Client, Client]:
    code, tokens = seated_room(server, ["Aiko", "Ken", "Mei", "Sora"], preset="standard", seed=2)
    clients = {p: server.connect(code, t) for p, t in tokens.items()}
    server.start(code, tokens[0])
    for client in clients.values():
        client.wait_type("round_start")
    game = clients[0].game
    assert game is not None
    mover = clients[game.seat_players[game.view["to_move"]]]
    other = next(c for p, c in clients.items() if c is not mover and p != 0)  # not the host either
    return mover, other


def test_every_bad_message_gets_an_error_frame_and_the_room_keeps_serving() -> None:
    with running() as server:
        mover, other = started(server)
        codes: set[str] = set()

        @settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
        @given(message=st.one_of(invalid_objects(), garbage(), refused_moves(other)))
        def check(message: str | bytes) -> None:
            if isinstance(message, bytes):
                other.send_bytes(message)
            else:
                other.send_raw(message)
            frame = other.recv()
            assert frame["type"] == "error", (message[:200], frame)
            assert frame["message"] and frame["v"] == 1
            codes.add(frame["code"])
            if frame["code"] in ("stale", "ahead"):
                assert other.recv()["type"] == "snapshot"

        check()
        assert {"bad_json", "invalid", "version", "unknown_type", "too_large", "binary", "not_your_turn",
                "not_host"} <= codes  # fmt: skip
        assert mover.game is not None
        mover.move(mover.game.view["legal_actions"][0])
        assert mover.wait_type("ack")["turn"] == 1
        other.catch_up(0, 1)
        other.send("ping")
        assert other.wait_type("pong")["type"] == "pong"


def test_size_limit_counts_bytes() -> None:
    with running() as server:
        _mover, other = started(server)
        head = json.dumps({"v": 1, "type": "ping", "id": 1})
        fits = head + " " * (4096 - len(head))
        assert len(fits.encode()) == 4096
        other.send_raw(fits)
        assert other.recv()["type"] == "pong"
        other.send_raw(fits + " ")
        assert other.recv()["code"] == "too_large"


def test_a_flood_is_rate_limited_then_closed_with_a_reason() -> None:
    with running(messages_per_second=1.0, message_burst=5, rate_strikes=3) as server:
        _mover, other = started(server)
        answers: list[dict[str, Any]] = []
        for _ in range(8):
            other.send("ping")
            answers.append(other.recv())
        assert [a["type"] for a in answers] == ["pong"] * 5 + ["error"] * 3
        assert answers[-1]["code"] == "rate_limited"
        other.send("ping")
        closed = other.closed_with()
        assert closed.code == CLOSE_POLICY and "rate limit" in closed.reason


def test_unknown_rooms_and_tokens_are_told_why_then_closed() -> None:
    with running() as server:
        code, _tokens = seated_room(server, ["Aiko"], ["random"], preset="standard")
        for path, expected, close in (("/ws/ZZZZZZ", "unknown_room", CLOSE_UNKNOWN_ROOM),
                                      (f"/ws/{code}?token=forged", "bad_token", CLOSE_BAD_TOKEN)):  # fmt: skip
            with ExitStack() as stack:
                client = Client(InProcessTransport(stack.enter_context(server.http.websocket_connect(path))), stack)
                frame = client.recv()
                assert (frame["type"], frame["code"]) == ("error", expected)
                try:
                    client.recv()
                except Closed as closed:
                    assert closed.code == close and closed.reason
                else:
                    raise AssertionError("the connection stayed open")
