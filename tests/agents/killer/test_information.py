"""Killer agents only know what their view tells them: it holds no state, no other seat's hand and no hidden
dead pile, and the search agent's choice does not depend on where the hidden cards really are."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from sevens.agents.killer import HeuristicAgent, OracleAgent, SearchAgent
from sevens.agents.killer.knowledge import Knowledge
from sevens.agents.killer.sampling import Sampler, build_state
from sevens.cards import ALL_CARDS
from sevens.games.killer import Rules, State, parse_position

from .support import VARIANTS, random_positions


def _object_graph(root: Any) -> list[Any]:
    seen: dict[int, Any] = {}
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen[id(obj)] = obj
        todo.extend(gc.get_referents(obj))
        slots = getattr(type(obj), "__slots__", ())
        todo.extend(getattr(obj, name) for name in slots if hasattr(obj, name))
    return list(seen.values())


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.text())
def test_a_view_reaches_no_state_and_no_other_hand(rules: Rules) -> None:
    for state in random_positions(rules, 3, every=7):
        for seat in range(state.players):
            graph = _object_graph(state.view(seat))
            assert not any(isinstance(obj, State) for obj in graph)
            secret = {state.hand(s) for s in range(state.players) if s != seat}
            if not rules.dead_cards_visible:
                secret |= {state.dead_pile(s) for s in range(state.players) if s != seat}
            public = ALL_CARDS & ~state.table & ~state.dead_positions & ~state.hand(seat)  # the last player's
            secret = {mask for mask in secret if mask.bit_count() >= 2 and mask != public}
            ints = {obj for obj in graph if type(obj) is int}
            assert not ints & secret, "a view holds another seat's hidden cards"


@pytest.mark.parametrize(
    "rules", [Rules.preset("killer"), Rules(dead_cards_visible=False), Rules(voluntary_pass=False)]
)
def test_search_choice_depends_only_on_the_view(rules: Rules) -> None:
    """Two states that look the same from the mover's seat but deal the hidden cards differently."""
    rng = random.Random(2)
    checked = 0
    for state in random_positions(rules, 8, every=5):
        seat = state.to_move
        assert seat is not None
        real = parse_position(state.position())  # same position, empty log (as a sample has)
        view = real.view(seat)
        if len(view.legal_actions) < 2:
            continue
        knowledge = Knowledge.fresh(view).update(view)
        other = build_state(view, knowledge, Sampler(view, knowledge).sample(rng))
        assert other.view(seat) == view
        choices = []
        for world in (real, other):
            agent = SearchAgent(rollouts=4)
            agent.reset(seat, 99)
            choices.append(agent.act(world.view(seat), world.legal_actions()))
        assert choices[0] == choices[1]
        checked += 1
    assert checked > 0


def test_heuristic_and_search_are_given_views_only() -> None:
    state = State.new(Rules.preset("killer"), 4)
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    for agent in (HeuristicAgent(), SearchAgent(rollouts=2)):
        agent.reset(seat, 1)
        assert agent.act(view, list(view.legal_actions)) in view.legal_actions
        assert not any(isinstance(obj, State) for obj in _object_graph(agent))


def test_oracle_refuses_to_play_without_the_state() -> None:
    state = State.new(Rules.preset("killer"), 4)
    seat = state.to_move
    assert seat is not None
    agent = OracleAgent(rollouts=2)
    agent.reset(seat, 1)
    with pytest.raises(RuntimeError, match="bind"):
        agent.act(state.view(seat), state.legal_actions())
    agent.bind(state)
    assert agent.act(state.view(seat), state.legal_actions()) in state.legal_actions()
