"""Which agent plays each level in Seven Twenty-Seven (:mod:`sevens.agents.levels`): ``beginner`` is ``random``,
``easy`` a ``rule`` player that calls too much, ``normal`` the ``rule`` player, ``hard`` and ``expert``
``montecarlo`` thinking 50 and 150 ms."""

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
