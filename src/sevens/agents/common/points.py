"""The E2 points an agent plays for (RULES.md E2), read from a finished round's result (any 七並べ family).

The table is the rule's (:mod:`sevens.games.points`): 1st +10, 2nd +5, 3rd +2, other finishers 0,
eliminated −5, the player left holding cards (ビリ) −10, joker-stuck −10; a player left holding cards because
everyone else was eliminated or stuck ranks first and scores +10. Killer sevens (Part C) uses the same table.

>>> from sevens.games.shichinarabe.state import Result
>>> result = Result((2, 1, 0, 3), ("left", "finished", "finished", "eliminated"), (2, 0, 0, 0))
>>> [seat_points(result, s) for s in range(4)]
[-10, 5, 10, -5]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from sevens.games.points import points_for_round


class RoundResult(Protocol):
    """What the points need from a family's result: the ranking (best first) and each seat's outcome."""

    @property
    def ranking(self) -> Sequence[int]: ...

    @property
    def outcomes(self) -> Sequence[str]: ...


def seat_points(result: RoundResult, seat: int) -> int:
    """E2 points of ``seat`` for the round that ended with ``result``."""
    return points_for_round(result.ranking, result.outcomes)[seat]


def seat_value(result: RoundResult, seat: int, win_bonus: float) -> float:
    """What a search's playout is worth to ``seat``: its E2 points, plus ``win_bonus`` if it ranks first."""
    points = seat_points(result, seat)
    return points + win_bonus if result.ranking[0] == seat else points
