"""The hidden-hand sampler's last resort (agents/common/deals.py): when the greedy deal paints itself into a
corner :data:`GREEDY_TRIES` times, the augmenting-path matching still finds a deal consistent with what is known,
and says so when no deal is (the only place that raises "no deal is consistent")."""

from __future__ import annotations

import random

import pytest

from sevens.agents.common.sampling import GREEDY_TRIES, CardDealer
from sevens.cards import card_text

Deal = dict[int, int]  # card -> seat


class SlotDealer(CardDealer[Deal]):
    """The families' dealing scheme with nothing else (:meth:`CardDealer._greedy_owners`): each card, most
    constrained first, goes to one of its allowed seats with room, picked in proportion to the room left."""

    def __init__(self, capacity: dict[int, int], allowed: dict[int, list[int]]) -> None:
        self.seats = sorted(capacity)
        self.capacity = capacity
        self.allowed = allowed
        self.odds = {}
        self.greedy_tries = 0
        self.matched = False

    def _greedy(self, rng: random.Random) -> Deal | None:
        self.greedy_tries += 1
        dealt = self._greedy_owners(rng)
        return None if dealt is None else dealt[0]

    def _matched(self, rng: random.Random) -> Deal:
        self.matched = True
        return self._matched_owners(rng)


def chained_blocks(blocks: int) -> SlotDealer:
    """``blocks`` independent traps: cards p, q may go to seats A or B, cards r, s to B or C; A and C take one
    card, B two. Only p→A or q→A with r→C or s→C works, and a greedy deal misses that in most blocks."""
    capacity: dict[int, int] = {}
    allowed: dict[int, list[int]] = {}
    for b in range(blocks):
        a, mid, c = 3 * b, 3 * b + 1, 3 * b + 2
        capacity |= {a: 1, mid: 2, c: 1}
        allowed |= {4 * b: [a, mid], 4 * b + 1: [a, mid], 4 * b + 2: [mid, c], 4 * b + 3: [mid, c]}
    return SlotDealer(capacity, allowed)


def assert_consistent(dealer: SlotDealer, deal: Deal) -> None:
    assert sorted(deal) == sorted(dealer.allowed)
    for c, s in deal.items():
        assert s in dealer.allowed[c], f"{card_text(c)} dealt to seat {s}, which may not hold it"
    for s, room in dealer.capacity.items():
        assert sum(1 for owner in deal.values() if owner == s) == room


def test_the_matching_deals_what_the_greedy_cannot() -> None:
    fell_back = 0
    for seed in range(20):
        dealer = chained_blocks(13)  # 52 cards
        deal = dealer.sample(random.Random(seed))
        assert_consistent(dealer, deal)
        if dealer.matched:
            assert dealer.greedy_tries == GREEDY_TRIES  # only after every greedy deal got stuck
            fell_back += 1
    assert fell_back >= 5  # the traps catch the greedy deal often; the matching never fails them


def test_the_matching_alone_always_finds_a_deal_when_one_exists() -> None:
    rng = random.Random(7)
    for _ in range(200):
        seats = list(range(rng.randint(1, 5)))
        truth = {c: rng.choice(seats) for c in range(rng.randint(1, 30))}  # a deal that is consistent
        capacity = {s: sum(1 for owner in truth.values() if owner == s) for s in seats}
        allowed = {c: sorted({owner, *rng.sample(seats, rng.randint(0, len(seats)))}) for c, owner in truth.items()}
        dealer = SlotDealer(capacity, allowed)
        assert_consistent(dealer, dealer._matched_owners(rng))


def test_no_consistent_deal_is_an_error_naming_a_card() -> None:
    # Three cards only seat 1 may hold, but seat 1 holds two cards; seat 2 may hold none of them.
    dealer = SlotDealer({1: 2, 2: 1}, {0: [1], 13: [1], 26: [1]})
    with pytest.raises(ValueError, match=r"no deal is consistent with the view \(card A[shd]\)"):
        dealer.sample(random.Random(1))
    assert dealer.greedy_tries == GREEDY_TRIES  # the greedy deal was tried first, every time
