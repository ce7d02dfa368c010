"""A broadcast's frames with the move log shared between seats (``SharedLogs``, ``encode_frame``) are exactly the
frames each seat got before: the same bytes as ``json.dumps`` of the view built alone, for every family, every
seat and the public view, at every move of random rounds, with moves made by the turn clock (E4) among them."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.games.registry import family_of
from sevens.server.messages import frame
from sevens.server.views import SharedLogs, encode_frame, public_view, seat_view

from .rounds import positions


def _plain(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _frames(family: str, state: Any, timeouts: set[int], shared: SharedLogs | None) -> list[dict[str, Any]]:
    """An ``action`` frame per seat and the spectators', and a ``round_start``-like frame (view inside ``game``)."""
    seats: list[int | None] = [*range(state.players), None]
    out = []
    for seat in seats:
        view = (
            public_view(family, state, timeouts, shared)
            if seat is None
            else seat_view(family, state, seat, timeouts, shared)
        )
        out.append(frame("action", 7, round=0, turn=len(state.actions), you_seat=seat, view=view))
    view = seat_view(family, state, 0, timeouts, shared)
    out.append(frame("round_start", 8, game={"round": 0, "you_seat": 0, "view": view, "over": False}))
    return out


@settings(max_examples=12, deadline=None)
@given(preset=st.sampled_from(["standard", "joker", "killer", "seven27"]), seed=st.integers(0, 2**31 - 1))
def test_shared_logs_encode_the_same_bytes_as_each_view_alone(preset: str, seed: int) -> None:
    for family, state, timeouts in positions(preset, seed):
        alone = [_plain(data) for data in _frames(family, state, timeouts, None)]
        shared = SharedLogs()
        assert [encode_frame(data, shared) for data in _frames(family, state, timeouts, shared)] == alone


def test_seats_with_one_history_share_one_log_encoded_once() -> None:
    family = family_of("standard")
    state = family.new_state(family.presets["standard"], 3)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    shared = SharedLogs()
    frames = _frames(family.name, state, set(), shared)
    logs = {id(data["view"]["log"]) for data in frames if "view" in data}
    assert len(logs) == 1  # the four seats and the spectators: Shichi-narabe's history is public
    for data in frames:
        encode_frame(data, shared)
    assert len(shared.encoded) == 1


def test_a_frame_without_a_view_is_encoded_as_is() -> None:
    data = frame("round_over", 3, session_over=True, text="\x00 ünïcode")
    assert encode_frame(data, SharedLogs()) == _plain(data)
