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
sample, then ``thin`` steps between samples.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Mapping, Sequence

SeatLogWeight = Callable[[int, int], float]
"""``(seat, hand) -> log-likelihood`` of that seat's past choices if it holds ``hand`` (a card bit set)."""


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
        self.accepted = 0

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
                self.accepted += 1
        return list(hands)
