"""Which agent plays each level in the Shichi-narabe presets (:mod:`sevens.agents.levels`).

What separates the levels is mostly *holding back* (止める): a pass while holding a playable gate (a 6 or 8
that blocks a suit). The tuned ``heuristic`` uses every pass that way (``Weights.reserve = 0``), which wins
against players who do not, but four of them block each other until all but one are eliminated: in
``standard`` 96% of such games had nobody going out. So:

* ``beginner``: any playable card at random, a pass only when it must (:mod:`sevens.agents.common.beginner`);
* ``easy``: ``greedy`` (the play that frees most of its own cards; a pass only when it must);
* ``normal``: the ``heuristic``'s choice of card, but it never passes while it can play (``reserve`` above
  any pass limit), so games have players who go out;
* ``hard``: the ``heuristic`` holding back with all but one of its passes (``reserve = 1``);
* ``expert``: ``search`` reading its opponents with a mixture of these policies (:data:`LEVEL_MIXTURE`).

The ladder (each level against three of the one below) is measured in docs/strength.md.
"""

from __future__ import annotations

from dataclasses import replace

from sevens.agents.common.beginner import BeginnerAgent
from sevens.agents.levels import level_table
from sevens.games.shichinarabe.actions import PASS

from .greedy import GreedyAgent
from .heuristic import HeuristicAgent
from .policy import DEFAULT_WEIGHTS
from .search import SearchAgent

NEVER_HOLDS_BACK = 99
"""A ``reserve`` above every pass limit: the player passes only when it has nothing to play."""

NORMAL_WEIGHTS = replace(DEFAULT_WEIGHTS, reserve=NEVER_HOLDS_BACK)
HARD_WEIGHTS = replace(DEFAULT_WEIGHTS, reserve=1)
LEVEL_MIXTURE = (DEFAULT_WEIGHTS, HARD_WEIGHTS, NORMAL_WEIGHTS)
"""How ``expert`` reads the other players: each may hold back with every pass, with all but one, or never."""

LEVELS = level_table({
    "beginner": lambda: BeginnerAgent(PASS),
    "easy": GreedyAgent,
    "normal": lambda: HeuristicAgent(NORMAL_WEIGHTS),
    "hard": lambda: HeuristicAgent(HARD_WEIGHTS),
    "expert": lambda: SearchAgent(opponents=LEVEL_MIXTURE),
})  # fmt: skip

__all__ = ["HARD_WEIGHTS", "LEVELS", "LEVEL_MIXTURE", "NEVER_HOLDS_BACK", "NORMAL_WEIGHTS"]
