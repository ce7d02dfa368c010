"""Stars (E3): the classroom module's reward for each human player, per round.

One star for not being eliminated, one more for finishing in the top half, one more for first place.

>>> stars_for_round(ranking=(1, 0, 2, 3), outcomes=("finished", "finished", "left", "eliminated"))
[2, 3, 1, 0]
"""

from __future__ import annotations

from collections.abc import Sequence

OUT_OUTCOMES = frozenset({"eliminated", "joker_stuck", "broke"})


def stars_for_round(ranking: Sequence[int], outcomes: Sequence[str]) -> list[int]:
    """Stars per seat (the caller keeps only the human players')."""
    n = len(ranking)
    stars = [0] * n
    for place, seat in enumerate(ranking, start=1):
        if outcomes[seat] in OUT_OUTCOMES:
            continue
        stars[seat] = 1 + (place <= n // 2) + (place == 1)
    return stars
