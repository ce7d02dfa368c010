"""The standings of a session (E1): places by session total, highest first, ties sharing a place.

Every front-end names the session's winner from these, never from the last round's order.

>>> session_places([12, 25, 12, -5])
[2, 1, 2, 4]
>>> session_order([12, 25, 12, -5])
[1, 0, 2, 3]
>>> session_winners([20, 20, 3])
[0, 1]
"""

from __future__ import annotations

from collections.abc import Sequence


def session_order(totals: Sequence[int]) -> list[int]:
    """Seats from the highest session total to the lowest; equal totals keep seat order."""
    return sorted(range(len(totals)), key=lambda seat: -totals[seat])


def session_places(totals: Sequence[int]) -> list[int]:
    """Each seat's place (1 = best) by session total; equal totals share the better place (1, 2, 2, 4)."""
    return [1 + sum(other > total for other in totals) for total in totals]


def session_winners(totals: Sequence[int]) -> list[int]:
    """The seats with the highest session total (more than one on a tie)."""
    places = session_places(totals)
    return [seat for seat, place in enumerate(places) if place == 1]


__all__ = ["session_order", "session_places", "session_winners"]
