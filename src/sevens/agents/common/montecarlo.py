"""The flat Monte Carlo decision loop shared by the search agents of the 七並べ families.

A search agent scores each candidate action on a series of *samples* (a determinized deal, or the true state
for an oracle): one row per sample, one playout value per candidate, with common random numbers inside a row
so that the differences between candidates are paired. :func:`sample_rows` runs that loop on a budget
(:mod:`.budget`; on a clock it may stop early, when the decision is settled: :mod:`.stopping`);
:func:`paired_choice` turns the rows into a decision.

The decision is the default policy's choice unless another candidate beats it on the same samples by more
than ``confidence`` standard errors of the paired differences: with few samples, flat Monte Carlo is noisier
than a good policy, so it only overrides the policy when the evidence is clear.

>>> paired_choice([[0.0, 1.0], [0.0, 1.0], [0.0, 2.0]], default=0, confidence=1.0)
1
>>> paired_choice([[0.0, 5.0], [0.0, -4.0]], default=0, confidence=1.0)
0
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

from .budget import Budget, Clock
from .stopping import StoppingRule


def sample_rows(
    row: Callable[[], list[float]],
    budget: Budget,
    stop: StoppingRule | None = None,
    cpu: Clock = time.thread_time,
    wall: Clock = time.perf_counter,
) -> list[list[float]]:
    """Call ``row`` (one sample: a value per candidate) ``budget.samples`` times, or on a time budget until
    its deadline has passed (at least once) or ``stop`` says the decision is settled."""
    return sample_chunks(lambda size: [row() for _ in range(size)], budget, 1, stop, cpu, wall)


def sample_chunks(
    chunk: Callable[[int], list[list[float]]],
    budget: Budget,
    size: int,
    stop: StoppingRule | None = None,
    cpu: Clock = time.thread_time,
    wall: Clock = time.perf_counter,
) -> list[list[float]]:
    """:func:`sample_rows` for a ``chunk`` function that gives that many rows at once (a batched playout):
    ``budget.samples`` rows in chunks of at most ``size`` (``stop`` is ignored unless ``budget.settle``: a fixed
    budget stays exact), or
    on a time budget chunks of ``size`` until the deadline (:class:`~.budget.Deadline`, on the ``cpu`` and
    ``wall`` clocks) has passed (at least one chunk) or, after a chunk, ``stop`` says the decision is settled
    (:mod:`.stopping`)."""
    rows: list[list[float]] = []
    if budget.samples is not None:
        while len(rows) < budget.samples:
            new = chunk(min(size, budget.samples - len(rows)))
            rows.extend(new)
            if budget.settle and stop is not None and stop.settled(new):
                break
        return rows
    deadline = budget.start(cpu, wall)
    while True:
        new = chunk(size)
        rows.extend(new)
        if deadline.passed() or (stop is not None and stop.settled(new)):
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
        if n > 1:
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            margin = confidence * math.sqrt(var / n)
        else:
            margin = 0.0
        if mean - margin > 0 and mean > best_mean:
            best, best_mean = k, mean
    return best
