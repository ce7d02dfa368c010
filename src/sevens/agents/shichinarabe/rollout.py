"""Fast playouts of a determinized state: every seat plays the :mod:`.policy` scores, with a little noise.

The playout runs on a private clone made by :mod:`.sampling`, so it reads that clone's hands directly (the
engine's bit sets) instead of building views and legal-action lists at every step: that is what makes a few
hundred playouts per move affordable. Whenever jokers, exchanges or the Fan Tan 7♦ opening are involved the
engine's own ``legal_actions`` is asked instead, so no rule is re-implemented here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sevens.agents.common.search import seat_points, seat_value
from sevens.cards import card
from sevens.games.shichinarabe.actions import PASS_ACTION, PLAY_ACTIONS
from sevens.games.shichinarabe.rules import Rules
from sevens.games.shichinarabe.state import State

from .policy import DEFAULT_WEIGHTS, Situation, Weights, pass_score, row_scores, score_actions

_SEVEN_OF_DIAMONDS = card(7, 2)


class Rollout:
    """Plays a state to its end with the shared policy. ``noise`` blurs the other seats' close choices and
    ``self_noise`` those of the seat the playout is for (exploring its own future more than theirs)."""

    def __init__(
        self, rules: Rules, weights: Weights = DEFAULT_WEIGHTS, noise: float = 0.3, self_noise: float | None = None
    ) -> None:
        self.rules = rules
        self.weights = weights
        self.noise = noise
        self.self_noise = noise if self_noise is None else self_noise
        self._card_scores = row_scores(rules, weights)
        self._limit = 1 << 62 if rules.pass_limit is None else rules.pass_limit
        self._special = rules.jokers > 0 or (rules.opening == "fan_tan" and rules.first_player == "diamond_seven")

    def points(self, state: State, seat: int, rng: random.Random) -> int:
        """Play ``state`` (changed in place) to the end; E2 points of ``seat``."""
        self.play_out(state, rng, seat)
        return seat_points(state.result(), seat)

    def value(
        self, state: State, seat: int, rng: random.Random, win_bonus: float, others: Sequence[Weights] | None = None
    ) -> float:
        """Play ``state`` to the end; E2 points of ``seat`` plus ``win_bonus`` if it ranks first. ``others``
        (one per seat, ``seat``'s own ignored) are the weights the other seats play with, else the rollout's."""
        self.play_out(state, rng, seat, others)
        return seat_value(state.result(), seat, win_bonus)

    def play_out(
        self, state: State, rng: random.Random, seat: int = -1, others: Sequence[Weights] | None = None
    ) -> None:
        """Play ``state`` (changed in place) to the end; ``seat`` gets ``self_noise`` (and the rollout's
        weights when ``others`` gives the other seats theirs)."""
        rules, limit = self.rules, self._limit
        if others is None:
            seat_weights = [self.weights] * len(state._hands)
        else:
            seat_weights = [self.weights if s == seat else w for s, w in enumerate(others)]
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
                situation = Situation(rules, hand, 0, occupied, state._playable, None if left > 1 << 40 else left)
                if pass_score(situation, score, w) + noise * rng.random() > score:
                    state.apply(PASS_ACTION)
                    continue
            state.apply(PLAY_ACTIONS[best])

    def _needs_engine(self, state: State, p: int) -> bool:
        if state._jokers[p]:
            return True
        if self.rules.joker_exchange == "optional" and state._hands[p] & state._joker_at:
            return True
        return state._opens_with_7d and not state._occupied >> _SEVEN_OF_DIAMONDS & 1

    def _engine_move(self, state: State, p: int, rng: random.Random, noise: float, w: Weights) -> None:
        legal = state.legal_actions()
        left = state._limit - state._passes[p]
        situation = Situation(
            self.rules, state._hands[p], state._jokers[p], state._occupied, state._playable,
            None if left > 1 << 40 else left,
        )  # fmt: skip
        scores = score_actions(situation, legal, w)
        best = max(range(len(legal)), key=lambda i: scores[i] + noise * rng.random())
        state.apply(legal[best])
