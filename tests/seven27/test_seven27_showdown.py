"""The showdown (D6) and dividing chips (D7): halves, tie rules, bust, odd chips, splits, side pots."""

from __future__ import annotations

from sevens.games.seven27 import Result
from sevens.games.seven27.evaluate import HIGH, LOW

from .helpers import at


def showdown(position: str) -> tuple[tuple[int, ...], Result]:
    """Everyone stands from a card-round position; returns the chip deltas and the result."""
    state = at(position)
    while not state.is_over():
        state = at(state.position(), "stand")
    result = state.result()
    assert sum(result.chip_delta) == 0
    return result.chip_delta, result


def test_d6_five_ace_ace_wins_both_halves() -> None:
    delta, result = showdown("seven27 2 1 c0 5s/9h/Kc AhAd/Th/Qd 94,94,94 6,6,6 0,0,0 0,0,0 - *")
    assert delta == (12, -6, -6)
    assert result.totals[0] == (LOW, HIGH)
    (pot,) = result.pots
    assert (pot.low_winners, pot.high_winners, pot.how) == ((0,), (0,), "halves")


# Seat 0: 6½; seat 1: 7½; seat 2: 27.
SIX_HALF_SEVEN_HALF = "2 1 c0 6s/7s/Tc Kh/Kd/9c8c 94,94,94 6,6,6 0,0,0 0,0,0 - *"


def test_d6_under_wins_six_and_a_half_beats_seven_and_a_half() -> None:
    delta, _ = showdown("seven27 " + SIX_HALF_SEVEN_HALF)
    assert delta == (3, -6, 3)


def test_d6_equal_six_and_a_half_ties_seven_and_a_half() -> None:
    delta, result = showdown("seven27,tie_rule=equal " + SIX_HALF_SEVEN_HALF)
    # the 7-half (9) splits 5/4: the extra chip to seat 0, first from the dealer's left
    assert delta == (-1, -2, 3)
    assert result.pots[0].low_winners == (0, 1)


def test_d6_bust_a_hand_over_27_cannot_win_the_27_half() -> None:
    # seat 0: 27½, seat 1: 6½, seat 2: 24
    position = "2 1 c0 Ts/6s/Th 9s8sKs/Kh/9h5h 94,94,94 6,6,6 0,0,0 0,0,0 - *"
    assert showdown("seven27 " + position)[0] == (3, 3, -6)  # 27½ is closest to 27 without bust
    assert showdown("seven27,bust=true " + position)[0] == (-6, 3, 3)


def test_d6_bust_no_hand_qualifies_for_the_7_half_so_the_27_half_winners_take_it() -> None:
    # seat 0: 10½, seat 1: 17, both over 7
    delta, result = showdown("seven27,bust=true 1 1 c0 Ts/9s Kh/8h 94,94 6,6 0,0 0,0 - *")
    assert delta == (-6, 6)
    assert result.pots[0].how == "high_only"


def test_d6_bust_nobody_qualifies_for_either_half_then_the_pot_is_split() -> None:
    # both 27½: over 7 and over 27 (a decision: the rules are silent here)
    delta, result = showdown("seven27,bust=true 1 1 c0 Ts/Th 9s8sKs/9h8hKh 94,94 6,6 0,0 0,0 - *")
    assert delta == (0, 0)
    assert result.pots[0].how == "no_qualifier"


def test_d6_ten_half_variant() -> None:
    # with ten_half, Ts 6s counts 6½ and beats 9s (9) for the 7-half
    delta, _ = showdown("seven27,ten_half=true 1 1 c0 Ts/9s 6s/- 94,94 6,6 0,0 0,0 - *")
    assert delta == (0, 0)  # 7-half to seat 0, 27-half to seat 1 (9 is closer to 27 than 6½)
    delta, _ = showdown("seven27,ten_half=true 1 1 c0 Ts/9s 6sAh/- 94,94 6,6 0,0 0,0 - *")
    assert delta == (6, -6)  # seat 0 counts 7½ for 7 and 17½ for 27: both nearer than 9


def test_d7_odd_chip_goes_to_the_27_half() -> None:
    # pot 13 (seat 1 folded after its ante): 6 to the 7-half (seat 0, 6½), 7 to the 27-half (seat 2, 27)
    delta, _ = showdown("seven27 2 1 c0 6s/9h/Tc Kh/Th/9c8c 94,99,94 6,1,6 0,0,0 0,0,0 1 *")
    assert delta == (0, -1, 1)


def test_d7_three_way_split_remainder_clockwise_from_the_dealers_left() -> None:
    # dealer 1: clockwise from the dealer's left is 2, 3, 4, 0, 1. Seats 0, 1, 3 each count 7 (and 7 for 27);
    # seats 2 and 4 folded after the ante. Pot 20: each half of 10 splits 4/3/3, the extra chip to seat 3.
    delta, result = showdown(
        "seven27 1 1 c3 4s/5d/9h/4d/Kc 3h/2c/Th/3c/Qc 94,94,99,94,99 6,6,1,6,1 0,0,0,0,0 0,0,0,0,0 2,4 *"
    )
    assert delta == (0, 0, -1, 2, -1)
    assert result.ranking == (3, 0, 1, 2, 4)
    pot = result.pots[0]
    assert (pot.low_winners, pot.high_winners, pot.shares) == ((3, 0, 1), (3, 0, 1), (6, 6, 0, 8, 0))


def test_d7_side_pots_with_two_all_ins_are_split_separately() -> None:
    # Stacks 99, 8, 99, 3 behind after the antes. Seat 3 holds 5-A-A, seat 1 6½, seat 0 2½, seat 2 26.
    start = "seven27 3 1 b0 Qd/6s/Tc/5s 2h/Kh/9c7c/AhAd 99,8,99,3 1,1,1,1 0,0,0,0 0,0,0,0 - *"
    state = at(start, "bet call raise call call call")
    assert [state.committed(s) for s in range(4)] == [11, 9, 11, 4]
    assert state.is_all_in(1) and state.is_all_in(3)
    assert [(p.amount, p.eligible) for p in state.pots()] == [(16, (0, 1, 2, 3)), (15, (0, 1, 2)), (4, (0, 2))]
    delta, result = showdown(state.position())
    # main 16: seat 3 both halves; side 15: 7 to seat 1 (6½), 8 to seat 2 (26); side 4: 2 to seat 0, 2 to seat 2
    assert [p.shares for p in result.pots] == [
        (0, 0, 0, 16), (0, 7, 8, 0), (2, 0, 2, 0),
    ]  # fmt: skip
    assert delta == (-9, -2, -1, 12)
    assert result.ranking == (3, 2, 1, 0)


def test_d7_chips_are_conserved_and_the_winner_is_shown() -> None:
    state = at("seven27 2 1 c0 5s/9h/Kc AhAd/Th/Qd 94,94,94 6,6,6 0,0,0 0,0,0 - *", "stand stand stand")
    assert sum(state.stack(s) for s in range(3)) == 300
    assert all(state.is_shown(s) for s in range(3))
    assert state.view(1).to_dict()["seats"][0]["down"] == ["5s"]  # shown hands become public
    assert [op.text() for op in state.history if op.kind == "win"] == ["p0 win 18 pot 0"]
