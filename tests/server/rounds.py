"""Random rounds for the frame tests: every position of a round, with some moves made by the turn clock (E4)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from sevens.games.registry import family_of


def positions(preset: str, seed: int) -> Iterator[tuple[str, Any, set[int]]]:
    """Each position of a random round of ``preset``, first to last: the family's name, the state, and the
    numbers of the moves the turn clock made so far (about one in ten)."""
    family = family_of(preset)
    rng = random.Random(seed)
    state = family.new_state(family.presets[preset], seed)
    timeouts: set[int] = set()
    while True:
        yield family.name, state, timeouts
        if state.is_over():
            return
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        if rng.random() < 0.1:
            timeouts.add(len(state.actions))
