"""Deals drawn from the posterior of the hidden hands: a Metropolis–Hastings chain of card swaps.

A search agent knows which seats may hold each hidden card (the public deductions) and, through its opponent
model, how well a hand explains what its holder chose so far (a log-likelihood per seat). Sampling deals
uniformly and keeping the best of a few ignores most of that evidence; this chain targets the posterior
itself. A step picks two hidden cards at random (a symmetric proposal); if different seats hold them and
each seat may hold the other's card, the swap is accepted with probability ``min(1, posterior ratio)``. Only
the two seats' likelihoods change, so a step costs two evaluations, and every state the chain visits keeps
the hand sizes and the public deductions. Jokers and anything else a family's deal holds stay as the
starting deal put them.

The chain starts from a consistent deal (the family's sampler), runs ``burn_in`` steps before its first
sample, then ``thin`` steps between samples (:func:`chain_deals`). A family's seat likelihood may include a
prior of its own (Killer's sampler makes cards a seat passed over less likely, for instance).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, TypeVar

DealT = TypeVar("DealT")

SeatLogWeight = Callable[[int, int], float]
"""``(seat, hand) -> log-likelihood`` of that seat's past choices if it holds ``hand`` (a card bit set)."""


class ChoiceModel:
    """Base of a family's ``OpponentModel``: the past choices it reads, seat by seat (``by_seat``), and the
    factor ``miss`` each choice a deal fails to explain costs (a soft model: less likely, never impossible)."""

    def __init__(self, weights: Any, miss: float) -> None:
        self.weights = weights
        self.log_miss = math.log(miss)
        self.by_seat: dict[int, list[Any]] = {}

    @property
    def moments(self) -> list[Any]:
        """Every choice the model reads, seat by seat."""
        return [m for seat_moments in self.by_seat.values() for m in seat_moments]


class SwapChain:
    """A random walk over the hidden cards' owners whose stationary law is the opponent model's posterior."""

    def __init__(
        self,
        hands: Sequence[int],
        seats: Sequence[int],
        allowed: Mapping[int, Collection[int]],
        seat_log_weight: SeatLogWeight,
    ) -> None:
        self.hands = list(hands)
        self.cards = list(allowed)
        self.allowed = allowed
        self.seat_log_weight = seat_log_weight
        self.owner = {c: s for s in seats for c in self.cards if self.hands[s] >> c & 1}
        missing = [c for c in self.cards if c not in self.owner]
        if missing:
            raise ValueError(f"the starting deal does not place hidden cards {missing}")
        self.logs = {s: seat_log_weight(s, self.hands[s]) for s in seats}

    def advance(self, rng: random.Random, steps: int) -> list[int]:
        """Take ``steps`` proposals; a copy of every seat's hand afterwards."""
        cards, owner, hands, logs = self.cards, self.owner, self.hands, self.logs
        for _ in range(steps):
            c1, c2 = rng.choice(cards), rng.choice(cards)
            a, b = owner[c1], owner[c2]
            if a == b or b not in self.allowed[c1] or a not in self.allowed[c2]:
                continue
            flip = 1 << c1 | 1 << c2
            new_a, new_b = hands[a] ^ flip, hands[b] ^ flip
            log_a, log_b = self.seat_log_weight(a, new_a), self.seat_log_weight(b, new_b)
            delta = log_a + log_b - logs[a] - logs[b]
            if delta >= 0 or rng.random() < math.exp(delta):
                hands[a], hands[b], logs[a], logs[b] = new_a, new_b, log_a, log_b
                owner[c1], owner[c2] = b, a
        return list(hands)


def chain_deals(
    sample: Callable[[random.Random], DealT],
    start: Callable[[DealT], SwapChain] | None,
    remake: Callable[[DealT, list[int]], DealT],
    burn_in: int,
    thin: int,
) -> Callable[[random.Random], DealT]:
    """One move's deals: ``sample``'s own, independent, when there is no evidence to weigh (``start`` is
    None); else the first from ``sample`` starts a chain (``start``), which walks ``burn_in`` steps before the
    first deal it gives and ``thin`` steps between deals (``remake`` puts its hands into the starting deal)."""
    if start is None:
        return sample
    running: list[tuple[SwapChain, DealT]] = []

    def draw(rng: random.Random) -> DealT:
        if running:
            chain, first = running[0]
            return remake(first, chain.advance(rng, thin))
        first = sample(rng)
        chain = start(first)
        running.append((chain, first))
        return remake(first, chain.advance(rng, burn_in))

    return draw
