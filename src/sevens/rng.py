"""Seeded randomness owned by a game (RULES.md A3).

Only ``random.Random(seed).getrandbits`` is used: Python guarantees that MT19937 stream for an integer
seed, while ``shuffle``/``randrange`` may change between versions. The shuffle is an exact uniform
Fisher–Yates driven by one large random integer (rejection-sampled below ``n!``), read digit by digit in
the factorial number system: one call into the generator per deal instead of one per card.
"""

from __future__ import annotations

import math
import random

MAX_SEED = 2**64 - 1


def make_rng(seed: int) -> random.Random:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be an integer from 0 to 2**64-1, got {seed!r}")
    return random.Random(seed)


def shuffle_in_place(items: list[int], rng: random.Random) -> None:
    """Uniformly shuffle ``items``; the same generator state gives the same order everywhere."""
    n = len(items)
    limit = math.factorial(n)
    bits = limit.bit_length()
    draw = rng.getrandbits(bits)
    while draw >= limit:
        draw = rng.getrandbits(bits)
    for i in range(n - 1, 0, -1):
        draw, j = divmod(draw, i + 1)
        items[i], items[j] = items[j], items[i]


def derive_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a series started from ``seed`` (for simulations and arenas)."""
    return random.Random(seed * 1_000_003 + index).getrandbits(63)
