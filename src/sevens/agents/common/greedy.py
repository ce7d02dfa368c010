"""The ``greedy`` baseline of the 七並べ families: never pass while a card can be played, and play the card
that leaves the most of one's own cards playable.

What "playable after this play" means is each family's rule (lanes and jokers in Shichi-narabe, any
neighbour with kills in Killer), so a family gives :meth:`GreedyAgent.opened`; the choice around it is the
same everywhere. Deterministic: ``max`` keeps the first of equal keys, and the legal actions are sorted, so
ties go to the lowest action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar


class GreedyAgent:
    """Plays the action with the best :meth:`opened` key; passes only when it must."""

    name = "greedy"
    needs_view = True
    pass_kind: ClassVar[int]
    """The family's ``PASS`` action kind."""

    def reset(self, seat: int, seed: int) -> None:
        """Nothing to forget: the agent keeps no state between moves."""

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        plays = [a for a in legal if a.kind != self.pass_kind]
        if not plays:
            return legal[0]
        if len(plays) == 1:
            return plays[0]
        return max(plays, key=lambda a: self.opened(view, a))

    def opened(self, view: Any, action: Any) -> tuple[int, ...]:
        """How good ``action`` is for the greedy player (compared as a tuple, higher first)."""
        raise NotImplementedError
