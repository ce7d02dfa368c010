"""``search``: determinized Monte Carlo (flat, information-set sampling) over the seat's candidate actions.

For each sample, the cards the seat cannot see are dealt consistently with its view (:mod:`.sampling`:
table, dead positions and piles, own hand, hand counts, and absences proved by passes under
``voluntary_pass`` off, and probable ones under voluntary passes); among a few such deals one is kept with
probability proportional to how well it explains the other players' recent choices (:mod:`.inference`,
sampling-importance-resampling). Every candidate action is applied to a copy of that deal and played out to the end
by the fast policy (:mod:`.rollout`, the same noise stream for every candidate: common random numbers), and
scored by the seat's E2 points (:mod:`sevens.agents.common.points`). The loop and the decision rule are the
ones the Shichi-narabe search uses (:mod:`sevens.agents.common.determinized`, with
:mod:`sevens.agents.common.resampling`): the heuristic's choice stands unless another candidate beats it on
the same samples by more than ``confidence`` standard errors.

With ``burn_in`` above 0 (``expert``: :data:`~.levels.EXPERT`), the deals come instead from a
Metropolis–Hastings chain over the hidden hands that weighs *every* past choice of each opponent
(:func:`~.inference.posterior_deals`, the chain of :mod:`sevens.agents.common.posterior`): against ``normal``
players it places more hidden cards with their real holder than the resampling and costs less per sample.
``win_bonus`` adds that much to a playout the seat wins (ranks first), so the search plays to win rather than
for E2 points alone.

Two budgets: ``think_ms`` (default 450 ms per move, for interactive play; against three ``heuristic``
players it won 35.2% of 1,000 games at 450 ms and 34.7% at 300 ms, a difference within the noise, with
a mean of 0.43 s per move) or, for tests and reproducible experiments, ``rollouts`` (that many samples,
each playing every candidate once), which makes the agent deterministic for a given seed. A move with one
sensible action costs nothing.

The agent reads nothing but the view it is given: the samples are built from it alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sevens.agents.common.determinized import DeterminizedAgent, Playout, StateSource
from sevens.agents.common.resampling import resampled_states, template_states
from sevens.games.killer.actions import PASS, Action
from sevens.games.killer.state import State
from sevens.games.killer.view import View

from .heuristic import HeuristicAgent
from .inference import OpponentModel, posterior_deals
from .knowledge import Knowledge
from .policy import DEFAULT_WEIGHTS, WIN, Weights
from .rollout import Rollout
from .sampling import SAMPLER_HINT, Deal, Sampler, build_state, with_hands

DEFAULT_THINK_MS = 450.0
MAX_CANDIDATES = 5


class MonteCarloAgent(DeterminizedAgent[View, Action, State]):
    """The flat Monte Carlo loop on Killer states, played out by :mod:`.rollout`; subclasses say where the
    states to play out come from."""

    samples_per_cpu_second = 400.0  # ``expert`` in ``killer``, full budget (``bench/search_throughput.py``)

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
        burn_in: int = 0,
        thin: int = 10,
        win_bonus: float = 0.0,
    ) -> None:
        super().__init__(think_ms, rollouts, confidence)
        self.burn_in = burn_in
        self.thin = thin
        self.win_bonus = win_bonus
        self.weights = weights
        self.noise = noise
        self.max_candidates = max_candidates
        self.candidates_per_sample = candidates_per_sample
        self.miss = miss
        self.horizon = horizon
        self._default = HeuristicAgent(weights)
        self._knowledge: Knowledge | None = None

    def reset(self, seat: int, seed: int) -> None:
        super().reset(seat, seed)
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
        return self._choose(view, candidates, candidates.index(legal[order[0]]))

    def _playout(self, view: View) -> Playout[State]:
        return Rollout(view.rules, self.weights, self.noise, self.win_bonus).value


class SearchAgent(MonteCarloAgent):
    """Information-set Monte Carlo: samples the hidden hands from the view (never from the real state)."""

    name = "search"

    def _state_source(self, view: View) -> StateSource[State]:
        assert self._knowledge is not None
        knowledge = self._knowledge
        sampler = Sampler(view, knowledge)

        def build(deal: Deal) -> State:
            return build_state(view, knowledge, deal)

        if self.burn_in:
            every = len(knowledge.decisions)  # the chain reads every choice: a swap costs two seats' choices only
            model = OpponentModel(view, knowledge, self.weights, self.miss, every, hint_miss=SAMPLER_HINT)
            return template_states(posterior_deals(sampler, model, self.burn_in, self.thin), build, with_hands)
        model = OpponentModel(view, knowledge, self.weights, self.miss, self.horizon)
        tries = self.candidates_per_sample if model.moments else 1
        return resampled_states(sampler.sample, model.log_weight, tries, build, with_hands)
