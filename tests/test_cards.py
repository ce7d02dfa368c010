"""A1–A3: the deck, card notation and seeded randomness."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sevens.cards import CARD_TEXTS, card_text, parse_card, parse_cards, pretty
from sevens.errors import NotationError
from sevens.games.dealing import deal_round_robin
from sevens.rng import derive_seed, make_rng, shuffle_in_place


def test_a1_deck_has_52_cards_in_suit_order_s_h_d_c() -> None:
    assert len(set(CARD_TEXTS)) == 52
    assert CARD_TEXTS[0] == "As" and CARD_TEXTS[13] == "Ah" and CARD_TEXTS[26] == "Ad" and CARD_TEXTS[51] == "Kc"


@pytest.mark.parametrize(
    ("text", "expected"),
    [("7h", "7h"), ("10h", "Th"), ("TH", "Th"), ("♠7", "7s"), ("7♥", "7h"), ("♡Q", "Qh"), ("2♢", "2d"), ("k♣", "Kc")],
)
def test_a2_parsers_accept_ten_case_and_symbols(text: str, expected: str) -> None:
    assert card_text(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["", "1x", "Zs", "7", "s7s", "11h", "Jk", "joker"])
def test_a2_bad_card_text_says_what_is_allowed(text: str) -> None:
    with pytest.raises(NotationError, match=r"rank|expected|joker"):
        parse_card(text)


@given(st.integers(0, 51))
def test_a2_every_card_text_parses_back(index: int) -> None:
    assert parse_card(card_text(index)) == index
    assert parse_card(pretty(index)) == index


def test_a2_several_cards_run_together_or_separated() -> None:
    assert [card_text(c) for c in parse_cards("7h8h,10s ♣2")] == ["7h", "8h", "Ts", "2c"]


def test_a3_same_seed_same_shuffle_and_different_seeds_differ() -> None:
    first, again, other = list(range(52)), list(range(52)), list(range(52))
    shuffle_in_place(first, make_rng(42))
    shuffle_in_place(again, make_rng(42))
    shuffle_in_place(other, make_rng(43))
    assert first == again != other
    assert sorted(first) == list(range(52))


def test_a3_shuffle_is_pinned_across_versions() -> None:
    """The deal of seed 1 is part of the record format: a change here breaks every stored record."""
    deck = list(range(52))
    shuffle_in_place(deck, make_rng(1))
    assert " ".join(CARD_TEXTS[c] for c in deck[:8]) == PINNED_SEED_1


PINNED_SEED_1 = "8c 4s 3c 5d Tc 2s 3s 6h"


def test_a3_seeds_are_checked() -> None:
    with pytest.raises(ValueError, match="seed"):
        make_rng(-1)
    assert derive_seed(5, 0) != derive_seed(5, 1)


def test_b2_deal_is_round_robin_from_dealers_left() -> None:
    hands = deal_round_robin(52, 3, dealer=0, seed=9)
    assert [len(h) for h in hands] == [17, 18, 17]  # seat 1 is dealer's left and gets the extra card
    assert sorted(c for h in hands for c in h) == list(range(52))
