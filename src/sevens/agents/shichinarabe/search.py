"""``search``: Shichi-narabe's determinized Monte Carlo, and ``oracle``, the same loop on the true state
(research only); the loop and decision rule are the 七並べ families' (:mod:`sevens.agents.common.search`).

The deals (:mod:`.sampling`) agree with the table, own hand, hand counts, jokers, and absences proved by passes
under ``voluntary_pass`` off; a Metropolis–Hastings chain of card swaps (:func:`~.sampling.posterior_deals`)
weighs them by how well they explain every choice of the other players: it starts from one consistent deal,
walks ``burn_in`` steps, then gives a sample every ``thin`` steps. Against players who think like the policy
this places more hidden cards with their real holder than uniform deals (61% against 55% in ``standard``,
``bench/inference.py``), which wins games in ``joker``: 36.6% of 1,000 games against 31.9% before the chain.

With ``opponents`` (a mixture of policies: ``expert`` uses the levels', ``LEVEL_MIXTURE``) each other player
is read as one of those policies, unknown which, and in each sample's playouts it plays the policy drawn from
how well each explains its choices on that sample's hand: people hold back more or less than the search's own
policy, and reading them as that policy misplaces their cards and their passes.

The playouts (:class:`Rollout`) run on a private clone of the sampled state and read its hands directly (the
engine's bit sets) instead of building views and legal-action lists at every step; whenever jokers, exchanges
or the Fan Tan 7♦ opening are involved the engine's own ``legal_actions`` is asked, so no rule is
re-implemented here. With numba installed (``kernel=True``, the default) the playouts, and without jokers the
chain's reading of past choices, run on the compiled kernel (:mod:`.kernel`) a chunk of samples per call: the
same samples, and with no rollout noise the same values and moves, several times as many samples per move
(docs/strength.md). ``kernel=False`` keeps the Python path.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from sevens.agents.common import search as common
from sevens.agents.common.montecarlo import DEFAULT_MIN_SAMPLES, DEFAULT_STOP_Z
from sevens.games.shichinarabe.actions import PASS, PASS_ACTION, PLAY_ACTIONS, Action
from sevens.games.shichinarabe.rules import Rules
from sevens.games.shichinarabe.state import State
from sevens.games.shichinarabe.view import View

from . import kernel as compiled
from .heuristic import HeuristicAgent, situation_of
from .knowledge import Knowledge
from .policy import DEFAULT_WEIGHTS, Situation, Weights, pass_score, row_scores, score_actions
from .sampling import Deal, OpponentModel, Sampler, build_state, posterior_deals, with_hands


class Rollout:
    """Plays a state to its end with the shared policy. ``noise`` blurs the other seats' close choices and
    ``self_noise`` those of the seat the playout is for (exploring its own future more than theirs)."""

    def __init__(
        self, rules: Rules, weights: Weights = DEFAULT_WEIGHTS, noise: float = 0.3, self_noise: float | None = None
    ) -> None:
        self.rules, self.weights, self.noise = rules, weights, noise
        self.self_noise = noise if self_noise is None else self_noise
        self._card_scores = row_scores(rules, weights)
        self._special = rules.jokers > 0 or (rules.opening == "fan_tan" and rules.first_player == "diamond_seven")

    def points(self, state: State, seat: int, rng: random.Random) -> int:
        """Play ``state`` (changed in place) to the end; E2 points of ``seat``."""
        return int(self.value(state, seat, rng, 0.0))

    # hot loop: kept in one piece for speed (radon C; tests/test_architecture.py HOT_LOOPS, docs/decisions.md)
    def value(
        self, state: State, seat: int, rng: random.Random, win_bonus: float, others: Sequence[Weights] | None = None
    ) -> float:
        """Play ``state`` (changed in place) to the end; E2 points of ``seat`` plus ``win_bonus`` if it ranks
        first. ``seat`` gets ``self_noise``; ``others`` (one per seat, ``seat``'s own ignored) are the weights the
        other seats play with, else the rollout's."""
        rules, limit = self.rules, state._limit
        seat_weights = [self.weights if others is None or s == seat else others[s] for s in range(len(state._hands))]
        seat_scores = [self._card_scores if w is self.weights else row_scores(rules, w) for w in seat_weights]
        other_noise, own_noise = self.noise, self.self_noise
        voluntary = rules.voluntary_pass
        hands, passes = state._hands, state._passes
        while (p := state._turn) >= 0:
            noise = own_noise if p == seat else other_noise
            w = seat_weights[p]
            if self._special and self._needs_engine(state, p):
                self._engine_move(state, p, rng, noise, w)
                continue
            hand = hands[p]
            cands = hand & state._playable
            left = limit - passes[p]
            if not cands:
                state.apply(PASS_ACTION)
                continue
            can_pass = voluntary and left > 0 and hand & (hand - 1) != 0  # never pass on the winning card
            if not can_pass and not cands & (cands - 1):
                state.apply(PLAY_ACTIONS[cands.bit_length() - 1])
                continue
            occupied = state._occupied
            best, score = seat_scores[p].best(cands, hand, occupied, noise, rng)
            if can_pass:
                situation = Situation(rules, hand, 0, occupied, state._playable, left)
                if pass_score(situation, score, w) + noise * rng.random() > score:
                    state.apply(PASS_ACTION)
                    continue
            state.apply(PLAY_ACTIONS[best])
        return common.seat_value(state.result(), seat, win_bonus)

    def _needs_engine(self, state: State, p: int) -> bool:
        """Whether ``p`` may hold a joker, swap one, or must open with the 7♦: moves the engine's list decides."""
        swaps = self.rules.joker_exchange == "optional" and state._hands[p] & state._joker_at
        return bool(state._jokers[p] or swaps or state._opening_pending())

    def _engine_move(self, state: State, p: int, rng: random.Random, noise: float, w: Weights) -> None:
        legal = state.legal_actions()
        left = state._limit - state._passes[p]
        situation = Situation(self.rules, state._hands[p], state._jokers[p], state._occupied, state._playable, left)
        scores = score_actions(situation, legal, w)
        best = max(range(len(legal)), key=lambda i: scores[i] + noise * rng.random())
        state.apply(legal[best])


DEFAULT_THINK_MS = 300.0
KERNEL_CHUNK = 16
"""Samples played out per kernel call when thinking on a clock (the last call may run past ``think_ms`` by that
much: a few milliseconds)."""
KERNEL_SAMPLES_PER_SECOND = 8000.0
"""Samples per CPU second on the kernel (``expert`` in ``standard``, full budget: ``bench/search_throughput.py``)."""
KERNEL_JOKER_SAMPLES_PER_SECOND = 2000.0
"""The same with jokers, whose reading of past choices runs in Python (``expert`` in ``joker``: 642 samples in
0.31 s a move, against 2,271 in ``standard``)."""


class SearchAgent(common.SevensSearch[View, Action, State, HeuristicAgent]):
    """Information-set Monte Carlo on Shichi-narabe states, played out by :class:`Rollout` (or the kernel):
    samples the hidden hands from the view (never from the real state)."""

    pass_kind = PASS

    def __init__(
        self,
        think_ms: float = DEFAULT_THINK_MS,
        rollouts: int | None = None,
        weights: Weights = DEFAULT_WEIGHTS,
        noise: float = 0.3,
        max_candidates: int = common.MAX_CANDIDATES,
        win_bonus: float = 0.0,
        self_noise: float | None = None,
        miss: float = 0.05,
        burn_in: int = 300,
        thin: int = 10,
        confidence: float = 1.0,
        opponents: Sequence[Weights] | None = None,
        kernel: bool = True,
        stop_z: float | None = DEFAULT_STOP_Z,
        min_samples: int = DEFAULT_MIN_SAMPLES,
    ) -> None:
        default = HeuristicAgent(weights)
        super().__init__(
            think_ms, rollouts, default, noise, miss, burn_in, thin, win_bonus, max_candidates, confidence, stop_z,
            min_samples,
        )  # fmt: skip
        self.kernel = kernel and compiled.available()
        if self.kernel:
            self.samples_per_cpu_second = KERNEL_SAMPLES_PER_SECOND
        self.self_noise = self_noise
        self.opponents = tuple(opponents) if opponents else None
        self._readings: list[list[float]] | None = None  # this sample's chance of each policy, per seat

    def samples_per_cpu_second_under(self, rules: Rules) -> float:
        return KERNEL_JOKER_SAMPLES_PER_SECOND if self.kernel and rules.jokers else self.samples_per_cpu_second

    def _policy(self, view: View, legal: Sequence[Action]) -> tuple[list[float], int]:
        """The candidates are ranked by the policy alone; the default is the heuristic's (opponent-aware) choice."""
        default = self._default.act(view, legal)
        return score_actions(situation_of(view), legal, self.weights), legal.index(default)

    def _draw_policies(self, rng: random.Random, players: int) -> list[int]:
        """The policy of the mixture each seat plays in this sample, drawn by how well each explains its choices
        on the sample's hands (every candidate of a sample gets the same generator seed, hence the same draw)."""
        readings, uniform = self._readings, [1.0] * len(self.opponents or ())
        return [rng.choices(range(len(uniform)), readings[s] if readings else uniform)[0] for s in range(players)]

    def _rows(self, view: View, candidates: list[Action]) -> tuple[Callable[[int], list[list[float]]], int]:
        if not self.kernel:
            return super()._rows(view, candidates)
        # The same samples, noise seeds and opponent policies as the Python path (the generator is drawn in the
        # same order), played out on the kernel a chunk of samples at a time.
        playouts = compiled.KernelPlayouts(
            view.rules, self.weights, self.noise, self.self_noise, self.win_bonus, self.opponents
        )
        states = self._state_source(view)
        rng, seat, players = self._rng, view.seat, len(view.hand_counts)

        def chunk(size: int) -> list[list[float]]:
            samples, streams, policies = [], [], []
            for _ in range(size):
                samples.append(states(rng))
                streams.append(rng.getrandbits(64))
                if self.opponents:
                    policies.append(self._draw_policies(random.Random(streams[-1]), players))
            return playouts.rows(samples, candidates, seat, streams, policies if self.opponents else None)

        return chunk, KERNEL_CHUNK

    def _playout(self, view: View) -> common.Playout[State]:
        rollout = Rollout(view.rules, self.weights, self.noise, self.self_noise)
        win_bonus, mixture, players = self.win_bonus, self.opponents, len(view.hand_counts)

        def value(state: State, seat: int, rng: random.Random) -> float:
            others = [mixture[i] for i in self._draw_policies(rng, players)] if mixture else None
            return rollout.value(state, seat, rng, win_bonus, others)

        return value

    def opponent_model(self, view: View, knowledge: Knowledge) -> OpponentModel:
        """How this search reads the others' choices so far: its policy (or mixture) and its ``miss``."""
        return OpponentModel(view, knowledge, self.weights, self.miss, self.opponents, compiled=self.kernel)

    def posterior(
        self, view: View, knowledge: Knowledge, sampler: Sampler, model: OpponentModel | None = None
    ) -> Callable[[random.Random], Deal]:
        """The hidden cards as this search deals them: its chain over the posterior of ``model`` (by default
        :meth:`opponent_model`)."""
        model = model if model is not None else self.opponent_model(view, knowledge)
        return posterior_deals(sampler, model, self.burn_in, self.thin)

    def _state_source(self, view: View) -> common.StateSource[State]:
        knowledge = self._default.read(view)
        model = self.opponent_model(view, knowledge)  # kept: a mixture's readings come from it too
        chained = self.posterior(view, knowledge, Sampler(view, knowledge), model)
        self._readings = None

        def read(rng: random.Random) -> Deal:
            """A deal that also leaves, for the playouts of the same sample, how likely each policy of the
            mixture is for each seat given its hand in the deal and its choices so far."""
            deal = chained(rng)
            logs = [model.seat_component_logs(s, hand, deal.jokers[s]) for s, hand in enumerate(deal.hands)]
            self._readings = [relative_likelihoods(seat_logs) for seat_logs in logs]
            return deal

        deals = chained if self.opponents is None else read
        return common.template_states(deals, lambda deal: build_state(view, knowledge, deal), with_hands)


def relative_likelihoods(logs: Sequence[float]) -> list[float]:
    """Log-likelihoods as likelihoods relative to the largest (1 for the best; no overflow)."""
    top = max(logs)
    return [math.exp(x - top) for x in logs]


class OracleAgent(common.OracleSource[State], SearchAgent):
    """Sees every hand: playouts start from copies of the bound state itself."""

    name = "oracle"
