"""Agents for 七並べ (every preset and variant of RULES.md Part B, 2–20 players).

``LEVELS`` (:mod:`.levels`) are the five levels people choose from.
``AGENTS`` are offered in play (``sevens simulate --agents``): ``greedy``, ``heuristic`` and ``search``.
``RESEARCH_AGENTS`` only go to measuring tools: ``oracle`` sees every hand (through an explicit
``bind(state)``) and measures what the hidden information is worth.

What Shichi-narabe's geometry knows, one job a module: :mod:`.board` (lanes: the order each suit's empty
positions can be filled), :mod:`.policy` (scoring actions), :mod:`.knowledge` (what a log entry teaches),
:mod:`.inference`, :mod:`.sampling`, :mod:`.rollout` and the kernel paths; the agents around them are the 七並べ
families' (:mod:`sevens.agents.common`).

Notes from tuning (duplicate matches, every agent in every seat on the same deals):

* Blocking decides this game. With three passes and voluntary passing, the player who holds its gates
  (the 6s and 8s with nothing of its own behind them) and passes while it has passes left wins most: using
  every pass (``Weights.reserve = 0``) beats keeping one in reserve 42% to 25% in a four-player field, and
  most other weights barely matter.
* Against three ``heuristic`` players the cards themselves cap any player: the heuristics are deterministic,
  so a (deal, seat) is a one-player puzzle. In ``standard``, ``bench/hindsight.py`` (seeing every hand)
  finds a winning line in 37 of 100 pairs, proves 30 lost and leaves 33 undecided within its budget. Flat
  search with every hand visible wins 34%, open-loop MCTS with every hand visible 39%; with the hands hidden
  both stay near 26%, so what the search lacks there is information, not depth. Reading every choice of
  the opponents (the search's posterior chain) gives 61% of the hidden cards to their real holder instead of
  55%, and moves ``standard`` only from 26.0% to 26.7%; in ``joker`` it pays (docs/strength.md).
"""

from __future__ import annotations

from collections.abc import Callable

from sevens.agents.base import Agent

from .greedy import GreedyAgent
from .heuristic import HeuristicAgent
from .levels import LEVELS, expert_oracle
from .search import OracleAgent, SearchAgent

AGENTS: dict[str, Callable[[], Agent]] = {
    "greedy": GreedyAgent,
    "heuristic": HeuristicAgent,
    "search": SearchAgent,
}
RESEARCH_AGENTS: dict[str, Callable[[], Agent]] = {
    "oracle": OracleAgent,
    "expert-oracle": expert_oracle,  # the bound beside the expert's rows: its search, every hand visible
}

__all__ = ["AGENTS", "LEVELS", "RESEARCH_AGENTS", "GreedyAgent", "HeuristicAgent", "OracleAgent", "SearchAgent"]
