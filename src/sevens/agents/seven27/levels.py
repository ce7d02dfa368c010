"""Which agent plays each level in Seven Twenty-Seven (:mod:`sevens.agents.levels`).

* ``beginner``: ``random`` (takes, stands, bets and folds at random);
* ``easy``: ``rule`` that calls too much (a drawing hand calls however often the round was raised);
* ``normal``: ``rule``, the sound player;
* ``hard``: ``montecarlo`` with a short think (50 ms);
* ``expert``: ``montecarlo`` as tuned (150 ms).
"""

from __future__ import annotations

from dataclasses import replace

from sevens.agents.base import RandomAgent
from sevens.agents.levels import level_table

from .montecarlo import MonteCarloAgent
from .rule import DEFAULT_POLICY, RuleAgent

LOOSE_POLICY = replace(DEFAULT_POLICY, small_call_raises=99)
HARD_THINK_MS = 50.0

LEVELS = level_table({
    "beginner": RandomAgent,
    "easy": lambda: RuleAgent(LOOSE_POLICY),
    "normal": RuleAgent,
    "hard": lambda: MonteCarloAgent(think_ms=HARD_THINK_MS),
    "expert": MonteCarloAgent,
})  # fmt: skip

__all__ = ["HARD_THINK_MS", "LEVELS", "LOOSE_POLICY"]
