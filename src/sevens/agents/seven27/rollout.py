"""Rollouts: play one determinization's card rounds to the showdown and return the seat's share of the pot.

Other contenders' down cards come from :mod:`.inference`, the deck is the rest of the unseen cards in random
order, and every contender takes or stands by the rule policy until a card round in which nobody takes a card
(D5). Betting is not simulated: the share is of whatever the pot will be, with everyone still in staying in."""

from __future__ import annotations

import random

from sevens.games.seven27.evaluate import ACES, HIGH, LOW

from .inference import DownModel
from .reading import Table
from .rule import DEFAULT_POLICY, RulePolicy


class Rollout:
    """Rollouts from one table; :meth:`share` plays one determinization for each of the seat's options."""

    def __init__(self, table: Table, model: DownModel, policy: RulePolicy = DEFAULT_POLICY) -> None:
        self.table, self.model, self.policy, self.order = table, model, policy, table.order
        self.position = table.order.index(table.me) if table.me in table.order else 0

    def deal(self, rng: random.Random) -> tuple[list[int], list[int], list[int]]:
        """One determinization: ``(base, aces, deck)`` with the deck in drawing order (as many cards as remain)."""
        table = self.table
        base = list(table.base)
        aces = list(table.aces)
        used = 0
        for seat, cards in self.model.draw(rng):
            used |= cards
            add_base, add_aces = table.scoring.hand(cards)
            base[seat] += add_base
            aces[seat] += add_aces
        free = [c for c in self.model.pool_cards if not used >> c & 1]
        deck = rng.sample(free, min(table.deck_count, len(free)))
        return base, aces, deck

    # hot loop: kept in one piece for speed (radon C; tests/test_architecture.py HOT_LOOPS, docs/decisions.md)
    def share(self, base: list[int], aces: list[int], deck: list[int], take: bool | None) -> float:
        """The seat's share of the pot after playing out the card rounds. ``take`` is the seat's choice in the
        current card round (``None`` when the decision is a betting one: the next card round starts afresh).
        The lists are modified."""
        table = self.table
        scoring = table.scoring
        values = scoring.values
        wants = self.policy.wants_card
        order = self.order
        stands = list(table.stands)
        limit = table.refusal_limit
        top = 0  # next card of the deck
        size = len(deck)
        # a card decision: the seat's own choice (``forced``) goes first, then the card round goes on from there
        start, took, forced = (0, False, None) if take is None else (self.position, table.took_before, take)
        while True:
            for seat in order[start:]:
                if top >= size:
                    break
                if forced is not None:
                    wanted, forced = forced, None
                elif limit is not None and stands[seat] >= limit:
                    continue
                else:
                    wanted = wants(scoring, base[seat], aces[seat])
                if wanted:
                    c = deck[top]
                    top += 1
                    base[seat] += values[c]
                    aces[seat] += ACES >> c & 1
                    took = True
                else:
                    stands[seat] += 1
            if not took or top >= size:
                break
            start, took = 0, False
        return self.showdown(base, aces)

    def showdown(self, base: list[int], aces: list[int]) -> float:
        """The seat's share of the pot when the contenders show these hands (D6, as :func:`.hands.half_shares`)."""
        # the winners of each half someone qualifies for
        winners = [seats for target in (LOW, HIGH) if (seats := self._half_winners(base, aces, target))]
        if not winners:
            return 1.0 / len(self.order)
        return sum(1.0 / (len(winners) * len(seats)) for seats in winners if self.table.me in seats)

    def _half_winners(self, base: list[int], aces: list[int], target: int) -> list[int]:
        """The seats whose hands come closest to ``target`` (none when no hand qualifies for that half)."""
        score, order = self.table.scoring.score, self.order
        scores = [score(base[seat], aces[seat], target) for seat in order]
        present = [s for s in scores if s is not None]
        if not present:
            return []
        best = min(present)
        return [seat for seat, s in zip(order, scores, strict=True) if s == best]


__all__ = ["Rollout"]
