"""C1: the 4×13 layout, dealing, first player and passing as in Part B, with the 7s placed at the start."""

from __future__ import annotations

import pytest

from sevens.cards import ALL_CARDS, SEVENS_MASK, card
from sevens.errors import IllegalActionError
from sevens.games.dealing import deal_round_robin
from sevens.games.killer import Rules, State
from sevens.games.killer.actions import PASS_ACTION

from .helpers import R7, cards, legal, position

SEVEN_OF_DIAMONDS = card(7, 2)


def test_c1_sevens_placed_on_a_4x13_grid() -> None:
    state = State.new(Rules.preset("killer"), seed=11)
    assert state.table == SEVENS_MASK
    assert state.position().split()[1] == "/".join([R7] * 4)  # rows s, h, d, c; columns A…K
    held = 0
    for seat in range(4):
        assert not held & state.hand(seat)
        held |= state.hand(seat)
    assert held == ALL_CARDS & ~SEVENS_MASK


def test_c1_deal_is_the_shared_round_robin() -> None:
    state = State.new(Rules.preset("killer", players=5), seed=3)
    dealt = deal_round_robin(52, 5, dealer=4, seed=3)
    for seat in range(5):
        assert state.hand(seat) == sum(1 << c for c in dealt[seat]) & ~SEVENS_MASK
    assert [len(h) for h in dealt] == [11, 11, 10, 10, 10]


@pytest.mark.parametrize("seed", range(5))
def test_c1_diamond_seven_holder_moves_first(seed: int) -> None:
    rules = Rules.preset("killer")
    state = State.new(rules, seed=seed)
    dealt = deal_round_robin(52, 4, dealer=3, seed=seed)
    holder = next(s for s in range(4) if SEVEN_OF_DIAMONDS in dealt[s])
    assert state.to_move == holder
    assert State.new(rules.replace(first_player="dealer_left"), seed=seed).to_move == 0
    assert State.new(rules.replace(first_player="dealer_left"), seed=seed, dealer=1).to_move == 2


def test_c1_hand_of_only_sevens_leaves_before_the_first_turn() -> None:
    state = State.new(Rules.preset("killer", players=20), seed=20)
    assert state.exits == ((8, "finished"),)  # seat 8 was dealt 7♥ 7♦ 7♣: its hand is empty
    assert state.to_move == 9  # seat 8 held 7♦: the next seat still in moves first
    assert state.dead_count(8) == 0


def test_c1_pass_limit_as_in_b9() -> None:
    state = position("", ["6s 2c", "*"], passes=[3, 0])
    assert legal(state) == ["6s"]
    with pytest.raises(IllegalActionError, match=r"no passes left \(3 of 3 used\)"):
        state.apply(PASS_ACTION)


def test_c1_voluntary_pass_off_allows_pass_only_when_stuck() -> None:
    can_play = position("", ["6s 2c", "*"], rules="killer,voluntary_pass=false")
    assert legal(can_play) == ["6s"]
    stuck = position("", ["2c", "*"], rules="killer,voluntary_pass=false")
    assert legal(stuck) == ["pass"]
    assert cards("2c") & stuck.hand(0)
