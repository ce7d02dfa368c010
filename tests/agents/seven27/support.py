"""Shared helpers for the Seven Twenty-Seven agent tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from sevens.agents.base import Agent, make_agent
from sevens.agents.seven27 import MonteCarloAgent
from sevens.games.seven27 import Rules, State

from ..common import play_out


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
