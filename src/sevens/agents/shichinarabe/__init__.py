"""Agents for 七並べ (every preset and variant of RULES.md Part B).

``AGENTS`` are offered in play (``sevens simulate --agents``); ``RESEARCH_AGENTS`` only to measuring tools
(the oracle sees every hand).
"""

from __future__ import annotations

from collections.abc import Callable

from sevens.agents.base import Agent

from .greedy import GreedyAgent
from .heuristic import HeuristicAgent
from .oracle import OracleAgent
from .search import SearchAgent

AGENTS: dict[str, Callable[[], Agent]] = {
    "greedy": GreedyAgent,
    "heuristic": HeuristicAgent,
    "search": SearchAgent,
}
RESEARCH_AGENTS: dict[str, Callable[[], Agent]] = {"oracle": OracleAgent}

__all__ = ["AGENTS", "RESEARCH_AGENTS", "GreedyAgent", "HeuristicAgent", "OracleAgent", "SearchAgent"]
