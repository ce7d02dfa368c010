"""Shared helpers for the Killer agent tests: rules variants, positions reached by random play, quick agents."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from sevens.agents.base import Agent, make_agent
from sevens.agents.killer import SearchAgent
from sevens.cards import RANKS, ROW, SEVENS_MASK, mask_of, parse_cards
from sevens.games.killer import Rules, State, parse_position

from ..common import choice_in, play_out, random_walk

VARIANTS = [
    Rules.preset("killer"),
    Rules(death="horizontal"),
    Rules(death="all_eight"),
    Rules(enclosure=3),
    Rules(enclosure=None),
    Rules(wrap=True),
    Rules(death="horizontal", enclosure=2, wrap=True),
    Rules(dead_cards_visible=False),
    Rules(tiebreak="most_kills"),
    Rules(pass_limit=0),
    Rules(pass_limit=None),
    Rules(voluntary_pass=False),
    Rules(first_player="dealer_left", pass_limit=1, dead_cards_visible=False, death="all_eight", enclosure=None),
]


def quick(name: str) -> Agent:
    """An agent by name; the search agent with a small fixed budget so tests are fast and deterministic."""
    if name == "search":
        return SearchAgent(rollouts=2)
    return make_agent(name, "killer")


def random_positions(rules: Rules, seed: int, every: int = 3) -> Iterator[State]:
    """States met along one random game (every ``every`` moves), each a clone the caller may keep."""
    return random_walk(State.new(rules, seed), seed, every)


def play(rules: Rules, seed: int, names: list[str]) -> State:
    """One game with the named agents, checking every action they return is legal."""
    agents = [quick(names[s % len(names)]) for s in range(rules.players)]
    return play_out(State.new(rules, seed), agents, seed)


def rows(table: str = "") -> str:
    """The ROWS field of a position: the 7s plus ``table`` on the table."""
    out = SEVENS_MASK | mask_of(parse_cards(table))
    return "/".join(
        "".join(RANKS[rank] if out >> (suit * ROW + rank) & 1 else "." for rank in range(ROW)) for suit in range(4)
    )


def choice(agent: Agent, text: str) -> str:
    """What ``agent`` plays, as text, in the position ``text`` (seat to move)."""
    return choice_in(agent, parse_position(text))


def game_by(make: Callable[[], Agent], rules: Rules, seed: int, moves: int) -> State:
    """A round of ``rules`` played for ``moves`` moves by one ``make()`` agent a seat (the true state)."""
    state = State.new(rules, seed)
    agents = [make() for _ in range(rules.players)]
    for seat, agent in enumerate(agents):
        agent.reset(seat, seat)
    for _ in range(moves):
        if state.to_move is None:
            break
        seat = state.to_move
        state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
    return state
