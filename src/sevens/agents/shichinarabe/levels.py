"""Which agent plays each level in the Shichi-narabe presets (:mod:`sevens.agents.levels`).

What separates the levels is mostly *holding back* (止める): a pass while holding a playable gate (a 6 or 8
that blocks a suit), and keeping gates for last. The tuned ``heuristic`` uses every pass that way
(``Weights.reserve = 0``), which wins against players who do not, but four of them block each other until
all but one are eliminated: in ``standard`` 96% of such games had nobody going out. So:

* ``beginner``: any playable card at random, and now and then a needless pass (:mod:`sevens.agents.common.casual`);
* ``easy``: any playable card at random, a pass only when it must;
* ``normal``: the ``heuristic``'s reading of lanes, but it never passes while it can play (``reserve`` above
  any pass limit), does not save its gates for last (``gate`` and ``gate_block`` 0) and does not stop the
  player closest to going out (``threat`` 0): with four of them, games have players who go out;
* ``hard``: the ``heuristic`` holding back with all but one of its passes (``reserve = 1``);
* ``expert``: ``search`` reading its opponents with a mixture of these policies (:data:`LEVEL_MIXTURE`).

The finishing rates and the ladder (each level against three of the one below) are measured in
docs/strength.md.
"""

from __future__ import annotations

from dataclasses import replace

from sevens.agents.base import Agent
from sevens.agents.common.casual import CasualAgent
from sevens.agents.levels import level_table
from sevens.games.shichinarabe.actions import PASS

from .heuristic import HeuristicAgent
from .policy import DEFAULT_WEIGHTS
from .search import OracleAgent, SearchAgent

NEVER_HOLDS_BACK = 99
"""A ``reserve`` above every pass limit: the player passes only when it has nothing to play."""

BEGINNER_NEEDLESS_PASS = 0.2
NORMAL_WEIGHTS = replace(DEFAULT_WEIGHTS, reserve=NEVER_HOLDS_BACK, gate=0.0, gate_block=0.0)
NORMAL_THREAT = 0.0
HARD_WEIGHTS = replace(DEFAULT_WEIGHTS, reserve=1)
LEVEL_MIXTURE = (DEFAULT_WEIGHTS, HARD_WEIGHTS, NORMAL_WEIGHTS)
"""How ``expert`` reads the other players: each may play like the tuned ``heuristic`` (holding back with every
pass), like ``hard`` (all but one) or like ``normal`` (never)."""

LEVELS = level_table({
    "beginner": lambda: CasualAgent(PASS, BEGINNER_NEEDLESS_PASS),
    "easy": lambda: CasualAgent(PASS),
    "normal": lambda: HeuristicAgent(NORMAL_WEIGHTS, NORMAL_THREAT),
    "hard": lambda: HeuristicAgent(HARD_WEIGHTS),
    "expert": lambda: SearchAgent(opponents=LEVEL_MIXTURE),
})  # fmt: skip


def expert_oracle() -> Agent:
    """``expert``'s search with every hand visible (research only: what reading the hands is worth to it)."""
    agent = OracleAgent(opponents=LEVEL_MIXTURE)
    agent.name = "expert-oracle"
    return agent


__all__ = [
    "BEGINNER_NEEDLESS_PASS",
    "HARD_WEIGHTS",
    "LEVELS",
    "LEVEL_MIXTURE",
    "NEVER_HOLDS_BACK",
    "NORMAL_THREAT",
    "NORMAL_WEIGHTS",
]
