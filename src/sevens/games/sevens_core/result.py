"""The common part of a sevens family's result: the ranking and each seat's outcome; a family's ``Result``
adds its per-seat figures as further tuple fields (all of them appear in :meth:`RoundResult.to_dict`)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from sevens.games.arguments import seat_index


@dataclass(frozen=True, slots=True)
class RoundResult:
    """``ranking`` lists seats best first; ``outcomes[seat]`` says how the seat ended the round."""

    ranking: tuple[int, ...]
    outcomes: tuple[str, ...]

    def rank(self, seat: int) -> int:
        """1 for the winner."""
        return self.ranking.index(seat_index(seat, len(self.ranking))) + 1

    def to_dict(self) -> dict[str, Any]:
        return {f.name: list(getattr(self, f.name)) for f in fields(self)}
