"""``oracle`` (research only): Shichi-narabe's search loop played out from the *true* state, bound openly with
``bind(state)`` before the game; what it is for and how it is checked is in :mod:`sevens.agents.common.oracle`.
"""

from __future__ import annotations

from sevens.agents.common.oracle import OracleSource
from sevens.games.shichinarabe.state import State

from .search import MonteCarloAgent


class OracleAgent(OracleSource[State], MonteCarloAgent):
    """Sees every hand: playouts start from copies of the bound state itself."""

    name = "oracle"
