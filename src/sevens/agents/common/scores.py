"""The score scale of the 七並べ families' policies and how a score list becomes a choice.

Scores are plain floats, higher is better. :data:`NEVER` marks an action no sensible player takes and
:data:`WIN` one nothing can beat (the last card); fractions of them (``NEVER / 4``) rank degrees of
"never" among themselves. The legal actions are sorted, so taking the *first* best score makes every
policy deterministic, ties going to the lowest action.

>>> choose_index([0.5, 2.0, 2.0])
1
"""

from __future__ import annotations

from collections.abc import Sequence

NEVER = -1e9
WIN = -NEVER


def choose_index(scores: Sequence[float]) -> int:
    """The first best score (actions are sorted, so ties go to the lowest card)."""
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    return best
