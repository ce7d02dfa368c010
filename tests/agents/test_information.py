"""Agents only know what their view tells them: it holds no state and no other seat's cards, and the
search agent's choice does not depend on where the hidden cards really are."""

from __future__ import annotations

import pytest

from sevens.agents.shichinarabe import HeuristicAgent, SearchAgent
from sevens.agents.shichinarabe.knowledge import Knowledge
from sevens.agents.shichinarabe.sampling import Sampler, build_state
from sevens.games.shichinarabe import Rules, State, parse_position

from .common import mover_view, redealer, search_ignores_hidden_cards, view_graphs
from .support import VARIANTS, random_positions


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.text())
def test_a_view_reaches_no_state_and_no_other_hand(rules: Rules) -> None:
    for state, seat, graph in view_graphs(random_positions(rules, 3, every=7), State):
        others = {state.hand(s) for s in range(state.players) if s != seat and state.hand(s).bit_count() >= 2}
        ints = {obj for obj in graph if type(obj) is int}
        assert not ints & others, "a view holds another seat's hand"


@pytest.mark.parametrize("preset", ["standard", "joker", "tunnel", "fan_tan"])
def test_search_choice_depends_only_on_the_view(preset: str) -> None:
    """Two states that look the same from the mover's seat but deal the hidden cards differently."""
    rules = Rules.preset(preset)
    positions = random_positions(rules, 8, every=6)
    assert search_ignores_hidden_cards(positions, parse_position, _redeal, lambda: SearchAgent(rollouts=4)) > 0


def test_heuristic_choice_depends_only_on_the_view() -> None:
    state = State.new(Rules.preset("standard"), 4)
    _, view = mover_view(state)
    assert HeuristicAgent().act(view, list(view.legal_actions)) in view.legal_actions


_redeal = redealer(Knowledge.fresh, Sampler, build_state)
