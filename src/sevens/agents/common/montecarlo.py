"""The flat Monte Carlo decision every search agent makes: samples on a budget, the paired decision rule, and
an early stop once the decision is settled.

A search scores each candidate action on *samples* (a determinized deal, or the true state for an oracle):
one row per sample, one playout value per candidate, common random numbers inside a row so that the
differences between candidates are paired.

* :class:`Budget`: ``think_ms`` of the agent's own thread's CPU time per move (a loaded machine does not
  quietly weaken the agent, it thinks as much as on an idle core, only later; a wall-clock ceiling of
  ``wall_factor`` × ``think_ms`` bounds a person's wait), or a fixed number of ``samples``, which makes the agent
  deterministic: the same seed and views give the same moves on any machine
  (:meth:`BudgetedAgent.make_deterministic`), unless a ``patience`` ceiling (for a person waiting at a server's
  table, far above an idle core's time) cuts a decision on a machine too busy to finish it in time.
* :func:`paired_choice`: the default policy's choice unless another candidate beats it on the same samples by
  more than ``confidence`` standard errors of the paired differences (with few samples flat Monte Carlo is
  noisier than a good policy, so it overrides the policy only on clear evidence).
* :class:`StoppingRule`: after each chunk of samples (once there are ``min_samples``) the search stops when
  every rival of the current choice is settled by a wider test, ``z`` standard errors: the choice is the
  default and every rival is clearly worse, or it clearly beats the default and every other rival. A rival that
  matched on every sample so far counts as settled; a close decision runs to ``think_ms``. A fixed budget
  ignores the rule unless ``settle`` (the rule reads only the samples, so that stays reproducible);
  docs/strength.md, "Early stopping", measures what it costs.

>>> paired_choice([[0.0, 1.0], [0.0, 1.0], [0.0, 2.0]], default=0, confidence=1.0)
1
>>> rule = StoppingRule(width=2, default=0, confidence=1.0, z=3.0, min_samples=4)
>>> rule.settled([[1.0, 0.0], [2.0, 0.0]]), rule.settled([[1.0, 0.0], [1.5, 0.0]])
(False, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

Clock = Callable[[], float]  # seconds from an arbitrary origin

WALL_FACTOR = 3.0
"""The wall-clock ceiling of a time budget, in multiples of ``think_ms``."""

DEFAULT_STOP_Z = 3.0
DEFAULT_MIN_SAMPLES = 64


@dataclass(frozen=True, slots=True)
class Budget:
    """``think_ms`` of the agent's thread's CPU time per move, or with ``samples`` that many samples (fewer with
    ``settle``, once the decision is settled)."""

    think_ms: float = 300.0
    samples: int | None = None
    wall_factor: float = WALL_FACTOR
    settle: bool = False
    patience: float | None = None  # with samples: the wall-clock ceiling in multiples of think_ms (None: none)

    def __post_init__(self) -> None:
        if self.samples is not None and self.samples < 1:
            raise ValueError(f"samples={self.samples} must be at least 1 (or None for a time budget)")
        if not self.think_ms > 0:
            raise ValueError(f"think_ms={self.think_ms} must be more than 0 (milliseconds of CPU time per move)")
        if not self.wall_factor >= 1:
            raise ValueError(f"wall_factor={self.wall_factor} must be at least 1 (the wall-clock ceiling / think_ms)")
        if self.patience is not None and not self.patience >= 1:
            raise ValueError(f"patience={self.patience} must be at least 1 (the wall-clock ceiling / think_ms)")

    def start(self, cpu: Clock = time.thread_time, wall: Clock = time.perf_counter) -> Deadline:
        """The deadline of a decision starting now (tests give their own clocks); with ``samples``, only the
        ``patience`` ceiling (never passed without one)."""
        if self.samples is not None:
            if self.patience is None:
                return Deadline(math.inf, math.inf, lambda: 0.0, lambda: 0.0)  # exact: reads no clock
            return Deadline(math.inf, self.patience * self.think_ms / 1000.0, cpu, wall)
        return Deadline(self.think_ms / 1000.0, self.wall_factor * self.think_ms / 1000.0, cpu, wall)


class Deadline:
    """One decision's time budget: passed once the thread has used its CPU seconds or the wall ceiling is hit.

    >>> ticks = iter([0.0, 0.1, 0.2, 0.3])
    >>> deadline = Budget(think_ms=250).start(cpu=lambda: next(ticks), wall=lambda: 0.0)
    >>> deadline.passed(), deadline.passed(), deadline.passed()
    (False, False, True)
    """

    def __init__(self, cpu_seconds: float, wall_seconds: float, cpu: Clock, wall: Clock) -> None:
        self.cpu, self.wall = cpu, wall
        self._cpu_end = cpu() + cpu_seconds
        self._wall_end = wall() + wall_seconds

    def passed(self) -> bool:
        return self.cpu() >= self._cpu_end or self.wall() >= self._wall_end


class BudgetedAgent:
    """An agent that samples under a :class:`Budget` with its own seeded generator."""

    needs_view = True
    samples_per_cpu_second = 1000.0
    """About how many samples the agent plays per CPU second (measured with ``bench/search_throughput.py``):
    its deterministic form gets that many for its ``think_ms``."""

    def __init__(self, think_ms: float, rollouts: int | None) -> None:
        if rollouts is not None and rollouts < 1:
            raise ValueError(f"rollouts={rollouts} must be at least 1 (or None for a time budget)")
        self.budget = Budget(think_ms, rollouts)
        self._matched = False  # the sample budget is the one matching think_ms: it follows the rules' speed
        self.seat = 0
        self._rng = random.Random(0)
        self.last_samples = 0  # samples used by the last decision (for measurements)
        # the clocks a decision's budget reads, (CPU, wall): a test gives its own to play a loaded machine
        self.clocks: tuple[Clock, Clock] = (time.thread_time, time.perf_counter)

    @property
    def think_ms(self) -> float:
        return self.budget.think_ms

    @property
    def rollouts(self) -> int | None:
        return self.budget.samples

    @property
    def deterministic_samples(self) -> int:
        """The sample budget matching ``think_ms`` of CPU time (:attr:`samples_per_cpu_second`)."""
        return self._samples_at(self.samples_per_cpu_second)

    def _samples_at(self, per_cpu_second: float) -> int:
        return max(1, round(per_cpu_second * self.think_ms / 1000.0))

    def samples_per_cpu_second_under(self, rules: Any) -> float:
        """How many samples a CPU second gives under ``rules`` (a family whose sampling is slower under some
        rules says so here): :attr:`samples_per_cpu_second` by default."""
        return self.samples_per_cpu_second

    def make_deterministic(self, samples: int | None = None, patience: float | None = None) -> None:
        """Think in samples, not time: at most ``samples`` (default :attr:`deterministic_samples`, then under
        each game's rules the number matching ``think_ms`` there, :meth:`decision_budget`), stopping early once
        the decision is settled as on the clock; the same seed and views give the same moves (unless a decision
        outlasts ``patience`` × ``think_ms`` of wall-clock time, :class:`Budget`)."""
        fixed = self.deterministic_samples if samples is None else samples
        self.budget = Budget(self.think_ms, fixed, self.budget.wall_factor, settle=True, patience=patience)
        self._matched = samples is None

    def decision_budget(self, rules: Any) -> Budget:
        """The budget of one decision under ``rules``: a matched sample budget takes the samples ``think_ms`` of
        CPU buys under these rules (``joker``'s reading is slower), so a room's computer player thinks as long
        as on the clock; any other budget as it is."""
        if not self._matched:
            return self.budget
        return replace(self.budget, samples=self._samples_at(self.samples_per_cpu_second_under(rules)))

    def reset(self, seat: int, seed: int) -> None:
        self.seat = seat
        self._rng.seed(seed)


def sample_rows(
    row: Callable[[], list[float]],
    budget: Budget,
    stop: StoppingRule | None = None,
    cpu: Clock = time.thread_time,
    wall: Clock = time.perf_counter,
) -> list[list[float]]:
    """:func:`sample_chunks` of one ``row`` (one sample: a value per candidate) at a time."""
    return sample_chunks(lambda size: [row() for _ in range(size)], budget, 1, stop, cpu, wall)


def sample_chunks(
    chunk: Callable[[int], list[list[float]]],
    budget: Budget,
    size: int,
    stop: StoppingRule | None = None,
    cpu: Clock = time.thread_time,
    wall: Clock = time.perf_counter,
) -> list[list[float]]:
    """Rows from ``chunk`` (that many rows at once): ``budget.samples`` rows in chunks of at most ``size``
    (``stop`` is ignored unless ``budget.settle``: a fixed budget stays exact), or on a time budget chunks of
    ``size`` until the deadline has passed (at least one chunk) or, after a chunk, ``stop`` says the decision is
    settled."""
    rows: list[list[float]] = []
    deadline = budget.start(cpu, wall)
    samples = budget.samples
    settle = stop if samples is None or budget.settle else None
    while samples is None or len(rows) < samples:
        new = chunk(size if samples is None else min(size, samples - len(rows)))
        rows.extend(new)
        if deadline.passed() or (settle is not None and settle.settled(new)):
            break
    return rows


def paired_choice(values: Sequence[Sequence[float]], default: int, confidence: float) -> int:
    """The index of the ``default`` candidate unless another beats it by more than ``confidence`` standard
    errors of the paired differences (same samples, same noise); then the best of those by mean."""
    n = len(values)
    best, best_mean = default, 0.0
    for k in range(len(values[0])):
        if k == default:
            continue
        diffs = [row[k] - row[default] for row in values]
        mean = sum(diffs) / n
        margin = confidence * math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
        if mean - margin > 0 and mean > best_mean:
            best, best_mean = k, mean
    return best


class StoppingRule:
    """Running sums of the paired differences between every two candidates of one decision, and whether the
    decision they lead to is settled (module docstring)."""

    def __init__(self, width: int, default: int, confidence: float, z: float, min_samples: int) -> None:
        if not 0 <= default < width:
            raise ValueError(f"default={default} must be the index of one of the {width} candidates")
        if z <= 0:
            raise ValueError(f"z={z} must be more than 0 (standard errors of the stopping test)")
        if min_samples < 2:
            raise ValueError(f"min_samples={min_samples} must be at least 2 (a standard error needs two samples)")
        self.default, self.confidence, self.z, self.min_samples = default, confidence, z, min_samples
        self.samples = 0
        # sums[a, b] and squares[a, b]: sum of (row[a] - row[b]) and of its square over the samples so far
        self._sums = np.zeros((width, width))
        self._squares = np.zeros((width, width))

    def settled(self, rows: Sequence[Sequence[float]]) -> bool:
        """Adds ``rows`` (one value per candidate each) to the sums; whether the decision is now settled."""
        if len(rows):
            values = np.asarray(rows, dtype=np.float64)
            diffs = values[:, :, None] - values[:, None, :]
            self._sums += diffs.sum(axis=0)
            self._squares += (diffs * diffs).sum(axis=0)
            self.samples += len(rows)
        if self.samples < self.min_samples:
            return False
        n = self.samples
        mean = self._sums / n
        variance = np.maximum(self._squares / n - mean * mean, 0.0) * n / (n - 1)
        return self._settled(mean, np.sqrt(variance / n))

    def _settled(self, mean: npt.NDArray[np.float64], error: npt.NDArray[np.float64]) -> bool:
        """Whether the choice is settled given the paired differences' means and standard errors."""
        d, width = self.default, len(mean)
        # the current choice, as paired_choice makes it: the first rival of the best mean among those that pass
        passing = [k for k in range(width) if k != d and mean[k, d] - self.confidence * error[k, d] > 0]
        if not passing:
            return all(mean[k, d] + self.z * error[k, d] <= 0 for k in range(width) if k != d)
        leader = max(passing, key=lambda k: mean[k, d])
        if mean[leader, d] - self.z * error[leader, d] <= 0:
            return False
        return all(mean[leader, k] - self.z * error[leader, k] >= 0 for k in range(width) if k not in (leader, d))
