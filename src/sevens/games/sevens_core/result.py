"""The common part of a sevens family's result: the ranking and each seat's outcome; a family's ``Result``
adds its per-seat figures as further tuple fields (all of them appear in :meth:`RoundResult.to_dict`)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from sevens.games.arguments import seat_index
from sevens.games.points import DEFAULT_TABLE, PointsTable, points_for_round


@dataclass(frozen=True, slots=True)
class RoundResult:
    """``ranking`` lists seats best first; ``outcomes[seat]`` says how the seat ended the round."""

    _LAST_PAYS: ClassVar[bool] = True  # whether the last player left holding cards is the ビリ (E2)

    ranking: tuple[int, ...]
    outcomes: tuple[str, ...]

    def points(self, table: PointsTable = DEFAULT_TABLE) -> list[int]:
        """Each seat's E2 points for this round."""
        return points_for_round(self.ranking, self.outcomes, table, self._LAST_PAYS)

    def rank(self, seat: int) -> int:
        """1 for the winner."""
        return self.ranking.index(seat_index(seat, len(self.ranking))) + 1

    def to_dict(self) -> dict[str, Any]:
        return {f.name: list(getattr(self, f.name)) for f in fields(self)}
