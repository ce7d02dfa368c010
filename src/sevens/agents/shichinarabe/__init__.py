"""Agents for 七並べ (every preset and variant of RULES.md Part B, 2–20 players): the tables of
:mod:`sevens.agents.base`. ``LEVELS`` are the five levels people choose from; ``AGENTS`` are offered in play
(``greedy``, ``heuristic``, ``search``); ``RESEARCH_AGENTS`` only go to measuring tools (``oracle`` sees every
hand through an explicit ``bind(state)``).

What Shichi-narabe's geometry knows, one job a module: :mod:`.board` (lanes: the order each suit's empty
positions can be filled), :mod:`.policy` (scoring actions), :mod:`.knowledge` (what a log entry teaches),
:mod:`.sampling` (deals and the opponent model), :mod:`.search` (with its playouts) and :mod:`.kernel`; the
agents around them are the 七並べ families' (:mod:`sevens.agents.common`).

Notes from tuning (duplicate matches, every agent in every seat on the same deals):

* Blocking decides this game. With three passes and voluntary passing, the player who holds its gates (the 6s
  and 8s with nothing of its own behind them) and passes while it has passes left wins most: using every pass
  (``Weights.reserve = 0``) beats keeping one in reserve 42% to 25% in a four-player field.
* Against three ``heuristic`` players the cards themselves cap any player: a (deal, seat) is a one-player
  puzzle, and ``bench/hindsight.py`` (seeing every hand) finds a winning line in only 37 of 100 pairs in
  ``standard``. Search with every hand visible wins 34–39%, with the hands hidden near 26%: what it lacks is
  information, not depth. Reading every choice of the opponents (the posterior chain) places 61% of the hidden
  cards with their real holder instead of 55%: little in ``standard``, more in ``joker`` (docs/strength.md).

The levels differ mostly in *holding back* (止める): four tuned ``heuristic`` players block each other until
all but one are eliminated (in ``standard`` 96% of such games had nobody going out). So:

* ``beginner``: any playable card at random, and now and then a needless pass;
* ``easy``: any playable card at random, a pass only when it must;
* ``normal``: the ``heuristic``'s reading of lanes, but it never passes while it can play, does not save its
  gates for last and does not stop the player closest to going out: with four of them, players go out;
* ``hard``: the ``heuristic`` holding back with all but one of its passes (``reserve = 1``);
* ``expert``: ``search`` reading its opponents with a mixture of these policies (:data:`LEVEL_MIXTURE`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from sevens.agents.base import Agent
from sevens.agents.common.heuristic import CasualAgent
from sevens.agents.levels import level_table
from sevens.games.shichinarabe.actions import PASS

from .heuristic import GreedyAgent, HeuristicAgent
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


def expert_oracle() -> Agent:
    """``expert``'s search with every hand visible (research only: what reading the hands is worth to it)."""
    agent = OracleAgent(opponents=LEVEL_MIXTURE)
    agent.name = "expert-oracle"
    return agent


LEVELS = level_table({
    "beginner": lambda: CasualAgent(PASS, BEGINNER_NEEDLESS_PASS),
    "easy": lambda: CasualAgent(PASS),
    "normal": lambda: HeuristicAgent(NORMAL_WEIGHTS, NORMAL_THREAT),
    "hard": lambda: HeuristicAgent(HARD_WEIGHTS),
    "expert": lambda: SearchAgent(opponents=LEVEL_MIXTURE),
})  # fmt: skip
AGENTS: dict[str, Callable[[], Agent]] = {"greedy": GreedyAgent, "heuristic": HeuristicAgent, "search": SearchAgent}
RESEARCH_AGENTS: dict[str, Callable[[], Agent]] = {
    "oracle": OracleAgent,
    "expert-oracle": expert_oracle,  # the bound beside the expert's rows: its search, every hand visible
}

__all__ = ["AGENTS", "LEVELS", "RESEARCH_AGENTS", "GreedyAgent", "HeuristicAgent", "OracleAgent", "SearchAgent"]
