"""B12: the ranking at the end of a round."""

from __future__ import annotations

from sevens.cards import SEVENS_MASK
from sevens.games.shichinarabe import Rules, State

from .helpers import R7, do, parse_position

FULL = "A23456789TJQK"


def test_b12_finishers_then_left_then_eliminated_then_joker_stuck() -> None:
    # Exits so far: 1 eliminated, 2 finished, 3 eliminated, 4 joker-stuck, 5 joker-stuck; seats 0 and 6 still in.
    state = parse_position(f"joker,jokers=2 {R7}/{R7}/{R7}/{R7} 6s/-/-/-/Jk/Jk/* 0 0,0,0,0,0,0,0 1x,2f,3x,4j,5j 6 0")
    do(state, "6s")
    assert state.is_over()
    result = state.result()
    # finishers in order (2, 0), the player left (6), eliminated with the first lowest (3, 1), stuck likewise (5, 4)
    assert result.ranking == (2, 0, 6, 3, 1, 5, 4)
    assert result.outcomes == ("finished", "eliminated", "finished", "eliminated", "joker_stuck", "joker_stuck", "left")
    assert [result.rank(s) for s in range(7)] == [2, 5, 1, 4, 7, 6, 3]


def test_b12_first_eliminated_ranks_lowest_in_play() -> None:
    state = parse_position(f"standard {R7}/{R7}/{R7}/{R7} 6s5s/QsKs/QhKh/* 0 0,3,3,0 - 3 0")
    do(state, "6s")  # seat 1 then seat 2 have no pass and no play: eliminated in that order
    assert state.exits == ((1, "eliminated"), (2, "eliminated"))
    assert state.to_move == 3
    do(state, "pass", "5s")
    assert state.is_over()
    assert state.result().ranking == (0, 3, 2, 1)
    assert state.result().outcomes == ("finished", "eliminated", "eliminated", "left")


def test_b12_after_a_stalemate_fewest_cards_then_seat_order_from_dealers_left() -> None:
    # Dealer is seat 1, so seat order from the dealer's left is 2, 3, 0, 1.
    state = parse_position(
        f"standard,pass_limit=none {FULL}/{FULL}/{FULL}/...456789T... AcKc/2c/3cQc/Jc 2 0,0,0,0 - 1 0"
    )
    do(state, "pass", "pass", "pass", "pass")
    assert state.is_stalemate()
    result = state.result()
    assert result.ranking == (3, 1, 2, 0)
    assert result.cards_left == (2, 1, 2, 1)
    assert result.outcomes == ("stalemate",) * 4


def test_b12_stalemate_ranks_below_finishers() -> None:
    state = parse_position(
        f"standard,pass_limit=none {FULL}/{FULL}/{FULL}/...456789T... AcKc2c/-/3cQc/Jc 2 0,0,0,0 1f 1 0"
    )
    do(state, "pass", "pass", "pass")
    assert state.is_stalemate()
    assert state.result().ranking == (1, 3, 2, 0)


def test_b12_hands_emptied_by_the_sevens_finish_in_seat_order_from_dealers_left() -> None:
    # Find a 20-player deal where two hands hold only 7s (dealt k1-th and k2-th from the dealer's left).
    for seed in range(20_000):
        raw = State.new(Rules.preset("fan_tan", players=20), seed=seed)  # dealer 19: seat k is dealt k-th
        only_sevens = [k for k in range(20) if raw.hand(k) & ~SEVENS_MASK == 0]
        if len(only_sevens) >= 2:
            break
    else:
        raise AssertionError("no deal with two hands of only 7s")
    k1, k2 = only_sevens[:2]
    dealer = (18 - k1) % 20  # the k1-th hand lands on seat 19, the k2-th on a lower seat: order ≠ seat numbers
    s1, s2 = (dealer + 1 + k1) % 20, (dealer + 1 + k2) % 20
    assert s1 == 19 and s2 < s1
    state = State.new(Rules(players=20), seed=seed, dealer=dealer)
    assert state.exits[:2] == ((s1, "finished"), (s2, "finished"))
    assert state.actions == ()
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    assert state.result().ranking[:2] == (s1, s2)
