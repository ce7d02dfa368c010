"""The thinking budget every Monte Carlo agent takes, and the seeded generator that makes it reproducible.

A :class:`Budget` is either a time limit per move (``think_ms``, for interactive play) or a fixed number of
samples (``samples``: determinizations, each played out for every candidate).

* **Time** is counted in CPU time of the agent's own thread (:func:`time.thread_time`), not on the wall clock,
  so a loaded machine (other rooms, other processes, other threads) does not quietly weaken the agent: it
  thinks as much as on an idle core, only later. A wall-clock ceiling of ``wall_factor`` × ``think_ms`` keeps
  a person's wait bounded when the machine is very busy.
* **Samples** make the agent deterministic: its only source of randomness is the generator
  :meth:`BudgetedAgent.reset` seeds before each game, so the same seed and the same views give the same
  moves on any machine under any load. With ``settle`` the search may stop before ``samples`` once its
  decision is settled (:mod:`.stopping`: the rule reads only the samples, so this stays reproducible).
  ``make_agent(name, deterministic=True)`` gives an agent the settling sample budget that matches its clock
  on an idle core (:meth:`BudgetedAgent.make_deterministic`).

>>> ticks = iter([0.0, 0.1, 0.2, 0.3])
>>> deadline = Budget(think_ms=250).start(cpu=lambda: next(ticks), wall=lambda: 0.0)
>>> deadline.passed(), deadline.passed(), deadline.passed()
(False, False, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

Clock = Callable[[], float]
"""Seconds from an arbitrary origin."""

WALL_FACTOR = 3.0
"""The wall-clock ceiling of a time budget, in multiples of ``think_ms``."""


@dataclass(frozen=True, slots=True)
class Budget:
    """``think_ms`` of the agent's thread's CPU time per move, or with ``samples`` that many samples (fewer with
    ``settle``, once the decision is settled)."""

    think_ms: float = 300.0
    samples: int | None = None
    wall_factor: float = WALL_FACTOR
    settle: bool = False

    def __post_init__(self) -> None:
        if self.samples is not None and self.samples < 1:
            raise ValueError(f"samples={self.samples} must be at least 1 (or None for a time budget)")
        if not self.think_ms > 0:
            raise ValueError(f"think_ms={self.think_ms} must be more than 0 (milliseconds of CPU time per move)")
        if not self.wall_factor >= 1:
            raise ValueError(f"wall_factor={self.wall_factor} must be at least 1 (the wall-clock ceiling / think_ms)")

    def start(self, cpu: Clock = time.thread_time, wall: Clock = time.perf_counter) -> Deadline:
        """The deadline of a decision starting now (tests give their own clocks)."""
        return Deadline(self.think_ms / 1000.0, self.wall_factor * self.think_ms / 1000.0, cpu, wall)


class Deadline:
    """One decision's time budget: passed once the thread has used its CPU seconds or the wall ceiling is hit."""

    def __init__(self, cpu_seconds: float, wall_seconds: float, cpu: Clock, wall: Clock) -> None:
        self.cpu, self.wall = cpu, wall
        self._cpu_end = cpu() + cpu_seconds
        self._wall_end = wall() + wall_seconds

    def passed(self) -> bool:
        return self.cpu() >= self._cpu_end or self.wall() >= self._wall_end


class BudgetedAgent:
    """An agent that samples under a :class:`Budget` with its own seeded generator."""

    needs_view = True
    samples_per_cpu_second: ClassVar[float] = 1000.0
    """About how many samples the agent plays per CPU second (measured with ``bench/search_throughput.py``):
    its deterministic form gets that many for its ``think_ms``."""

    def __init__(self, think_ms: float, rollouts: int | None) -> None:
        if rollouts is not None and rollouts < 1:
            raise ValueError(f"rollouts={rollouts} must be at least 1 (or None for a time budget)")
        self.budget = Budget(think_ms, rollouts)
        self.seat = 0
        self._rng = random.Random(0)
        self.last_samples = 0  # samples used by the last decision (for measurements)

    @property
    def think_ms(self) -> float:
        return self.budget.think_ms

    @property
    def rollouts(self) -> int | None:
        return self.budget.samples

    @property
    def deterministic_samples(self) -> int:
        """The sample budget matching ``think_ms`` of CPU time (:attr:`samples_per_cpu_second`)."""
        return max(1, round(self._sample_rate() * self.think_ms / 1000.0))

    def _sample_rate(self) -> float:
        return self.samples_per_cpu_second

    def make_deterministic(self, samples: int | None = None) -> None:
        """Think in samples, not time: at most ``samples`` (default :attr:`deterministic_samples`), stopping
        early once the decision is settled as on the clock; the same seed and views give the same moves."""
        fixed = self.deterministic_samples if samples is None else samples
        self.budget = Budget(self.think_ms, fixed, self.budget.wall_factor, settle=True)

    def reset(self, seat: int, seed: int) -> None:
        self.seat = seat
        self._rng.seed(seed)
