"""Points per seat for a finished round of any family: the E2 table (:mod:`sevens.games.points`, re-exported
here for sessions) by place and outcome, or the chips won for the families that score in chips.

>>> points_for_round(ranking=(0, 3, 1, 2), outcomes=("left", "eliminated", "joker_stuck", "eliminated"))
[10, -5, -10, -5]
"""

from __future__ import annotations

from typing import Any

from sevens.games.base import Family
from sevens.games.points import DEFAULT_TABLE, PointsTable, points_for_round


def round_points(family: Family, state: Any, table: PointsTable = DEFAULT_TABLE) -> list[int]:
    """Points per seat for a finished round of any family: E2 by place and outcome, or chips won for the
    families that score in chips (their ``seat_stats`` report ``chip_delta``)."""
    if family.seat_stats is not None:
        stats = family.seat_stats(state)
        if "chip_delta" in stats:
            return list(stats["chip_delta"])
    result = state.result()
    if hasattr(result, "points"):  # the sevens families: E2 as their rules apply it (no ビリ in Killer)
        return list(result.points(table))
    data = result.to_dict()
    return points_for_round(data["ranking"], round_outcomes(data, state.players), table)


def round_outcomes(result: dict[str, Any], players: int) -> list[str]:
    """Each seat's outcome from a result's dict (families without outcomes count everyone as finished)."""
    outcomes = result.get("outcomes")
    return list(outcomes) if outcomes else ["finished"] * players


__all__ = ["DEFAULT_TABLE", "PointsTable", "points_for_round", "round_outcomes", "round_points"]
