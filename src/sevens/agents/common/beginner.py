"""The ``beginner`` level of the 七並べ families: plays any card it can, at random, and never holds back.

A beginner knows the rules, not the game: it opens lanes for others, plays its gates (the 6s and 8s that
block a suit) as readily as its fillers, and passes only when it has nothing to play. Those are the mistakes
a player learning the game sees and learns from. It still never passes with a card in hand to play, so its
games move on and it finishes often enough to be fun.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class BeginnerAgent:
    """Uniform over the legal non-pass actions; passes only when it must. Seeded by :meth:`reset`."""

    name = "beginner"
    needs_view = False

    def __init__(self, pass_kind: int) -> None:
        self.pass_kind = pass_kind
        self._rng = random.Random(0)

    def reset(self, seat: int, seed: int) -> None:
        self._rng.seed(seed)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        plays = [a for a in legal if a.kind != self.pass_kind]
        if not plays:
            return legal[0]
        return plays[self._rng.randrange(len(plays))]
