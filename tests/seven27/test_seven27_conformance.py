"""The family contract (sevens.games.conformance) for the preset and hypothesis-drawn variants, 2–10 players."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_strategies import seven27_rules
from sevens.games.base import GameState
from sevens.games.conformance import check_game, check_many
from sevens.games.seven27 import FAMILY, Rules, State, max_steps


def never_fold(state: GameState, rng: random.Random) -> Any:
    """Random, but stays in to the showdown: side pots, all-ins and split pots come up often."""
    legal = [a for a in state.legal_actions() if str(a) != "fold"]
    return legal[rng.randrange(len(legal))]


def longest(state: GameState, rng: random.Random) -> Any:
    """Always the action that keeps the deal going longest: raise or bet, else call or check; always take."""
    order = ("raise", "bet", "take", "call", "check", "stand", "fold")
    return min(state.legal_actions(), key=lambda a: order.index(str(a)))


@pytest.mark.parametrize("players", range(2, 11))
def test_conformance_preset(players: int) -> None:
    rules = Rules.preset("seven27", players=players)
    assert check_many(FAMILY, rules, games=4, seed=100 * players) > 0
    for seed in range(2):
        check_game(FAMILY, rules, seed, choose=never_fold, deep_every=2)


@pytest.mark.parametrize("players", [2, 5, 10])
def test_max_steps_is_an_honest_bound_for_the_longest_play(players: int) -> None:
    for stack in (100, 400):
        rules = Rules.preset("seven27", players=players, stack=stack, raise_cap=4)
        state = check_game(FAMILY, rules, seed=players, choose=longest, deep_every=10)
        assert len(state.actions) <= max_steps(rules)


def uneven_stacks(rules: Rules, seed: int) -> State:
    """A deal whose stacks differ (2 to ``rules.stack`` chips), drawn from the seed: all-ins for less and side pots
    need unequal stacks, since equal stacks under fixed limit always match each other."""
    rng = random.Random(seed)
    return State.new(rules, seed, stacks=[rng.randint(rules.ante + 1, rules.stack) for _ in range(rules.players)])


UNEVEN = dataclasses.replace(FAMILY, name="seven27 (uneven stacks)", new_state=uneven_stacks)


def test_conformance_uneven_stacks_make_side_pots() -> None:
    rules = Rules.preset("seven27", players=6, stack=40)
    side_pots = 0
    for seed in range(10):
        state = check_game(UNEVEN, rules, seed, choose=never_fold, deep_every=2)
        assert isinstance(state, State)
        side_pots += len(state.result().pots) > 1
    assert side_pots >= 3


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=seven27_rules, seed=st.integers(0, 2**32), stay_in=st.booleans(), uneven=st.booleans())
def test_conformance_variants(rules: Rules, seed: int, stay_in: bool, uneven: bool) -> None:
    family = UNEVEN if uneven else FAMILY
    check_game(family, rules, seed, choose=never_fold if stay_in else random_choice, deep_every=2)


def random_choice(state: GameState, rng: random.Random) -> Any:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]
