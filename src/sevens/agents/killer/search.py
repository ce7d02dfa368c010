"""``search``: determinized Monte Carlo (flat, information-set sampling) over the seat's candidate actions.

For each sample, the cards the seat cannot see are dealt consistently with its view (:mod:`.sampling`:
table, dead positions and piles, own hand, hand counts, and absences proved by passes under
``voluntary_pass`` off, and probable ones under voluntary passes); among a few such deals one is kept with
probability proportional to how well it explains the other players' recent choices (:mod:`.inference`,
sampling-importance-resampling). Every candidate action is applied to a copy of that deal and played out to the end
by the fast policy (:mod:`.rollout`, the same noise stream for every candidate: common random numbers), and
scored by the seat's E2 points (:mod:`sevens.agents.common.points`). The loop and the decision rule are the
ones the Shichi-narabe search uses (:mod:`sevens.agents.common.montecarlo`): the heuristic's choice stands
unless another candidate beats it on the same samples by more than ``confidence`` standard errors.

Two budgets: ``think_ms`` (default 300 ms per move, for interactive play) or, for tests and reproducible
experiments, ``rollouts`` (that many samples, each playing every candidate once), which makes the agent
deterministic for a given seed. A move with one sensible action costs nothing.

The agent reads nothing but the view it is given: the samples are built from it alone.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from sevens.agents.common.montecarlo import paired_choice, sample_rows
from sevens.games.killer.actions import PASS, Action
from sevens.games.killer.state import State
from sevens.games.killer.view import View

from .heuristic import HeuristicAgent
from .inference import OpponentModel
from .knowledge import Knowledge
from .policy import DEFAULT_WEIGHTS, WIN, Weights
from .rollout import Rollout
from .sampling import Deal, Sampler, build_state, with_hands

DEFAULT_THINK_MS = 300.0
MAX_CANDIDATES = 5

StateSource = Callable[[random.Random], State]


class MonteCarloAgent:
    """The flat Monte Carlo loop; subclasses say where the states to play out come from."""

    name = "montecarlo"
    needs_view = True

    def __init__(
        self,
        think_ms: float = DEFAULT_THINK_MS,
        rollouts: int | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
        noise: float = 0.5,
        max_candidates: int = MAX_CANDIDATES,
        confidence: float = 1.0,
        candidates_per_sample: int = 12,
        miss: float = 0.1,
        horizon: int = 24,
    ) -> None:
        if rollouts is not None and rollouts < 1:
            raise ValueError(f"rollouts={rollouts} must be at least 1 (or None for a time budget)")
        self.think_ms = think_ms
        self.rollouts = rollouts
        self.weights = weights
        self.noise = noise
        self.max_candidates = max_candidates
        self.confidence = confidence
        self.candidates_per_sample = candidates_per_sample
        self.miss = miss
        self.horizon = horizon
        self._default = HeuristicAgent(weights)
        self.seat = 0
        self._rng = random.Random(0)
        self._knowledge: Knowledge | None = None
        self.last_samples = 0  # samples used by the last decision (for measurements)

    def reset(self, seat: int, seed: int) -> None:
        self.seat = seat
        self._rng.seed(seed)
        self._knowledge = None
        self._default.reset(seat, seed)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        self.last_samples = 0
        if len(legal) == 1:
            return legal[0]
        knowledge = self._knowledge = (self._knowledge or Knowledge.fresh(view)).update(view)
        scores = self._default.scores(view, knowledge, legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        if scores[order[0]] >= WIN:
            return legal[order[0]]  # my last card: nothing beats leaving the round
        keep = set(order[: self.max_candidates])
        if legal[-1].kind == PASS:
            keep.add(len(legal) - 1)
        candidates = [legal[i] for i in sorted(keep)]
        default = candidates.index(legal[order[0]])
        values = self._evaluate(view, candidates)
        return candidates[paired_choice(values, default, self.confidence)]

    def _evaluate(self, view: View, candidates: list[Action]) -> list[list[float]]:
        """One row per sample: the playout value of every candidate on that sample."""
        rollout = Rollout(view.rules, self.weights, self.noise)
        states = self._state_source(view)
        rng, seat = self._rng, view.seat

        def row() -> list[float]:
            base = states(rng)
            noise_seed = rng.getrandbits(64)
            values = []
            for k, action in enumerate(candidates):
                state = base.clone() if k + 1 < len(candidates) else base
                state.apply(action)
                values.append(rollout.value(state, seat, random.Random(noise_seed)))
            return values

        values = sample_rows(row, self.rollouts, self.think_ms)
        self.last_samples = len(values)
        return values

    def _state_source(self, view: View) -> StateSource:
        """A function ``rng -> State`` giving a fresh state to play out, one per sample."""
        raise NotImplementedError


class SearchAgent(MonteCarloAgent):
    """Information-set Monte Carlo: samples the hidden hands from the view (never from the real state)."""

    name = "search"

    def _state_source(self, view: View) -> StateSource:
        assert self._knowledge is not None
        knowledge = self._knowledge
        sampler = Sampler(view, knowledge)
        model = OpponentModel(view, knowledge, self.weights, self.miss, self.horizon)
        tries = self.candidates_per_sample if model.moments else 1
        template: list[State] = []

        def draw(rng: random.Random) -> State:
            deal = _resample([sampler.sample(rng) for _ in range(tries)], model, rng)
            if not template:
                template.append(build_state(view, knowledge, deal))
                return template[0].clone()
            return with_hands(template[0], deal)

        return draw


def _resample(deals: list[Deal], model: OpponentModel, rng: random.Random) -> Deal:
    """Sampling-importance-resampling: one of ``deals`` with probability proportional to its likelihood."""
    if len(deals) == 1:
        return deals[0]
    logs = [model.log_weight(d) for d in deals]
    top = max(logs)
    return rng.choices(deals, [math.exp(x - top) for x in logs])[0]
