"""The ``search`` agent of the 七並べ families: determinized Monte Carlo (flat, information-set sampling) over
the candidate actions its heuristic proposes.

For each sample the cards the seat cannot see are dealt consistently with its view and the public
deductions (the family's ``sampling``), weighted by how well they explain the other players' choices (its
``inference``); every candidate is applied to a copy and played out to the end by the fast policy (its
``rollout``, the same noise stream for every candidate: common random numbers), scored by the seat's E2
points (:mod:`.points`) plus ``win_bonus`` when it ranks first. The loop is :mod:`.determinized`; the
decision is the heuristic's choice unless another candidate beats it on the same samples by more than
``confidence`` standard errors (:func:`~.montecarlo.paired_choice`). The budget is :mod:`.budget` (CPU
time of the agent's thread, or a number of samples for reproducible play); a move with one sensible action
costs nothing, and on a clock the search stops once its decision is settled (:mod:`.stopping`). The agent
reads nothing but the view it is given: the samples are built from it alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from .determinized import Determinization, DeterminizedAgent
from .heuristic import LogReadingHeuristic
from .scores import WIN
from .stopping import DEFAULT_MIN_SAMPLES, DEFAULT_STOP_Z
from .view import SevensView

ViewT = TypeVar("ViewT", bound=SevensView)
ActionT = TypeVar("ActionT")
StateT = TypeVar("StateT", bound=Determinization)
HeuristicT = TypeVar("HeuristicT", bound=LogReadingHeuristic[Any])
MAX_CANDIDATES = 5


class SevensSearch(DeterminizedAgent[ViewT, ActionT, StateT], Generic[ViewT, ActionT, StateT, HeuristicT]):
    """The search around a family's heuristic (``default``), which also reads the log for it."""

    pass_kind: ClassVar[int]
    """The family's ``PASS`` action kind."""

    def __init__(
        self,
        think_ms: float,
        rollouts: int | None,
        default: HeuristicT,
        noise: float,
        miss: float,
        burn_in: int,
        thin: int,
        win_bonus: float,
        max_candidates: int = MAX_CANDIDATES,
        confidence: float = 1.0,
        stop_z: float | None = DEFAULT_STOP_Z,
        min_samples: int = DEFAULT_MIN_SAMPLES,
    ) -> None:
        super().__init__(think_ms, rollouts, confidence, stop_z, min_samples)
        self._default = default
        self.weights = default.weights
        self.noise, self.miss, self.burn_in, self.thin = noise, miss, burn_in, thin
        self.win_bonus, self.max_candidates = win_bonus, max_candidates

    def reset(self, seat: int, seed: int) -> None:
        super().reset(seat, seed)
        self._default.reset(seat, seed)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        self.last_samples = 0
        if len(legal) == 1:
            return legal[0]
        scores, default = self._policy(view, legal)
        if scores[default] >= WIN:
            return legal[default]  # my last card: nothing beats leaving the round
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        keep = {*order[: self.max_candidates], default}
        if legal[-1].kind == self.pass_kind:
            keep.add(len(legal) - 1)
        candidates = [legal[i] for i in sorted(keep)]
        if len(candidates) == 1:
            return candidates[0]
        return self._choose(view, candidates, candidates.index(legal[default]))

    def _policy(self, view: ViewT, legal: Sequence[ActionT]) -> tuple[list[float], int]:
        """The policy's scores that rank the candidates, and the index of the default choice."""
        raise NotImplementedError
