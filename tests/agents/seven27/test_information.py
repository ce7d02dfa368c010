"""Agents know only what their view tells them: moving the cards they cannot see changes nothing."""

from __future__ import annotations

import random

import pytest

from sevens.agents.seven27 import MonteCarloAgent, RuleAgent
from sevens.agents.seven27.reading import read_table
from sevens.games.seven27 import Rules, State

from ..common import choices_in
from .support import random_positions


def reshuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """A copy of ``state`` in which the cards ``seat`` cannot see (other seats' down cards and the deck) are
    dealt out again at random: the same position as far as ``seat`` can tell."""
    other = state.clone()
    holders = [s for s in range(state.players) if s != seat and not state.is_shown(s)]
    hidden = [c for s in holders for c in _bits(state.down_cards(s))] + list(state.deck)
    rng.shuffle(hidden)
    for s in holders:
        count = state.down_cards(s).bit_count()
        other._down[s] = sum(1 << c for c in hidden[:count])
        hidden = hidden[count:]
    other._deck = tuple(hidden)
    return other


def _bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


@pytest.mark.parametrize(
    "rules",
    [Rules.preset("seven27", players=5), Rules(players=4, deal="two_down_one_up", draw_face="down", bust=True)],
    ids=lambda r: r.text(),
)
def test_choices_depend_only_on_the_view(rules: Rules) -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        for state in random_positions(rules, seed):
            seat = state.to_move
            assert seat is not None
            other = reshuffle_hidden(state, seat, rng)
            assert other.view(seat) == state.view(seat)
            if other.hand(seat) == state.hand(seat) and any(
                other.down_cards(s) != state.down_cards(s) for s in range(state.players) if s != seat
            ):
                checked += 1
            for make in (RuleAgent, lambda: MonteCarloAgent(rollouts=16)):
                choices = choices_in((state, other), seat, make)
                assert choices[0] == choices[1]
    assert checked > 10


def test_the_reading_holds_no_hidden_card() -> None:
    rules = Rules.preset("seven27", players=6)
    for state in random_positions(rules, 4):
        seat = state.to_move
        assert seat is not None
        table = read_table(state.view(seat))
        assert table.pool == state.hidden_from(seat)
        for s in range(state.players):
            if s != seat:
                assert table.unknown[s] == state.down_cards(s).bit_count()
