"""Players and seats: ``player`` numbers a session's players (0…n−1) and never changes; ``seat`` numbers the seats
of the round being played.

They differ when Seven Twenty-Seven deals only players who have chips (``plan_seats[deal seat] = player``) and
after a ghost swap in Shichi-narabe (B13: ``state.occupants``).

>>> plan_seats = (0, 2, 3)  # player 1 has no chips left and was not dealt in
>>> start_seat(plan_seats, 2), start_seat(plan_seats, 1), player_at(plan_seats, object(), 1)
(1, None, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def start_seat(plan_seats: Sequence[int], player: int) -> int | None:
    """The seat ``player`` was dealt into this round, or ``None``."""
    try:
        return list(plan_seats).index(player)
    except ValueError:
        return None


def seat_of(plan_seats: Sequence[int], state: Any, player: int) -> int | None:
    """The seat ``player`` plays now (after any ghost swap), or ``None`` when not dealt in."""
    start = start_seat(plan_seats, player)
    if start is None:
        return None
    occupants = getattr(state, "occupants", None)
    return start if occupants is None else list(occupants).index(start)


def player_at(plan_seats: Sequence[int], state: Any, seat: int) -> int:
    """The player who plays ``seat`` now."""
    occupants = getattr(state, "occupants", None)
    return plan_seats[seat if occupants is None else occupants[seat]]


__all__ = ["player_at", "seat_of", "start_seat"]
