"""The E2 points table (RULES.md E2, seed 003 §8), configurable, applied to a finished round's ranking.

Points go by place and by how a player left: 1st +10, 2nd +5, 3rd +2 and other finishers 0 for players who
finished; an eliminated player −5; the player left holding cards at the end (ビリ) −10; a joker-stuck
player −10. After a stalemate (B11) several players hold cards: the last-placed of them is the ビリ (−10),
the others score by their place like finishers. A player left holding cards who ranks first, because every
other player was eliminated or stuck, outlasted everyone: 1st, +10, not the ビリ. Killer Sevens uses the same
table by place (C8) with no ビリ (``last_pays=False``): cards held at a stalemate already count as dead (C7),
so a player who did not go out scores by their place.

It is a rule, so it lives with the engines: sessions total it, agents play for it (both above this layer).

>>> points_for_round(ranking=(2, 1, 3, 0), outcomes=("eliminated", "finished", "finished", "left"))
[-5, 5, 10, -10]
>>> points_for_round(ranking=(0, 3, 1, 2), outcomes=("left", "eliminated", "joker_stuck", "eliminated"))
[10, -5, -10, -5]
>>> points_for_round((3, 2, 0, 1), ("finished", "finished", "stalemate", "finished"), last_pays=False)
[2, 0, 5, 10]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PointsTable:
    by_place: tuple[int, ...] = (10, 5, 2)  # places beyond the table score ``other``
    other: int = 0
    eliminated: int = -5
    last: int = -10  # ビリ: the player left holding cards
    joker_stuck: int = -10


DEFAULT_TABLE = PointsTable()
_LAST_OUTCOMES = ("left", "stalemate")


def points_for_round(
    ranking: Sequence[int], outcomes: Sequence[str], table: PointsTable = DEFAULT_TABLE, last_pays: bool = True
) -> list[int]:
    """Points per seat for one finished round, given its ranking (best first) and each seat's outcome;
    ``last_pays`` is whether the last-placed player left holding cards is the ビリ (七並べ; not Killer)."""
    points = [0] * len(ranking)
    holders = [seat for seat in ranking if outcomes[seat] in _LAST_OUTCOMES] if last_pays else []
    last = holders[-1] if holders else None
    for place, seat in enumerate(ranking, start=1):
        points[seat] = _points_for(table, place, outcomes[seat], seat == last and place > 1)
    return points


def _points_for(table: PointsTable, place: int, outcome: str, pays_last: bool) -> int:
    """One seat's points: an elimination or a stuck joker pays its own, the ビリ pays ``last``, others by place."""
    if outcome == "eliminated":
        return table.eliminated
    if outcome == "joker_stuck":
        return table.joker_stuck
    if pays_last:
        return table.last
    return table.by_place[place - 1] if place <= len(table.by_place) else table.other


__all__ = ["DEFAULT_TABLE", "PointsTable", "points_for_round"]
