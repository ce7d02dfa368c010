"""When a search on a clock may stop thinking: its decision is settled and more samples would not change it.

:func:`~.montecarlo.paired_choice` keeps the default policy's candidate unless a rival beats it by more than
``confidence`` standard errors of the paired differences, then takes the best such rival by mean. After each
chunk of samples (once there are ``min_samples``) the rule below asks whether every rival of that current
choice is *settled* by a wider test, ``z`` standard errors (``z`` = 3 by default, against the decision's 1):

* the current choice is the default: every rival is clearly worse than it (the mean paired difference plus
  ``z`` standard errors is at most 0), so no rival can plausibly pass the decision's test later;
* the current choice overrides the default: it clearly beats the default (minus ``z`` standard errors still
  above 0) and is clearly ahead of every other rival (the same test on their paired differences).

A rival that has matched the candidate it is compared with on every sample so far (every difference 0) counts
as settled: a single differing sample later cannot pass the decision's test either. A close decision never
settles and runs to ``think_ms``, which stays the ceiling; a ``rollouts`` budget ignores the rule (fixed
budgets stay exact). The rule looks after every chunk, so it is a sequential test; ``z`` = 3 and the floor keep
false stops rare, and a false stop is between candidates whose values are close (docs/strength.md, "Early
stopping", measures how often the early decision differs from the full-budget one and what that costs).

>>> rule = StoppingRule(width=2, default=0, confidence=1.0, z=3.0, min_samples=4)
>>> rule.settled([[1.0, 0.0], [2.0, 0.0]]), rule.settled([[1.0, 0.0], [1.5, 0.0]])
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

DEFAULT_STOP_Z = 3.0
DEFAULT_MIN_SAMPLES = 64


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
        self.default = default
        self.confidence = confidence
        self.z = z
        self.min_samples = min_samples
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
        error = np.sqrt(variance / n)
        d, width = self.default, len(mean)
        # the current choice, as paired_choice makes it: the first rival of the best mean among those that pass
        passing = [k for k in range(width) if k != d and mean[k, d] - self.confidence * error[k, d] > 0]
        if not passing:
            return all(mean[k, d] + self.z * error[k, d] <= 0 for k in range(width) if k != d)
        leader = max(passing, key=lambda k: mean[k, d])
        if mean[leader, d] - self.z * error[leader, d] <= 0:
            return False
        return all(mean[leader, k] - self.z * error[leader, k] >= 0 for k in range(width) if k not in (leader, d))
