"""Shared helpers for the agent tests: rules variants, positions reached by random play, quick agents."""

from __future__ import annotations

from collections.abc import Iterator

from sevens.agents.base import Agent, make_agent
from sevens.agents.shichinarabe import LEVEL_MIXTURE, SearchAgent
from sevens.games.shichinarabe import PRESETS, Rules, State

from .common import play_out, random_walk

PRESET_NAMES = sorted(PRESETS)
VARIANTS = [
    *(PRESETS[name] for name in PRESET_NAMES),
    Rules(ak_link=True, tunnel="end"),
    Rules(jokers=2, joker_exchange="optional"),
    Rules(jokers=1, joker_exchange="none"),
    Rules(jokers=2, joker_exchange="forced", ak_link=True, tunnel="cross"),
    Rules(pass_limit=0),
    Rules(pass_limit=None),
    Rules(voluntary_pass=False),
    Rules(voluntary_pass=False, jokers=1, joker_exchange="optional"),
    Rules(opening="fan_tan", first_player="dealer_left", jokers=1, ak_link=True, tunnel="end"),
]


def quick(name: str) -> Agent:
    """An agent by name; the search agents (``search``, ``expert``) with a small fixed budget so tests are fast
    and deterministic."""
    if name == "search":
        return SearchAgent(rollouts=2)
    if name == "expert":
        return SearchAgent(rollouts=2, opponents=LEVEL_MIXTURE)
    return make_agent(name)


def random_positions(rules: Rules, seed: int, every: int = 3) -> Iterator[State]:
    """States met along one random game (every ``every`` moves), each a clone the caller may keep."""
    return random_walk(State.new(rules, seed), seed, every)


def play(rules: Rules, seed: int, names: list[str]) -> State:
    """One game with the named agents, checking every action they return is legal."""
    agents = [quick(names[s % len(names)]) for s in range(rules.players)]
    return play_out(State.new(rules, seed), agents, seed)
