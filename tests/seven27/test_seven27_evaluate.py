"""Hand values (D2) and closeness to 7 and 27 under each tie rule and bust (D6), as tables."""

from __future__ import annotations

import pytest

from sevens.games.seven27.evaluate import (
    HIGH,
    LOW,
    best_total,
    card_halves,
    closeness,
    evaluate,
    format_halves,
    hand_of,
    hand_totals,
    winners,
)
from sevens.games.seven27.pots import Pot, divide, side_pots, split_chips

# hand, ten_half, every total (halves), best for 7, best for 27
TABLE = [
    ("5s Ah Ad", False, (14, 34, 54), 14, 54),  # 5-A-A: 7 and 27 at once
    ("As", False, (2, 22), 22, 22),  # 11 is 4 from 7, 1 is 6 from it
    ("Ks Qh Jd", False, (3,), 3, 3),  # 1½
    ("6s Kh", False, (13,), 13, 13),  # 6½
    ("7s Kh", False, (15,), 15, 15),  # 7½
    ("Ts 9h 8d", False, (54,), 54, 54),
    ("Ts", True, (1,), 1, 1),  # ten_half: a 10 counts ½
    ("Ts", False, (20,), 20, 20),
    ("As Ah Ad Ac 3s", False, (14, 34, 54, 74, 94), 14, 54),
    ("As 6h", False, (14, 34), 14, 34),  # the ace is 1 for 7 and 11 for 27
    ("2s", False, (4,), 4, 4),
    ("Ah 2c", False, (6, 26), 6, 26),  # 3 or 13: 13 is farther from 7 (6 vs 4), nearer to 27
    ("9s 9h 9d Ks", False, (55,), 55, 55),  # 27½
    ("", False, (0,), 0, 0),
]


@pytest.mark.parametrize(("hand", "ten_half", "totals", "low", "high"), TABLE)
def test_d2_values_and_best_totals(hand: str, ten_half: bool, totals: tuple[int, ...], low: int, high: int) -> None:
    cards = hand_of(hand)
    assert hand_totals(cards, ten_half) == totals
    assert best_total(cards, LOW, ten_half=ten_half) == low
    assert best_total(cards, HIGH, ten_half=ten_half) == high


def test_d2_card_values_in_halves() -> None:
    assert [card_halves(c) for c in range(13)] == [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 1, 1, 1]
    assert card_halves(9, ten_half=True) == 1
    assert {card_halves(c) for c in range(13, 52, 13)} == {2}  # suits do not matter


def test_d2_format_halves() -> None:
    assert [format_halves(h) for h in (0, 1, 13, 14, 55)] == ["0", "½", "6½", "7", "27½"]


def test_d6_under_wins_six_and_a_half_beats_seven_and_a_half() -> None:
    totals = {0: 15, 1: 13}  # 7½, 6½
    assert winners(totals, LOW, "under_wins") == (1,)
    assert closeness(13, LOW) < closeness(15, LOW)


def test_d6_equal_six_and_a_half_ties_seven_and_a_half() -> None:
    assert winners({0: 15, 1: 13}, LOW, "equal") == (0, 1)
    assert winners({0: 53, 1: 55}, HIGH, "equal") == (0, 1)
    assert winners({0: 53, 1: 55}, HIGH, "under_wins") == (0,)


def test_d6_exact_target_always_wins() -> None:
    assert winners({0: 13, 1: 14, 2: 15}, LOW) == (1,)
    assert winners({0: 14, 1: 14}, LOW) == (0, 1)


def test_d6_ace_choice_at_equal_distance_prefers_the_lower_total() -> None:
    # 2 or 12 points: both 5 from 7; under_wins the 2 is nearer, under equal both tie and 2 is shown
    hand = hand_of("Ah As")  # 2, 12 or 22
    assert best_total(hand, LOW) == 4
    assert best_total(hand, LOW, tie_rule="equal") == 4


@pytest.mark.parametrize(
    ("hand", "low", "high"),
    [
        ("Ts", None, 20),  # 10 is over 7
        ("5s Ah Ad", 14, 54),
        ("9s 9h 9d Ks", None, None),  # 27½: over both
        ("As 6h", 14, 34),  # the ace as 1 keeps the 7-half alive
        ("As 7h", None, 36),
        ("Ts 8h", None, 36),
        ("Ts 9h 8d Ac", None, None),  # 28 even with the ace as 1
    ],
)
def test_d6_bust_totals_over_a_target_cannot_win_it(hand: str, low: int | None, high: int | None) -> None:
    e = evaluate(hand_of(hand), bust=True)
    assert (e.low, e.high) == (low, high)


def test_d6_nobody_qualifies() -> None:
    assert winners({0: None, 1: None}, LOW) == ()


def test_d7_split_remainder_goes_clockwise_from_the_dealers_left() -> None:
    assert split_chips(10, (3, 0, 1)) == [(3, 4), (0, 3), (1, 3)]
    assert split_chips(11, (3, 0, 1)) == [(3, 4), (0, 4), (1, 3)]
    assert split_chips(9, (2,)) == [(2, 9)]


def test_d7_odd_chip_goes_to_the_27_half() -> None:
    award = divide(Pot(13, (0, 1, 2)), low_winners=(2,), high_winners=(0,), players=3)
    assert award.shares == (7, 0, 6)
    assert award.how == "halves"


def test_d6_half_without_qualifier_goes_to_the_other_half() -> None:
    award = divide(Pot(13, (0, 1)), low_winners=(), high_winners=(1,), players=2)
    assert award.shares == (0, 13)
    assert award.how == "high_only"


def test_d4_side_pots_nobody_wins_more_from_a_player_than_they_put_in() -> None:
    pots = side_pots([3, 8, 16, 16, 1], contenders=(0, 1, 2, 3))
    assert pots == [Pot(13, (0, 1, 2, 3)), Pot(15, (1, 2, 3)), Pot(16, (2, 3))]
    assert sum(p.amount for p in pots) == 44
