"""Shuffling and dealing shared by the families that deal the whole deck (B2, C1)."""

from __future__ import annotations

from sevens.rng import make_rng, shuffle_in_place


def deal_round_robin(cards: int, players: int, dealer: int, seed: int) -> list[list[int]]:
    """Shuffle card numbers ``0 … cards-1`` with ``seed`` and deal them one at a time clockwise from the
    dealer's left until none are left (B2): the earlier seats get one card more. Returns each seat's cards.

    >>> [len(h) for h in deal_round_robin(54, 4, dealer=3, seed=1)]
    [14, 14, 13, 13]
    """
    if not 0 <= dealer < players:
        raise ValueError(f"dealer={dealer} is not a seat; allowed: 0 to {players - 1}")
    deck = list(range(cards))
    shuffle_in_place(deck, make_rng(seed))
    hands: list[list[int]] = [[] for _ in range(players)]
    for k in range(players):
        hands[(dealer + 1 + k) % players] = deck[k::players]
    return hands
