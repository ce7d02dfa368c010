"""Which agent plays each level in Killer sevens (:mod:`sevens.agents.levels`).

* ``beginner``: any playable card at random, a pass only when it must (:mod:`sevens.agents.common.beginner`);
* ``easy``: ``greedy`` (the play that frees most of its own cards, no thought for kills);
* ``normal``: the ``heuristic``'s choice of card (kills, never its own), but it passes only when it must;
* ``hard``: the ``heuristic`` as tuned, holding back while passes are to spare when every play does harm;
* ``expert``: ``search``.
"""

from __future__ import annotations

from dataclasses import replace

from sevens.agents.common.beginner import BeginnerAgent
from sevens.agents.levels import level_table
from sevens.games.killer.actions import PASS

from .greedy import GreedyAgent
from .heuristic import HeuristicAgent
from .policy import DEFAULT_WEIGHTS
from .search import SearchAgent

NORMAL_WEIGHTS = replace(DEFAULT_WEIGHTS, reserve=99)  # above every pass limit: never passes while it can play

LEVELS = level_table({
    "beginner": lambda: BeginnerAgent(PASS),
    "easy": GreedyAgent,
    "normal": lambda: HeuristicAgent(NORMAL_WEIGHTS),
    "hard": HeuristicAgent,
    "expert": SearchAgent,
})  # fmt: skip

__all__ = ["LEVELS", "NORMAL_WEIGHTS"]
