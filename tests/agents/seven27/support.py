"""Shared helpers for the Seven Twenty-Seven agent tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import strategies as st

from sevens.agents.base import Agent, make_agent
from sevens.agents.seven27 import MonteCarloAgent
from sevens.games.seven27 import Rules, State

from ..common import play_out

rules_strategy = st.builds(
    lambda players, stack, ante, **rest: Rules(players=players, stack=stack, ante=min(ante, stack - 1), **rest),
    players=st.integers(2, 10),
    stack=st.integers(2, 120),
    ante=st.integers(0, 3),
    deal=st.sampled_from(["down_up", "up_down", "two_down_one_up"]),
    small_bet=st.integers(1, 6),
    big_bet=st.integers(1, 12),
    raise_cap=st.integers(0, 4),
    draw_face=st.sampled_from(["up", "down"]),
    refusal_limit=st.none() | st.integers(1, 4),
    ten_half=st.booleans(),
    tie_rule=st.sampled_from(["under_wins", "equal"]),
    bust=st.booleans(),
)


def quick(name: str, rollouts: int = 24) -> Agent:
    """An agent by name; montecarlo with a small fixed budget, so tests are fast and deterministic."""
    if name == "montecarlo":
        return MonteCarloAgent(rollouts=rollouts)
    return make_agent(name, "seven27")


def play(rules: Rules, seed: int, agents: list[Agent], stacks: list[int] | None = None) -> State:
    """One deal, checking every action returned is legal."""
    return play_out(State.new(rules, seed, stacks=stacks), agents, seed)


def random_positions(rules: Rules, seed: int) -> Iterator[State]:
    """Every state met along one deal of random play that never folds (clones the caller may keep)."""
    rng = random.Random(seed)
    state = State.new(rules, seed)
    while not state.is_over():
        yield state.clone()
        legal = [a for a in state.legal_actions() if str(a) != "fold"]
        state.apply(legal[rng.randrange(len(legal))])
