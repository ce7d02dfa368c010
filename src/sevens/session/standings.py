"""The standings of a session (E1): places by session total, highest first, ties sharing a place.

This is the one place that ranks a session, for every front-end: the server sends :func:`session_standings` in
its frames and replays (the page shows what it was sent, never recomputes), the terminal and the profiles use
:func:`session_places`. The tie rule (docs/decisions.md): equal totals share the better place (1, 2, 2, 4) and
nothing else breaks the tie (stars are earned by people only, E3: breaking ties by them would always put a
person above a computer with the same total); tied players are listed in seat order.

>>> session_places([12, 25, 12, -5])
[2, 1, 2, 4]
>>> session_order([12, 25, 12, -5])
[1, 0, 2, 3]
>>> session_winners([20, 20, 3])
[0, 1]
>>> [s.to_dict() for s in session_standings([5, 20], [3, 0])]
[{'player': 1, 'place': 1, 'total': 20, 'stars': 0}, {'player': 0, 'place': 2, 'total': 5, 'stars': 3}]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Standing:
    """One player's line of the session's standings: ``place`` (1 = best; tied totals share it), the session
    ``total`` (points, or chips in Seven Twenty-Seven) and the session's ``stars``."""

    player: int
    place: int
    total: int
    stars: int

    def to_dict(self) -> dict[str, int]:
        """JSON-ready form."""
        return asdict(self)


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


def session_standings(totals: Sequence[int], stars: Sequence[int]) -> list[Standing]:
    """Every player best first: place, session total and session stars (``stars`` lines up with ``totals``)."""
    if len(stars) != len(totals):
        raise ValueError(f"stars for {len(stars)} players but totals for {len(totals)}: give one of each per player")
    places = session_places(totals)
    return [Standing(seat, places[seat], totals[seat], stars[seat]) for seat in session_order(totals)]


def standings_of_rounds(
    points: Sequence[Sequence[int]], stars: Sequence[Sequence[int]], players: int
) -> list[Standing]:
    """The standings after the given rounds (each round's points and stars per player, in the same order)."""
    totals = [sum(round_points[p] for round_points in points) for p in range(players)]
    earned = [sum(round_stars[p] for round_stars in stars) for p in range(players)]
    return session_standings(totals, earned)


__all__ = [
    "Standing", "session_order", "session_places", "session_standings", "session_winners", "standings_of_rounds",
]  # fmt: skip
