"""The players of the 七並べ families that follow a rule rather than search: ``heuristic``, ``greedy`` and the
casual players of the lowest levels, and the score scale of the families' policies.

Scores are plain floats, higher is better. :data:`NEVER` marks an action no sensible player takes and
:data:`WIN` one nothing can beat (the last card); fractions of them (``NEVER / 4``) rank degrees of "never"
among themselves. The legal actions are sorted, so taking the *first* best score (:func:`choose_index`) makes
every policy deterministic, ties going to the lowest action.

:class:`LogReadingHeuristic` keeps the public deductions of the round (the family's ``Knowledge``, read one view
at a time) and plays the first best of its family's policy with the opponent-aware corrections. Two of those
are the same in every family: an opponent proved stuck (:func:`proved_stuck`) is about to be eliminated unless
someone opens a card for it, and with unlimited passes a pass may end the round in a stalemate the seat does
not lead (:func:`loses_stalemate`).

>>> choose_index([0.5, 2.0, 2.0])
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from sevens.agents.base import RandomAgent
from sevens.cards import ALL_CARDS
from sevens.games.sevens_core.view import SevensView

from .knowledge import LogReader

NEVER = -1e9
WIN = -NEVER

KnowledgeT = TypeVar("KnowledgeT", bound=LogReader[Any])


def hidden_cards(view: SevensView, out_of_play: int = 0) -> int:
    """Real cards in other hands: every card neither on the table, nor ``out_of_play`` (Killer's dead positions,
    which no card ever fills), nor in this seat's hand."""
    return ALL_CARDS & ~view.table & ~out_of_play & ~view.hand


def choose_index(scores: Sequence[float]) -> int:
    """The first best score (actions are sorted, so ties go to the lowest card; ``index`` finds the first)."""
    return scores.index(max(scores))


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


class GreedyAgent:
    """``greedy``: never passes while a card can be played, and plays the card with the best :meth:`opened`
    key (the family's rule for what is playable after it); ties go to the lowest action (``max`` keeps the
    first)."""

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
        return max(plays, key=lambda a: self.opened(view, a))

    def opened(self, view: Any, action: Any) -> tuple[int, ...]:
        """How good ``action`` is for the greedy player (compared as a tuple, higher first)."""
        raise NotImplementedError


class CasualAgent(RandomAgent):
    """The ``beginner`` and ``easy`` levels: any card it can play, at random. It knows the rules, not the game:
    it opens lanes for others and plays the cards that would block them as readily as the rest. A pass when it
    must, or, with ``needless_pass``, by mistake whenever one is allowed while it could play (``beginner``:
    it wastes the passes it will need when stuck, the mistake a learner sees and learns from)."""

    name = "casual"

    def __init__(self, pass_kind: int, needless_pass: float = 0.0) -> None:
        if not 0.0 <= needless_pass <= 1.0:
            raise ValueError(f"needless_pass={needless_pass} is not a probability; allowed: 0 to 1")
        super().__init__()
        self.pass_kind = pass_kind
        self.needless_pass = needless_pass

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        plays = [a for a in legal if a.kind != self.pass_kind]
        if not plays:
            return legal[0]
        if len(plays) < len(legal) and self._rng.random() < self.needless_pass:
            return next(a for a in legal if a.kind == self.pass_kind)
        return plays[self._rng.randrange(len(plays))]
