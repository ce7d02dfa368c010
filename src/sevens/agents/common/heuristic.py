"""The ``heuristic`` agent of the 七並べ families around its family's policy, and the log readings both share.

:class:`LogReadingHeuristic` keeps the public deductions of the round (the family's ``Knowledge``, read one
view at a time) and plays the first best of :meth:`~LogReadingHeuristic.scores`: the family's policy with
its opponent-aware corrections. Two of those corrections are the same in every family: an opponent proved
stuck (:func:`proved_stuck`) is about to be eliminated unless someone opens a card for it, and with unlimited
passes a pass may end the round in a stalemate the seat does not lead (:func:`loses_stalemate`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from .knowledge import LogReader
from .scores import choose_index
from .view import SevensView

KnowledgeT = TypeVar("KnowledgeT", bound=LogReader[Any])


class LogReadingHeuristic(Generic[KnowledgeT]):
    """A family's policy player that reads the public log (deterministic: ties go to the lowest action)."""

    name = "heuristic"
    needs_view = True
    weights: Any  # the family's policy weights
    knowledge_type: type[KnowledgeT]  # the family's Knowledge

    def __init__(self) -> None:
        self._knowledge: KnowledgeT | None = None

    def reset(self, seat: int, seed: int) -> None:
        self._knowledge = None

    def read(self, view: Any) -> KnowledgeT:
        """The round's public deductions up to ``view`` (read incrementally; shared with a search using them)."""
        knowledge = self._knowledge = (self._knowledge or self.knowledge_type.fresh(view)).update(view)
        return knowledge

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        return legal[choose_index(self.scores(view, self.read(view), legal))]

    def scores(self, view: Any, knowledge: KnowledgeT, legal: Sequence[Any]) -> list[float]:
        """The policy's score of every legal action, with the opponent-aware corrections."""
        raise NotImplementedError


def opponents_in(view: SevensView) -> list[int]:
    """The other seats still in the round."""
    return [s for s, status in enumerate(view.statuses) if s != view.seat and status == "in"]


def proved_stuck(view: SevensView, knowledge: LogReader[Any], seat: int, hidden: int) -> bool:
    """``seat`` has no pass left and provably nothing to play now (only with ``voluntary_pass`` off)."""
    rules = view.rules
    if rules.voluntary_pass or rules.pass_limit is None or view.passes_used[seat] < rules.pass_limit:
        return False
    return not knowledge.possible(seat, view.playable_positions & hidden)


def loses_stalemate(view: SevensView, knowledge: LogReader[Any], opponents: Sequence[int], held: Sequence[int]) -> bool:
    """With unlimited passes, whether a pass now ends the round in a stalemate this seat does not lead
    (``held``: what each seat would count against it then, fewest best)."""
    if view.rules.pass_limit is not None or knowledge.streak < len(opponents):
        return False
    return any(held[s] <= held[view.seat] for s in opponents)
