"""``search``: Killer's determinized Monte Carlo, and ``oracle``, the same loop on the true state (research
only); the loop and decision rule are the 七並べ families' (:mod:`sevens.agents.common.search`).

The deals (:mod:`.sampling`) agree with the table, dead positions and piles, own hand, hand counts, and
absences proved by passes under ``voluntary_pass`` off, and probable ones under voluntary passes. Among
``candidates_per_sample`` such deals one is kept with probability proportional to how well it explains the
other players' last ``horizon`` choices (sampling-importance-resampling). With ``burn_in`` above 0
(``expert``: :data:`~sevens.agents.killer.EXPERT`) they come instead from a Metropolis–Hastings chain that
weighs *every* past choice of each opponent (:func:`~.sampling.posterior_deals`): against ``normal`` players
it places more hidden cards with their real holder and costs less per sample. ``think_ms`` defaults to 450 ms:
against three ``heuristic`` players it won 35.2% of 1,000 games at 450 ms and 34.7% at 300 ms.

The playouts (:class:`Rollout`) run on a private clone of the sampled state and read its bit sets (hands,
table, dead positions, the playable front) instead of building views and legal-action lists at every step;
moves go through the engine's own ``apply``, so no rule is re-implemented here. A playout is worth the seat's
E2 points plus ``win_bonus`` when it ranks first: the levels are measured by wins, and E2 pays 2nd place half
of 1st, so a pure points maximiser trades some wins for safer 2nd places.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from sevens.agents.common import search as common
from sevens.agents.common.sampling import with_hands
from sevens.games.killer.actions import PASS, PASS_ACTION, PLAY_ACTIONS, Action
from sevens.games.killer.rules import Rules
from sevens.games.killer.state import State
from sevens.games.killer.view import View

from .board import Board
from .heuristic import HeuristicAgent
from .knowledge import Knowledge
from .policy import DEFAULT_WEIGHTS, Weights, predict
from .sampling import SAMPLER_HINT, Deal, OpponentModel, Sampler, build_state, posterior_deals


class Rollout:
    """Plays a state to its end with the shared policy. ``noise`` blurs every seat's close choices."""

    def __init__(
        self, rules: Rules, weights: Weights = DEFAULT_WEIGHTS, noise: float = 0.5, win_bonus: float = 0.0
    ) -> None:
        self.rules, self.board, self.weights = rules, Board.of(rules), weights
        self.noise, self.win_bonus = noise, win_bonus

    def value(self, state: State, seat: int, rng: random.Random) -> float:
        """Play ``state`` (changed in place) to the end; E2 points of ``seat``, plus ``win_bonus`` if it ranks
        first."""
        board, w, noise, limit = self.board, self.weights, self.noise, self.rules.pass_limit
        voluntary = self.rules.voluntary_pass
        hands, passes = state._hands, state._passes
        rand = rng.random
        while (p := state._turn) >= 0:
            hand = hands[p]
            cands = hand & state._front
            if not cands:
                state.apply(PASS_ACTION)
                continue
            left = None if limit is None else limit - passes[p]
            can_pass = voluntary and (left is None or left > 0)
            if not can_pass and not cands & (cands - 1):
                state.apply(PLAY_ACTIONS[cands.bit_length() - 1])
                continue
            c = predict(hand, state._table, state._deadpos, state._front, left, can_pass, board, w, noise, rand)
            state.apply(PASS_ACTION if c < 0 else PLAY_ACTIONS[c])
        return common.seat_value(state.result(), seat, self.win_bonus)


DEFAULT_THINK_MS = 450.0


class SearchAgent(common.SevensSearch[View, Action, State, HeuristicAgent]):
    """Information-set Monte Carlo on Killer states, played out by :class:`Rollout`: samples the hidden hands
    from the view (never from the real state)."""

    pass_kind = PASS
    samples_per_cpu_second = 400.0  # ``expert`` in ``killer``, full budget (``bench/search_throughput.py``)

    def __init__(
        self,
        think_ms: float = DEFAULT_THINK_MS,
        rollouts: int | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
        noise: float = 0.5,
        max_candidates: int = common.MAX_CANDIDATES,
        confidence: float = 1.0,
        candidates_per_sample: int = 12,
        miss: float = 0.1,
        horizon: int = 24,
        burn_in: int = 0,
        thin: int = 10,
        win_bonus: float = 0.0,
    ) -> None:
        default = HeuristicAgent(weights)
        super().__init__(think_ms, rollouts, default, noise, miss, burn_in, thin, win_bonus, max_candidates, confidence)
        self.candidates_per_sample = candidates_per_sample
        self.horizon = horizon

    def _playout(self, view: View) -> common.Playout[State]:
        return Rollout(view.rules, self.weights, self.noise, self.win_bonus).value

    def posterior(self, view: View, knowledge: Knowledge, sampler: Sampler) -> Callable[[random.Random], Deal]:
        """The hidden cards as this search deals them: from the posterior chain with ``burn_in`` above 0, else
        resampled by the last ``horizon`` choices."""
        # the chain reads every choice (a swap costs two seats' choices only) and weighs the cards passed over
        # itself; the resampling reads the last ``horizon`` and has that weighing from the sampler's deals
        horizon, hint = (len(knowledge.decisions), SAMPLER_HINT) if self.burn_in else (self.horizon, 1.0)
        model = OpponentModel(view, knowledge, self.weights, self.miss, horizon=horizon, hint_miss=hint)
        if self.burn_in:
            return posterior_deals(sampler, model, self.burn_in, self.thin)
        tries = self.candidates_per_sample if model.moments else 1
        return common.resampled_deals(sampler.sample, model.log_weight, tries)

    def _state_source(self, view: View) -> common.StateSource[State]:
        knowledge = self._default.read(view)
        deals = self.posterior(view, knowledge, Sampler(view, knowledge))
        return common.template_states(deals, partial(build_state, view, knowledge), with_hands)


class OracleAgent(common.OracleSource[State], SearchAgent):
    """Sees every hand: playouts start from copies of the bound state itself."""

    name = "oracle"
