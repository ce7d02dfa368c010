"""Shuffling and dealing shared by the families that deal the whole deck (B2, C1)."""

from __future__ import annotations

from collections.abc import Sequence

from sevens.errors import ArgumentError
from sevens.rng import make_rng, shuffle_in_place


def shuffled_deck(cards: int, seed: int, deck: Sequence[int] | None = None) -> list[int]:
    """Card numbers ``0 … cards-1`` shuffled with ``seed``, or ``deck`` as given: an order chosen outside (the
    OpenSpiel games deal one card at a time as chance outcomes), which must hold every card once.

    >>> shuffled_deck(4, seed=0, deck=[2, 0, 3, 1])
    [2, 0, 3, 1]
    """
    if deck is not None:
        if sorted(deck) != list(range(cards)):
            raise ArgumentError(f"deck={list(deck)!r} must hold each card number 0 to {cards - 1} once")
        return list(deck)
    order = list(range(cards))
    shuffle_in_place(order, make_rng(seed))
    return order


def deal_round_robin(
    cards: int, players: int, dealer: int, seed: int, deck: Sequence[int] | None = None
) -> list[list[int]]:
    """Shuffle card numbers ``0 … cards-1`` with ``seed`` (or take ``deck``'s order) and deal them one at a time
    clockwise from the dealer's left until none are left (B2): the earlier seats get one card more. Returns
    each seat's cards.

    >>> [len(h) for h in deal_round_robin(54, 4, dealer=3, seed=1)]
    [14, 14, 13, 13]
    """
    if not 0 <= dealer < players:
        raise ValueError(f"dealer={dealer} is not a seat; allowed: 0 to {players - 1}")
    order = shuffled_deck(cards, seed, deck)
    # the k-th seat from the dealer's left (k = 0, 1, …) gets the cards dealt k-th, (k+n)-th, …
    return [order[(seat - dealer - 1) % players :: players] for seat in range(players)]
