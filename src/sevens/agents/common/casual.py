"""The casual players of the 七並べ families, for the ``beginner`` and ``easy`` levels: any card they can play,
at random.

A casual player knows the rules, not the game: it opens lanes for others and plays the cards that would block
them (the 6s and 8s) as readily as the rest. The ``easy`` level stops there: it never passes while it can play,
so it never blocks anyone. The ``beginner`` level also passes now and then for no reason (``needless_pass``:
the chance of a pass whenever one is allowed while it could play), which wastes the passes it will need when it
is stuck: the mistake a learner sees and learns from.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any


class CasualAgent:
    """Uniform over the legal non-pass actions; a pass when it must, or by mistake with ``needless_pass``."""

    name = "casual"
    needs_view = False

    def __init__(self, pass_kind: int, needless_pass: float = 0.0) -> None:
        if not 0.0 <= needless_pass <= 1.0:
            raise ValueError(f"needless_pass={needless_pass} is not a probability; allowed: 0 to 1")
        self.pass_kind = pass_kind
        self.needless_pass = needless_pass
        self._rng = random.Random(0)

    def reset(self, seat: int, seed: int) -> None:
        self._rng.seed(seed)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        plays = [a for a in legal if a.kind != self.pass_kind]
        if not plays:
            return legal[0]
        if len(plays) < len(legal) and self._rng.random() < self.needless_pass:
            return next(a for a in legal if a.kind == self.pass_kind)
        return plays[self._rng.randrange(len(plays))]
