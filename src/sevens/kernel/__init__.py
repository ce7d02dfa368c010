"""A compiled, batched 七並べ engine (numba) for simulations, benchmarks and the search agent's rollouts.

It is a second implementation of RULES.md Part B (every parameter, jokers included), checked move for move against
:mod:`sevens.games.shichinarabe` (tests/kernel, bench/kernel_crosscheck.py). It needs the ``research`` extra
(``pip install 'sevens[research]'``, which brings numba); only ``sevens bench --batched`` uses it, on demand.

>>> from sevens.games.shichinarabe import Rules, State
>>> state = State.new(Rules.preset("tunnel"), seed=3)
>>> playout(state, "heuristic", n=8, seed=1).shape  # E2 points of 8 playouts, per seat
(8, 4)
"""

from __future__ import annotations

import os
from collections.abc import Sequence

# numba's OpenMP threads otherwise spin between parallel calls (a vector env's steps, a search's batches),
# burning the CPU other processes need on a small shared machine; the user's own setting wins.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import numpy as np
import numpy.typing as npt

from sevens.games.shichinarabe import State
from sevens.kernel.batch import (
    OUTCOME_NAMES,
    Batch,
    Outcome,
    Policy,
    SeatNoise,
    UnsupportedRulesError,
    check_supported,
    supports,
)
from sevens.policy_weights import DEFAULT_WEIGHTS, Weights


def playout(
    states: State | Sequence[State],
    policy: Policy = "heuristic",
    n: int = 1,
    seed: int = 0,
    *,
    noise: SeatNoise = 0.0,
    weights: Weights | Sequence[Weights] = DEFAULT_WEIGHTS,
) -> npt.NDArray[np.int64]:
    """Play each state (copied, never changed) to its end ``n`` times; the E2 points of every seat.

    ``states``: one position or several (e.g. a search's determinizations, all with the same rules);
    ``weights`` and ``noise``: the heuristic's, for every seat or one per seat.
    Returns shape ``(n, players)`` for one state, ``(len(states), n, players)`` for a sequence. Raises
    :class:`UnsupportedRulesError` for rules of another family."""
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    many = not isinstance(states, State)
    chosen = [states] if isinstance(states, State) else list(states)
    batch = Batch.from_states(chosen)
    batch.state = np.repeat(batch.state, n, axis=0)  # each position converted once, then copied n times
    points = batch.play(policy, seed, noise=noise, weights=weights).points
    shaped = points.reshape(len(chosen), n, -1)
    return shaped if many else shaped[0]


__all__ = [
    "OUTCOME_NAMES", "Batch", "Outcome", "Policy", "UnsupportedRulesError", "check_supported", "playout",
    "supports",
]  # fmt: skip
