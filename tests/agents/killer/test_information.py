"""Killer agents only know what their view tells them: it holds no state, no other seat's hand and no hidden
dead pile, and the search agent's choice does not depend on where the hidden cards really are."""

from __future__ import annotations

import pytest

from sevens.agents.killer import HeuristicAgent, SearchAgent
from sevens.agents.killer.knowledge import Knowledge
from sevens.agents.killer.sampling import Sampler, build_state
from sevens.cards import ALL_CARDS
from sevens.games.killer import Rules, State, parse_position

from ..common import mover_view, object_graph, redealer, search_ignores_hidden_cards, view_graphs
from .support import VARIANTS, random_positions


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.text())
def test_a_view_reaches_no_state_and_no_other_hand(rules: Rules) -> None:
    for state, seat, graph in view_graphs(random_positions(rules, 3, every=7), State):
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
    positions = random_positions(rules, 8, every=5)
    assert search_ignores_hidden_cards(positions, parse_position, _redeal, lambda: SearchAgent(rollouts=4)) > 0


def test_heuristic_and_search_are_given_views_only() -> None:
    state = State.new(Rules.preset("killer"), 4)
    seat, view = mover_view(state)
    for agent in (HeuristicAgent(), SearchAgent(rollouts=2)):
        agent.reset(seat, 1)
        assert agent.act(view, list(view.legal_actions)) in view.legal_actions
        assert not any(isinstance(obj, State) for obj in object_graph(agent))


_redeal = redealer(Knowledge.fresh, Sampler, build_state)
