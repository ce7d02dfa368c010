"""Fast playouts of a determinized state: every seat plays the :mod:`.policy` scores, with a little noise.

A playout is worth the seat's E2 points plus ``win_bonus`` when it ranks first: the levels are measured by
wins, and E2 pays 2nd place half of 1st, so a pure points maximiser trades some wins for safer 2nd places.

The playout runs on a private clone made by :mod:`.sampling`, so it reads that clone's bit sets directly
(hands, table, dead positions, the playable front) instead of building views and legal-action lists at
every step, and moves through the engine's own ``apply``: no rule is re-implemented here (a seat with
nothing to play passes, and the engine eliminates it when no pass is left).
"""

from __future__ import annotations

import random

from sevens.agents.common.search import seat_value
from sevens.games.killer.actions import PASS_ACTION, PLAY_ACTIONS
from sevens.games.killer.rules import Rules
from sevens.games.killer.state import State

from .board import Board
from .policy import DEFAULT_WEIGHTS, Weights, predict


class Rollout:
    """Plays a state to its end with the shared policy. ``noise`` blurs every seat's close choices."""

    def __init__(
        self, rules: Rules, weights: Weights = DEFAULT_WEIGHTS, noise: float = 0.5, win_bonus: float = 0.0
    ) -> None:
        self.rules = rules
        self.board = Board.of(rules)
        self.weights = weights
        self.noise = noise
        self.win_bonus = win_bonus
        self._limit = None if rules.pass_limit is None else rules.pass_limit

    def value(self, state: State, seat: int, rng: random.Random) -> float:
        """Play ``state`` (changed in place) to the end; E2 points of ``seat``, plus ``win_bonus`` if it ranks
        first."""
        self.play_out(state, rng)
        return seat_value(state.result(), seat, self.win_bonus)

    def play_out(self, state: State, rng: random.Random) -> None:
        """Play ``state`` (changed in place) to the end."""
        board, w, noise, limit = self.board, self.weights, self.noise, self._limit
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
