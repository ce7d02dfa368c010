"""Which agent plays each level in Killer sevens (:mod:`sevens.agents.levels`).

* ``beginner``: any playable card at random, and now and then a needless pass (:mod:`sevens.agents.common.casual`);
* ``easy``: any playable card at random, a pass only when it must;
* ``normal``: the ``heuristic``'s choice of card (kills, never its own), but it passes only when it must;
* ``hard``: ``search`` with a short think (:data:`HARD_THINK_MS`): holding back, which is what separates
  ``hard`` from ``normal`` in Shichi-narabe, barely pays in Killer (the tuned ``heuristic`` ties ``normal``);
* ``expert``: ``search`` (450 ms) reading hands with the posterior chain and playing to win (:data:`EXPERT`).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from sevens.agents.common.casual import CasualAgent
from sevens.agents.levels import level_table
from sevens.games.killer.actions import PASS

from .heuristic import HeuristicAgent
from .policy import DEFAULT_WEIGHTS
from .search import SearchAgent

BEGINNER_NEEDLESS_PASS = 0.2
HARD_THINK_MS = 200.0
NORMAL_WEIGHTS = replace(DEFAULT_WEIGHTS, reserve=99)  # above every pass limit: never passes while it can play
EXPERT = partial(SearchAgent, burn_in=300, miss=0.05, win_bonus=10.0)
"""The expert's recipe (``EXPERT(rollouts=16)`` for a fixed budget): hands read by the posterior chain, every
past choice weighed, and playouts that count a win (+10 E2) twice."""

LEVELS = level_table({
    "beginner": lambda: CasualAgent(PASS, BEGINNER_NEEDLESS_PASS),
    "easy": lambda: CasualAgent(PASS),
    "normal": lambda: HeuristicAgent(NORMAL_WEIGHTS),
    "hard": lambda: SearchAgent(think_ms=HARD_THINK_MS),
    "expert": EXPERT,
})  # fmt: skip

__all__ = ["BEGINNER_NEEDLESS_PASS", "EXPERT", "HARD_THINK_MS", "LEVELS", "NORMAL_WEIGHTS"]
