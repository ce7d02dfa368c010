"""B1–B4: players, the deal, the opening and the first player."""

from __future__ import annotations

import pytest

from sevens.cards import SEVENS_MASK, cards_text, parse_card
from sevens.errors import IllegalActionError, RulesError
from sevens.games.shichinarabe import Rules, State, parse_action
from sevens.rng import make_rng, shuffle_in_place

from .helpers import EMPTY, R7, do, legal, parse_position

SEVEN_D = 1 << parse_card("7d")


def holder_of_7d(seed: int, players: int = 4, dealer: int | None = None) -> int:
    raw = State.new(Rules.preset("fan_tan", players=players), seed=seed, dealer=dealer)  # same deal, 7s not placed
    return next(s for s in range(players) if raw.hand(s) & SEVEN_D)


def test_b1_players_from_2_to_20_default_4() -> None:
    assert Rules().players == 4
    assert Rules(players=2).players == 2 and Rules(players=20).players == 20
    for n in (1, 21):
        with pytest.raises(RulesError, match="2 to 20"):
            Rules(players=n)


def test_b1_last_seat_deals_first_round_so_seat_0_is_dealers_left() -> None:
    assert State.new(Rules(), seed=1).dealer == 3
    assert State.new(Rules(players=7), seed=1).dealer == 6


def test_b2_deal_sizes_earlier_seats_get_one_more() -> None:
    def sizes(st: State) -> list[int]:
        return [st.hand_size(s) for s in range(st.players)]

    fan_tan = Rules.preset("fan_tan")
    assert sizes(State.new(fan_tan.replace(players=3), seed=5)) == [18, 17, 17]
    assert sizes(State.new(fan_tan.replace(players=3), seed=5, dealer=0)) == [17, 18, 17]  # seat 1 is dealt first
    assert sizes(State.new(fan_tan.replace(jokers=1), seed=5)) == [14, 13, 13, 13]
    assert sizes(State.new(fan_tan.replace(jokers=1), seed=5, dealer=1)) == [13, 13, 14, 13]
    assert sizes(State.new(fan_tan.replace(players=5, jokers=2), seed=5, dealer=2)) == [11, 11, 10, 11, 11]
    assert sizes(State.new(fan_tan.replace(players=20), seed=5)) == [3] * 12 + [2] * 8


def test_b2_cards_dealt_one_at_a_time_clockwise_from_dealers_left() -> None:
    deck = list(range(52))
    shuffle_in_place(deck, make_rng(11))  # A3: the game's own seeded shuffle
    for dealer in range(4):
        state = State.new(Rules.preset("fan_tan"), seed=11, dealer=dealer)
        for k, c in enumerate(deck):
            assert state.hand((dealer + 1 + k) % 4) >> c & 1, f"card {k} should go to seat dealer+1+{k}"


def test_b2_same_seed_same_deal_different_seeds_differ() -> None:
    def deal(seed: int) -> tuple[int, ...]:
        return tuple(State.new(Rules.preset("fan_tan"), seed=seed).hand(s) for s in range(4))

    assert deal(2024) == deal(2024)
    assert len({deal(seed) for seed in range(50)}) == 50
    # A3: the deal of a seed is fixed on every machine and Python version.
    assert [cards_text(h, sep="") for h in deal(2024)] == [
        "As7s9sTsJs4h5h8h6d7d2cJcQc",
        "3s5sQsKs3h6hJhKh2d8d9dTd8c",
        "4s6sAh2hThQhAd3dJdAc5c7c9c",
        "2s8s7h9h4d5dQdKd3c4c6cTcKc",
    ]


def test_b3_sevens_placed_before_the_first_turn() -> None:
    for seed in range(20):
        state = State.new(Rules(), seed=seed)
        assert state.table == SEVENS_MASK
        assert all(state.hand(s) & SEVENS_MASK == 0 for s in range(4))
        assert sum(state.hand_size(s) for s in range(4)) == 48


def test_b3_fan_tan_table_starts_empty_and_7s_are_moves() -> None:
    state = State.new(Rules.preset("fan_tan"), seed=2024)
    assert state.table == 0
    assert state.to_move == 0  # fan_tan preset: dealer_left
    assert legal(state) == ["7s", "7d", "pass"]  # seat 0 holds As7s9sTsJs…7d…: only its 7s can open a suit


def test_b3_fan_tan_nothing_of_a_suit_before_its_7() -> None:
    state = parse_position(f"fan_tan {EMPTY}/{EMPTY}/{EMPTY}/{EMPTY} 6s8s7hKd/* 0 0,0 - 1 0")
    assert legal(state) == ["7h", "pass"]
    with pytest.raises(IllegalActionError, match="7 is not on the table"):
        state.apply(parse_action("6s"))
    do(state, "7h", "7s")
    assert legal(state) == ["6s", "8s", "pass"]


def test_b4_diamond_seven_holder_moves_first_with_sevens_placed() -> None:
    for seed in range(30):
        for dealer in (None, 1):
            state = State.new(Rules(), seed=seed, dealer=dealer)
            assert state.table & SEVEN_D  # already on the table …
            assert state.to_move == holder_of_7d(seed, dealer=dealer)  # … and its holder moves first


@pytest.mark.parametrize("rules", [Rules.preset("fan_tan", first_player="diamond_seven"), Rules.preset("english")])
def test_b4_fan_tan_first_move_must_be_7d(rules: Rules) -> None:
    # Decision (read literally): "that first move must be 7♦" also rules out a pass, even with voluntary_pass.
    for seed in range(10):
        state = State.new(rules, seed=seed)
        assert state.to_move == holder_of_7d(seed)
        assert legal(state) == ["7d"]
        before = state.position()
        for text in ("pass", *(c for c in ("7s", "7h", "7c") if state.hand(state.to_move) >> parse_card(c) & 1)):
            with pytest.raises(IllegalActionError, match="first move must be 7d"):
                state.apply(parse_action(text))
        assert state.position() == before
        do(state, "7d")
        assert state.table == SEVEN_D


def test_b4_dealer_left_moves_first() -> None:
    rules = Rules(first_player="dealer_left")
    for dealer in range(4):
        assert State.new(rules, seed=3, dealer=dealer).to_move == (dealer + 1) % 4
    assert State.new(Rules.preset("fan_tan", players=6), seed=3, dealer=5).to_move == 0


def test_b4_turns_go_clockwise_skipping_players_out() -> None:
    state = parse_position(f"standard {R7}/{R7}/{R7}/{R7} 6sKs/-/*/8sQs 0 0,0,0,0 1f 3 0")
    do(state, "6s")
    assert state.to_move == 2
    do(state, "pass")
    assert state.to_move == 3
    do(state, "8s")
    assert state.to_move == 0  # seat 1 finished and is skipped
