"""The ``search`` agent of the 七並べ families: determinized Monte Carlo (flat, information-set sampling) over
the candidate actions its heuristic proposes, and ``oracle``, the same loop on the true state.

For each sample the cards the seat cannot see are dealt consistently with its view and the public deductions
(the family's ``sampling``), weighted by how well they explain the other players' choices (its opponent model);
every candidate is applied to a copy and played out to the end by the fast policy (its ``rollout``, the same
noise seed for every candidate: common random numbers, so a row's differences are paired), scored by the
seat's E2 points plus ``win_bonus`` when it ranks first (:func:`seat_value`). The decision and the budget are
:mod:`.montecarlo`'s; a move with one sensible action costs nothing. The agent reads nothing but the view it
is given: the samples are built from it alone. Building a state from position text is slow, so the first deal
of a move is parsed into a template and every later one is a clone of it with the hands replaced
(:func:`template_states`).

The oracle (research only) measures what hidden information is worth: it must be handed the real state
openly through :meth:`OracleSource.bind` before the game (the arena does this for any agent that has
``bind``); it is never offered in play.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from sevens.games.sevens_core.result import RoundResult
from sevens.games.sevens_core.state import SevensState
from sevens.games.sevens_core.view import SevensView

from .heuristic import WIN, LogReadingHeuristic, choose_index
from .montecarlo import DEFAULT_MIN_SAMPLES, DEFAULT_STOP_Z, BudgetedAgent, StoppingRule, paired_choice, sample_chunks

ViewT = TypeVar("ViewT", bound=SevensView)
ActionT = TypeVar("ActionT")
StateT = TypeVar("StateT", bound=SevensState)
HeuristicT = TypeVar("HeuristicT", bound=LogReadingHeuristic[Any])
DealT = TypeVar("DealT")

MAX_CANDIDATES = 5

StateSource = Callable[[random.Random], StateT]
"""A function ``rng -> State`` giving a fresh state to play out, one per sample."""

Playout = Callable[[StateT, int, random.Random], float]
"""Plays a state (changed in place) to its end and returns the value for a seat, noise from the generator."""


def seat_points(result: RoundResult, seat: int) -> int:
    """E2 points of ``seat`` for the round that ended with ``result`` (RULES.md E2, the family's table)."""
    return result.points()[seat]


def seat_value(result: RoundResult, seat: int, win_bonus: float) -> float:
    """What a playout is worth to ``seat``: its E2 points, plus ``win_bonus`` if it ranks first."""
    points = seat_points(result, seat)
    return points + win_bonus if result.ranking[0] == seat else points


class SevensSearch(BudgetedAgent, Generic[ViewT, ActionT, StateT, HeuristicT]):
    """The search around a family's heuristic (``default``), which also reads the log for it; a family says
    where the states come from (:meth:`_state_source`) and how they are played out (:meth:`_playout`)."""

    name = "search"
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
        super().__init__(think_ms, rollouts)
        self._default = default
        self.weights = default.weights
        self.noise, self.miss, self.burn_in, self.thin = noise, miss, burn_in, thin
        self.win_bonus, self.max_candidates, self.confidence = win_bonus, max_candidates, confidence
        # on a clock, stop once the decision is settled at stop_z standard errors (None: always think_ms)
        self.stop_z, self.min_samples = stop_z, min_samples
        self._stopping(2, 0)  # a bad stop_z or min_samples fails here, not at the first move

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

    def _choose(self, view: ViewT, candidates: list[ActionT], default: int) -> ActionT:
        """The ``default`` candidate unless another clearly beats it on the samples (:func:`paired_choice`)."""
        values = self._evaluate(view, candidates, self._stopping(len(candidates), default))
        return candidates[paired_choice(values, default, self.confidence)]

    def _stopping(self, width: int, default: int) -> StoppingRule | None:
        """This decision's early-stopping rule, or ``None`` when the agent never stops early."""
        if self.stop_z is None:
            return None
        return StoppingRule(width, default, self.confidence, self.stop_z, self.min_samples)

    def _evaluate(self, view: ViewT, candidates: list[ActionT], stop: StoppingRule | None = None) -> list[list[float]]:
        """One row per sample: the playout value of every candidate on that sample (on a clock, until ``stop``
        says the decision is settled)."""
        rows, size = self._rows(view, candidates)
        values = sample_chunks(rows, self.decision_budget(view.rules), size, stop, *self.clocks)
        self.last_samples = len(values)
        return values

    def _rows(self, view: ViewT, candidates: list[ActionT]) -> tuple[Callable[[int], list[list[float]]], int]:
        """This move's rows: a function giving that many samples' rows, and how many to ask of it at once."""
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

        return lambda size: [row() for _ in range(size)], 1

    def _policy(self, view: ViewT, legal: Sequence[ActionT]) -> tuple[list[float], int]:
        """The policy's scores that rank the candidates, and the index of the default choice: by default the
        heuristic's scores (with its opponent-aware corrections) and their first best."""
        scores = self._default.scores(view, self._default.read(view), legal)
        return scores, choose_index(scores)

    def _playout(self, view: ViewT) -> Playout[StateT]:
        """How a sampled state is played out and scored for this move."""
        raise NotImplementedError

    def _state_source(self, view: ViewT) -> StateSource[StateT]:
        """Where this move's states to play out come from."""
        raise NotImplementedError


class OracleSource(Generic[StateT]):
    """Mixin for a :class:`SevensSearch`: playouts start from copies of the bound state."""

    _state: StateT | None = None

    def bind(self, state: StateT) -> None:
        """Give the agent the live state of the game it plays (it is read at each move, never changed)."""
        self._state = state

    def _state_source(self, view: SevensView) -> StateSource[StateT]:
        state = self._state
        if state is None or state.to_move != view.seat or state.hand(view.seat) != view.hand:
            raise RuntimeError("OracleAgent.bind(state) must be given the state of the game being played")
        return lambda rng: state.clone()


def resampled_deals(
    sample: Callable[[random.Random], DealT], log_weight: Callable[[DealT], float], tries: int
) -> Callable[[random.Random], DealT]:
    """Deals drawn ``tries`` at a time, one kept with probability proportional to its likelihood
    (``exp(log_weight)``: sampling-importance-resampling)."""

    def resampled(rng: random.Random) -> DealT:
        deals = [sample(rng) for _ in range(tries)]
        if len(deals) == 1:
            return deals[0]
        logs = [log_weight(d) for d in deals]
        top = max(logs)
        return rng.choices(deals, [math.exp(x - top) for x in logs])[0]

    return resampled


def template_states(
    sample: Callable[[random.Random], DealT],
    build: Callable[[DealT], StateT],
    refill: Callable[[StateT, DealT], StateT],
) -> StateSource[StateT]:
    """States of the deals ``sample`` gives: the first ``build`` into a template, the others ``refill``-ed into
    a copy of it."""
    template: list[StateT] = []

    def draw(rng: random.Random) -> StateT:
        deal = sample(rng)
        if not template:
            template.append(build(deal))
            return template[0].clone()
        return refill(template[0], deal)

    return draw
