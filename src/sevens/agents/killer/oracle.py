"""``oracle`` (research only): the search agent's Monte Carlo loop on the *true* state.

It measures what hidden information is worth (oracle vs search on the same deals). It must be handed the
real state openly through :meth:`OracleAgent.bind` before the game (the arena does this for any agent that
has ``bind``); it is never offered in play and is absent from the table front-ends use.
"""

from __future__ import annotations

import random
from typing import Any

from sevens.games.killer.state import State
from sevens.games.killer.view import View

from .search import MonteCarloAgent, StateSource


class OracleAgent(MonteCarloAgent):
    """Sees every hand: playouts start from copies of the bound state itself."""

    name = "oracle"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._state: State | None = None

    def bind(self, state: State) -> None:
        """Give the agent the live state of the game it plays (it is read at each move, never changed)."""
        self._state = state

    def _state_source(self, view: View) -> StateSource:
        state = self._state
        if state is None or state.to_move != view.seat or state.hand(view.seat) != view.hand:
            raise RuntimeError("OracleAgent.bind(state) must be given the state of the game being played")
        bound = state

        def draw(rng: random.Random) -> State:
            return bound.clone()

        return draw
