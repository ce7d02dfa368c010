"""Flat determinized Monte Carlo over a seat's candidate actions, for the 七並べ families' search agents.

Each sample is a full state (a determinized deal, or the true state for an oracle) from
:meth:`DeterminizedAgent._state_source`; every candidate is applied to a copy of it and played out to the
end by :meth:`DeterminizedAgent._playout`, all candidates with the same noise seed (common random numbers),
so that a row's differences between candidates are paired. :func:`~.montecarlo.sample_rows` runs the rows on
the budget (on a clock, until the decision is settled: :mod:`.stopping`) and
:func:`~.montecarlo.paired_choice` turns them into the decision. A family supplies the two hooks (and which
candidates to try); the loop itself is game-independent.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Generic, Protocol, Self, TypeVar

from .budget import BudgetedAgent
from .montecarlo import paired_choice, sample_rows
from .stopping import DEFAULT_MIN_SAMPLES, DEFAULT_STOP_Z, StoppingRule
from .view import SevensView


class Determinization(Protocol):
    """What the loop needs of a family's state: independent copies and applying an action."""

    def clone(self) -> Self: ...

    def apply(self, action: Any) -> None: ...


ViewT = TypeVar("ViewT", bound=SevensView)
ActionT = TypeVar("ActionT")
StateT = TypeVar("StateT", bound=Determinization)

StateSource = Callable[[random.Random], StateT]
"""A function ``rng -> State`` giving a fresh state to play out, one per sample."""

Playout = Callable[[StateT, int, random.Random], float]
"""Plays a state (changed in place) to its end and returns the value for a seat, noise from the generator."""


class DeterminizedAgent(BudgetedAgent, Generic[ViewT, ActionT, StateT]):
    """The flat Monte Carlo loop; subclasses say where the states come from and how they are played out."""

    name = "montecarlo"

    def __init__(
        self,
        think_ms: float,
        rollouts: int | None,
        confidence: float,
        stop_z: float | None = DEFAULT_STOP_Z,
        min_samples: int = DEFAULT_MIN_SAMPLES,
    ) -> None:
        super().__init__(think_ms, rollouts)
        self.confidence = confidence
        # on a clock, stop once the decision is settled at stop_z standard errors (None: always think_ms)
        self.stop_z = stop_z
        self.min_samples = min_samples
        self._stopping(2, 0)  # a bad stop_z or min_samples fails here, not at the first move

    def _choose(self, view: ViewT, candidates: list[ActionT], default: int) -> ActionT:
        """The ``default`` candidate unless another clearly beats it on the samples (:func:`paired_choice`)."""
        values = self._evaluate(view, candidates, self._stopping(len(candidates), default))
        return candidates[paired_choice(values, default, self.confidence)]

    def _stopping(self, width: int, default: int) -> StoppingRule | None:
        """This decision's early-stopping rule (:mod:`.stopping`), or ``None`` when the agent never stops early."""
        if self.stop_z is None:
            return None
        return StoppingRule(width, default, self.confidence, self.stop_z, self.min_samples)

    def _evaluate(self, view: ViewT, candidates: list[ActionT], stop: StoppingRule | None = None) -> list[list[float]]:
        """One row per sample: the playout value of every candidate on that sample (on a clock, until ``stop``
        says the decision is settled)."""
        playout = self._playout(view)
        states = self._state_source(view)
        rng, seat = self._rng, view.seat

        def row() -> list[float]:
            base = states(rng)
            noise_seed = rng.getrandbits(64)
            values = []
            for k, action in enumerate(candidates):
                state = base.clone() if k + 1 < len(candidates) else base
                state.apply(action)
                values.append(playout(state, seat, random.Random(noise_seed)))
            return values

        values = sample_rows(row, self.budget, stop)
        self.last_samples = len(values)
        return values

    def _playout(self, view: ViewT) -> Playout[StateT]:
        """How a sampled state is played out and scored for this move."""
        raise NotImplementedError

    def _state_source(self, view: ViewT) -> StateSource[StateT]:
        """Where this move's states to play out come from."""
        raise NotImplementedError
