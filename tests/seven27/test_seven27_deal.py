"""Setting up a deal: players and stacks (D1), antes and deal patterns (D3), seeded shuffles (A3)."""

from __future__ import annotations

from typing import Any

import pytest

from sevens.cards import DECK_SIZE
from sevens.games.seven27 import Rules, State

from .helpers import legal


@pytest.mark.parametrize("players", range(2, 11))
def test_d1_every_player_starts_with_the_stack(players: int) -> None:
    state = State.new(Rules.preset("seven27", players=players), seed=players)
    assert [state.start_stack(s) for s in range(players)] == [100] * players
    assert [state.stack(s) for s in range(players)] == [99] * players
    state.check_invariants()


def test_d3_every_player_antes_into_the_pot() -> None:
    state = State.new(Rules.preset("seven27", players=5, ante=3), seed=1)
    assert state.pot == 15
    assert [state.committed(s) for s in range(5)] == [3] * 5
    assert [state.bet(s) for s in range(5)] == [0] * 5  # an ante is not a bet of the first round
    assert [op.text() for op in state.history[:5]] == [f"p{s} ante 3" for s in range(5)]


def test_d3_no_ante() -> None:
    state = State.new(Rules.preset("seven27", players=3, ante=0), seed=1)
    assert state.pot == 0
    assert not any(op.kind == "ante" for op in state.history)


def test_d3_down_up_one_down_then_one_up_from_the_dealers_left() -> None:
    state = State.new(Rules.preset("seven27", players=4), seed=9, dealer=1)
    deals = [op for op in state.history if op.kind == "deal"]
    assert [(op.seat, op.face_up) for op in deals] == [
        (2, False), (3, False), (0, False), (1, False), (2, True), (3, True), (0, True), (1, True),
    ]  # fmt: skip
    for s in range(4):
        assert state.down_cards(s).bit_count() == 1
        assert state.up_cards(s).bit_count() == 1
    assert state.deck_size == DECK_SIZE - 8


def test_d3_up_down() -> None:
    state = State.new(Rules.preset("seven27", players=3, deal="up_down"), seed=9)
    deals = [op for op in state.history if op.kind == "deal"]
    assert [op.face_up for op in deals] == [True] * 3 + [False] * 3


def test_d3_two_down_one_up() -> None:
    state = State.new(Rules.preset("seven27", players=10, deal="two_down_one_up"), seed=9)
    for s in range(10):
        assert (state.down_cards(s).bit_count(), state.up_cards(s).bit_count()) == (2, 1)
    assert state.deck_size == DECK_SIZE - 30


def test_a3_same_seed_same_deal_different_seed_different_deal() -> None:
    rules = Rules.preset("seven27", players=6)
    assert State.new(rules, seed=42) == State.new(rules, seed=42)
    assert State.new(rules, seed=42).deck != State.new(rules, seed=43).deck


def test_d3_short_stack_antes_all_it_has() -> None:
    rules = Rules.preset("seven27", players=3, ante=2)
    state = State.new(rules, seed=3, stacks=[1, 50, 50])
    assert [state.stack(s) for s in range(3)] == [0, 48, 48]
    assert state.is_all_in(0)
    assert state.history[0].text() == "p0 ante 1 all-in"
    assert state.to_move == 1  # seat 0 cannot act: the first player able to bet acts
    assert legal(state) == ["check", "bet"]


def test_everyone_all_in_from_the_ante_skips_betting() -> None:
    state = State.new(Rules.preset("seven27", players=2), seed=3, stacks=[1, 1])
    assert state.phase == "card"
    assert legal(state) == ["take", "stand"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"dealer": 4}, "dealer=4 is not a seat; allowed: 0 to 3"),
        ({"stacks": [100, 100, 100]}, "must be 4 whole numbers of at least 1 chip"),
        ({"stacks": [100, 0, 100, 100]}, "must be 4 whole numbers of at least 1 chip"),
    ],
)
def test_bad_deal_arguments(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        State.new(Rules.preset("seven27"), seed=1, **kwargs)


def test_bad_seed() -> None:
    with pytest.raises(ValueError, match="seed must be an integer"):
        State.new(Rules.preset("seven27"), seed=-1)
