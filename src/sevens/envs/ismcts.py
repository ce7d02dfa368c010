"""OpenSpiel's IS-MCTS bot as a ``sevens`` agent (``sevens arena --agents ismcts,heuristic,…``; research only).

The bot searches the registered OpenSpiel game (:mod:`sevens.envs.openspiel`). Like every agent it is given
only its seat's view: the root of each search is a deal of the cards it cannot see, consistent with that view
and the public log, and every simulation deals them afresh (information-set MCTS). Leaves are valued by one
random rollout; returns are E2 points (±10), so the exploration constant is on that scale.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from sevens.envs.openspiel import LogEntry, SevensState, load_for_rules, resample_consistent
from sevens.envs.table import Table
from sevens.errors import SevensError


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's IS-MCTS bot, restartable, so that ``open_spiel.python.algorithms.evaluate_bots`` can seat it
    (OpenSpiel's own bot does not implement ``restart_at``; its search keeps nothing between moves but a tree
    that :meth:`reset` clears)."""

    def restart_at(self, state: Any) -> None:
        self.reset()


class ISMCTSAgent:
    """IS-MCTS with ``simulations`` simulations per decision (one random rollout at each leaf)."""

    name = "ismcts"
    needs_view = True

    def __init__(self, simulations: int = 100, uct_c: float = 10.0) -> None:
        self.simulations = simulations
        self.uct_c = uct_c
        self._rng = random.Random(0)
        self._games: dict[Any, Any] = {}

    def reset(self, seat: int, seed: int) -> None:
        self._rng.seed(seed)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        game = self._game(view.rules)
        numpy_rng = np.random.RandomState(self._rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numpy_rng)
        bot = ISMCTSBot(game, evaluator, self.uct_c, self.simulations, random_state=numpy_rng)
        public = public_log(view, game.table)  # the same for the root and every resample
        bot.set_resampler(lambda state, player: self.deal(view, public))
        number = bot.step(self.deal(view, public))
        chosen = game.table.space.action(int(number))
        assert chosen in legal, (chosen, legal)
        return chosen

    def deal(self, view: Any, public: list[LogEntry] | None = None) -> SevensState:
        """A state of the registered game in which ``view``'s seat is in the information state it is in: the
        cards it cannot see dealt afresh, consistent with the view and the public log (the search's root, and
        each simulation's start). ``public``: the view's :func:`public_log`, when the caller has it."""
        game = self._game(view.rules)
        if public is None:
            public = public_log(view, game.table)
        # every seat's record so far, as this seat read it: the information states start from what it has seen
        earlier = [view.history] * (game.num_players() + 1)
        dealt = resample_consistent(game.table.family.name, view, self._rng)
        return SevensState.of(game, dealt, public, earlier=earlier)

    def _game(self, rules: Any) -> Any:
        game = self._games.get(rules)
        if game is None:
            game = self._games[rules] = load_for_rules(rules)
        return game


def public_log(view: Any, table: Table) -> list[LogEntry]:
    """The actions of a view's public history as the OpenSpiel state records them (events left out)."""
    log: list[LogEntry] = []
    for seat, entry in view.history:
        try:
            action = table.family.parse_action(str(entry))
            log.append((seat, table.space.index(action), -1))
        except SevensError:
            continue  # an event (a seat finished, died, …), not an action
    return log
