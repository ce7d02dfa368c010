"""The oracle of a search agent (research only): the same Monte Carlo loop on the *true* state.

It measures what hidden information is worth (oracle vs search on the same deals). It must be handed the
real state openly through :meth:`OracleSource.bind` before the game (the arena does this for any agent that
has ``bind``); it is never offered in play and is absent from the tables front-ends use.
"""

from __future__ import annotations

import random
from typing import Generic, Protocol, TypeVar

from .determinized import Determinization, StateSource
from .view import SevensView


class TrueState(Determinization, Protocol):
    """What the oracle checks of the bound state: whose turn it is and that seat's hand."""

    @property
    def to_move(self) -> int | None: ...

    def hand(self, seat: int) -> int: ...


TrueStateT = TypeVar("TrueStateT", bound=TrueState)


class OracleSource(Generic[TrueStateT]):
    """Mixin for a :class:`~.determinized.DeterminizedAgent`: playouts start from copies of the bound state."""

    _state: TrueStateT | None = None

    def bind(self, state: TrueStateT) -> None:
        """Give the agent the live state of the game it plays (it is read at each move, never changed)."""
        self._state = state

    def _state_source(self, view: SevensView) -> StateSource[TrueStateT]:
        state = self._state
        if state is None or state.to_move != view.seat or state.hand(view.seat) != view.hand:
            raise RuntimeError("OracleAgent.bind(state) must be given the state of the game being played")
        bound = state

        def draw(rng: random.Random) -> TrueStateT:
            return bound.clone()

        return draw
