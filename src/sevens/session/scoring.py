"""The E2 points table (seed 003 §8), configurable, applied to a finished round's result.

Points go by place and by how a player left: 1st +10, 2nd +5, 3rd +2 and other finishers 0 for players who
finished; an eliminated player −5; the player left holding cards at the end (ビリ) −10; a joker-stuck
player −10. After a stalemate (B11) several players hold cards: the last-placed of them is the ビリ (−10),
the others score by their place like finishers. A player left holding cards who ranks first, because every
other player was eliminated or stuck, outlasted everyone: 1st, +10, not the ビリ. Killer Sevens uses the same
table by place (C8).

>>> points_for_round(ranking=(2, 1, 3, 0), outcomes=("eliminated", "finished", "finished", "left"))
[-5, 5, 10, -10]
>>> points_for_round(ranking=(0, 3, 1, 2), outcomes=("left", "eliminated", "joker_stuck", "eliminated"))
[10, -5, -10, -5]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sevens.games.base import Family


@dataclass(frozen=True, slots=True)
class PointsTable:
    by_place: tuple[int, ...] = (10, 5, 2)  # places beyond the table score ``other``
    other: int = 0
    eliminated: int = -5
    last: int = -10  # ビリ: the player left holding cards
    joker_stuck: int = -10

    def place_points(self, place: int) -> int:
        """Points for finishing in ``place`` (1-based)."""
        return self.by_place[place - 1] if place <= len(self.by_place) else self.other


DEFAULT_TABLE = PointsTable()
_LAST_OUTCOMES = ("left", "stalemate")


def points_for_round(ranking: Sequence[int], outcomes: Sequence[str], table: PointsTable = DEFAULT_TABLE) -> list[int]:
    """Points per seat for one finished round, given its ranking (best first) and each seat's outcome."""
    points = [0] * len(ranking)
    holders = [seat for seat in ranking if outcomes[seat] in _LAST_OUTCOMES]
    for place, seat in enumerate(ranking, start=1):
        outcome = outcomes[seat]
        if outcome == "eliminated":
            points[seat] = table.eliminated
        elif outcome == "joker_stuck":
            points[seat] = table.joker_stuck
        elif holders and seat == holders[-1] and place > 1:
            points[seat] = table.last
        else:
            points[seat] = table.place_points(place)
    return points


def round_points(family: Family, state: Any, table: PointsTable = DEFAULT_TABLE) -> list[int]:
    """Points per seat for a finished round of any family: E2 by place and outcome, or chips won for the
    families that score in chips (their ``seat_stats`` report ``chip_delta``)."""
    if family.seat_stats is not None:
        stats = family.seat_stats(state)
        if "chip_delta" in stats:
            return list(stats["chip_delta"])
    result = state.result().to_dict()
    return points_for_round(result["ranking"], round_outcomes(result, state.players), table)


def round_outcomes(result: dict[str, Any], players: int) -> list[str]:
    """Each seat's outcome from a result's dict (families without outcomes count everyone as finished)."""
    outcomes = result.get("outcomes")
    return list(outcomes) if outcomes else ["finished"] * players
