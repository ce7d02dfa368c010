"""Agents for 殺しの7並べ (Killer sevens: every variant of RULES.md Part C, 2–20 players): the tables of
:mod:`sevens.agents.base`, as for Shichi-narabe (:mod:`sevens.agents.shichinarabe`).

What Killer's geometry knows, one job a module: :mod:`.board` (what a play kills, how close a position is to
dying), :mod:`.policy` (scoring actions), :mod:`.knowledge` (what a log entry teaches), :mod:`.sampling`
(deals and the opponent model) and :mod:`.search` (with its playouts); the agents around them are the 七並べ
families' (:mod:`sevens.agents.common`).

Notes from tuning (duplicate matches, every agent in every seat on the same deals, 4 players, ``killer``):

* Holding back rarely pays in Killer: a card kept in hand can only die, and a pass delays leaving, which
  breaks ties (C8 ``earlier_exit``). The policy passes only when every play falls short *and* the harm may go
  away by waiting (never to postpone a self-kill nobody else can cause).
* Most policy weights barely matter (±2% over 800 games); what matters is taking kills, never killing one's
  own cards, and playing a card before an opponent can fill its last empty neighbour.
* Reading opponents' choices helps a little (hidden cards in the right hand: 37% against 35% for uniform
  deals); hidden information is worth a lot: ``oracle`` wins about half of its games against three
  ``heuristic`` players, ``search`` about 35%.

Levels: ``beginner`` and ``easy`` play any card at random (``beginner`` now and then passes needlessly);
``normal`` plays the ``heuristic``'s card but passes only when it must; ``hard`` is ``search`` with a short
think (holding back, which separates ``hard`` from ``normal`` in Shichi-narabe, barely pays here), reading the
others' hands from their choices at a table of six or more (:class:`HardAgent`); ``expert`` is ``search``
reading hands with the posterior chain and playing to win (:data:`EXPERT`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from sevens.agents.base import Agent
from sevens.agents.common.heuristic import CasualAgent
from sevens.agents.levels import level_table
from sevens.games.killer.actions import PASS

from .heuristic import GreedyAgent, HeuristicAgent
from .policy import DEFAULT_WEIGHTS
from .search import OracleAgent, SearchAgent

BEGINNER_NEEDLESS_PASS = 0.2
HARD_THINK_MS = 200.0
NORMAL_WEIGHTS = replace(DEFAULT_WEIGHTS, reserve=99)  # above every pass limit: never passes while it can play
READING_BURN_IN, READING_MISS = 300, 0.05
"""The expert's reading of hands: the posterior chain's burn-in and how often a player may miss its policy."""
LARGE_TABLE_PLAYERS = 6
EXPERT_WIN_BONUS = 10.0
EXPERT = partial(SearchAgent, burn_in=READING_BURN_IN, miss=READING_MISS, win_bonus=EXPERT_WIN_BONUS)
"""The expert's recipe (``EXPERT(rollouts=16)`` for a fixed budget): hands read by the posterior chain, every
past choice weighed, and playouts that count a win (+10 E2) twice."""


class HardAgent(SearchAgent):
    """``hard``: the search with a short think (:data:`HARD_THINK_MS`); at a table of six or more it reads the
    others' hands from their choices as ``expert`` does. With seven players each holds seven or eight cards and
    six of them hide theirs: over the same 840 games against six ``normal`` reading took ``hard`` from 1.09× to
    1.18× chance (docs/strength.md). Its budget stays the search's own (the server's samples, the arena's)."""

    def __init__(self) -> None:
        super().__init__(think_ms=HARD_THINK_MS)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        if view.rules.players >= LARGE_TABLE_PLAYERS:
            self.burn_in, self.miss = READING_BURN_IN, READING_MISS
        return super().act(view, legal)


class ExpertOracle(OracleAgent):
    """``expert``'s search with every hand visible, playing to win as it does (research only: what reading the
    hands is worth to it)."""

    name = "expert-oracle"

    def __init__(self) -> None:
        super().__init__(win_bonus=EXPERT_WIN_BONUS)


LEVELS = level_table({
    "beginner": lambda: CasualAgent(PASS, BEGINNER_NEEDLESS_PASS),
    "easy": lambda: CasualAgent(PASS),
    "normal": lambda: HeuristicAgent(NORMAL_WEIGHTS),
    "hard": HardAgent,
    "expert": EXPERT,
})  # fmt: skip
AGENTS: dict[str, Callable[[], Agent]] = {"greedy": GreedyAgent, "heuristic": HeuristicAgent, "search": SearchAgent}
RESEARCH_AGENTS: dict[str, Callable[[], Agent]] = {
    "oracle": OracleAgent,
    "expert-oracle": ExpertOracle,  # the bound beside the expert's rows: its search, every hand visible
    "expert-v1": EXPERT,  # today's expert, kept under its own name to measure a new one against (issue 30)
}

__all__ = ["AGENTS", "LEVELS", "RESEARCH_AGENTS", "GreedyAgent", "HeuristicAgent", "OracleAgent", "SearchAgent"]
