"""The E2 points an agent plays for (RULES.md E2), read from a finished round's result (any 七並べ family).

1st +10, 2nd +5, 3rd +2, other finishers 0, eliminated −5, the player left holding cards (ビリ) −10,
joker-stuck −10. After a stalemate the last-placed of the players still holding cards is the ビリ and the
others score by their place, as the session's scoring table does. Killer sevens (Part C) uses the same table
by place. (Agents sit below sessions in the layers, so they keep this small copy of the default table.)

One reading differs on purpose: a player left holding cards *because everyone else was eliminated* ranks
first (B12) and scores the first place's +10 here, not the ビリ's −10. Otherwise an agent maximising points
would rather be eliminated (−5) than outlast every other player.

>>> from sevens.games.shichinarabe.state import Result
>>> result = Result((2, 1, 0, 3), ("left", "finished", "finished", "eliminated"), (2, 0, 0, 0))
>>> [seat_points(result, s) for s in range(4)]
[-10, 5, 10, -5]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

PLACE_POINTS = (10, 5, 2)
OTHER_FINISHER = 0
ELIMINATED = -5
LAST = -10
JOKER_STUCK = -10


class RoundResult(Protocol):
    """What the points need from a family's result: the ranking (best first) and each seat's outcome."""

    @property
    def ranking(self) -> Sequence[int]: ...

    @property
    def outcomes(self) -> Sequence[str]: ...


def seat_points(result: RoundResult, seat: int) -> int:
    """E2 points of ``seat`` for the round that ended with ``result``."""
    outcome = result.outcomes[seat]
    if outcome == "eliminated":
        return ELIMINATED
    if outcome == "joker_stuck":
        return JOKER_STUCK
    if outcome in ("left", "stalemate"):
        holders = [s for s in result.ranking if result.outcomes[s] in ("left", "stalemate")]
        if seat == holders[-1] and result.ranking[0] != seat:
            return LAST
    place = result.ranking.index(seat)
    return PLACE_POINTS[place] if place < len(PLACE_POINTS) else OTHER_FINISHER
