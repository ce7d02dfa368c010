"""Copies are independent (DESIGN.md, the engine contract): ``copy.copy``, ``copy.deepcopy``, ``clone`` and pickle of
every family's state share nothing mutable with it, so playing a copy to the end leaves the original as it was,
and the original then plays on (issue 41: ``copy.copy`` shared the hands' lists; a Killer original then looped
forever in ``_settle``)."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.games.registry import families

FAMILIES = list(families().values())
COPIERS: dict[str, Callable[[Any], Any]] = {
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "clone": lambda state: state.clone(),
    "pickle": lambda state: pickle.loads(pickle.dumps(state)),
}


def play_out(state: Any, rng: random.Random, steps: int = 10_000) -> None:
    for _ in range(steps):
        if state.is_over():
            return
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end")


def snapshot(state: Any) -> tuple[Any, ...]:
    return state.position(), tuple(map(str, state.history)), [state.view(s).to_dict() for s in range(state.players)]


@settings(max_examples=60, deadline=None)
@given(
    family=st.sampled_from(FAMILIES),
    copier=st.sampled_from(sorted(COPIERS)),
    players=st.integers(2, 8),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 60),
)
def test_a_copy_played_to_the_end_leaves_the_original_as_it_was(
    family: Any, copier: str, players: int, seed: int, steps: int
) -> None:
    rules = next(iter(family.presets.values())).replace(players=players)
    rng = random.Random(seed)
    state = family.new_state(rules, seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    before = snapshot(state)
    other = COPIERS[copier](state)
    assert other == state and other is not state
    play_out(other, random.Random(seed + 1))
    assert snapshot(state) == before
    if hasattr(state, "check_invariants"):
        state.check_invariants()
    play_out(state, random.Random(seed + 2))  # and the original plays on to its own end
