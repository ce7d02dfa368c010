"""The thinking budget every Monte Carlo agent takes, and the seeded generator that makes it reproducible.

Two budgets: ``think_ms`` (a time limit per move, for interactive play) or, for tests and reproducible
experiments, ``rollouts`` (a fixed number of samples), which makes the agent deterministic for a given seed:
its only source of randomness is the generator :meth:`BudgetedAgent.reset` seeds before each game.
"""

from __future__ import annotations

import random


class BudgetedAgent:
    """An agent that samples under a ``think_ms`` or ``rollouts`` budget with its own seeded generator."""

    needs_view = True

    def __init__(self, think_ms: float, rollouts: int | None) -> None:
        if rollouts is not None and rollouts < 1:
            raise ValueError(f"rollouts={rollouts} must be at least 1 (or None for a time budget)")
        self.think_ms = think_ms
        self.rollouts = rollouts
        self.seat = 0
        self._rng = random.Random(0)
        self.last_samples = 0  # samples used by the last decision (for measurements)

    def reset(self, seat: int, seed: int) -> None:
        self.seat = seat
        self._rng.seed(seed)
