"""The card-swap chain: it never breaks the public facts, and it samples the posterior it is given."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.agents.common.sampling import SwapChain


@st.composite
def _deals(draw: st.DrawFn) -> tuple[list[int], list[int], dict[int, list[int]]]:
    """Hidden cards 0..k-1 dealt to seats 1..3 (seat 0 is the searcher), each card allowed to its owner and
    to some other seats."""
    seats = [1, 2, 3]
    cards = draw(st.integers(2, 20))
    hands = [0, 0, 0, 0]
    allowed: dict[int, list[int]] = {}
    for c in range(cards):
        owner = draw(st.sampled_from(seats))
        hands[owner] |= 1 << c
        others = draw(st.lists(st.sampled_from(seats), max_size=2))
        allowed[c] = sorted({owner, *others})
    return hands, seats, allowed


@given(_deals(), st.integers(0, 2**32))
@settings(max_examples=60, deadline=None)
def test_every_state_keeps_hand_sizes_and_allowed_seats(
    deal: tuple[list[int], list[int], dict[int, list[int]]], seed: int
) -> None:
    hands, seats, allowed = deal
    rng = random.Random(seed)

    def likes_low_cards(seat: int, hand: int) -> float:
        return -float((hand & 0b1111).bit_count() * seat)

    chain = SwapChain(hands, seats, allowed, likes_low_cards)
    for _ in range(10):
        now = chain.advance(rng, 7)
        assert [h.bit_count() for h in now] == [h.bit_count() for h in hands]
        assert now[0] == 0
        for c, may in allowed.items():
            holders = [s for s in seats if now[s] >> c & 1]
            assert len(holders) == 1 and holders[0] in may


def test_the_chain_samples_the_posterior() -> None:
    """Four cards, two seats of two: the visit frequencies match the exact posterior."""
    allowed = {c: [1, 2] for c in range(4)}

    def log_weight(seat: int, hand: int) -> float:
        return {1: 0.0, 2: -1.5}[seat] * (hand & 1) + (0.7 if seat == 1 and hand >> 3 & 1 else 0.0)

    splits = [sum(1 << c for c in pair) for pair in itertools.combinations(range(4), 2)]
    exact = {h: pow(2.718281828459045, log_weight(1, h) + log_weight(2, 0b1111 ^ h)) for h in splits}
    total = sum(exact.values())
    chain = SwapChain([0, 0b0011, 0b1100], [1, 2], allowed, log_weight)
    rng = random.Random(7)
    chain.advance(rng, 100)
    visits = Counter(chain.advance(rng, 3)[1] for _ in range(20_000))
    for hand, weight in exact.items():
        assert visits[hand] / 20_000 == pytest.approx(weight / total, abs=0.02)


def test_a_card_left_out_of_the_starting_deal_is_refused() -> None:
    with pytest.raises(ValueError, match=r"does not place hidden cards \[2\]"):
        SwapChain([0, 0b01, 0b10], [1, 2], {0: [1, 2], 1: [1, 2], 2: [1, 2]}, lambda seat, hand: 0.0)
