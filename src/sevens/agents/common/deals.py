"""Dealing the cards a seat cannot see to the other seats, within what the public log allows.

Each hidden card has the seats that may hold it (``allowed``) and each seat has a number of slots
(``capacity``). A family's sampler deals cards most-constrained first (:meth:`CardDealer._deal_order`),
each to a seat picked by its own weighting, and retries when that greedy deal paints itself into a corner;
as a last resort an augmenting-path matching (:meth:`CardDealer._matched_owners`) finds a consistent deal.
What a deal holds besides real cards (jokers, dead piles) is the family's business. A deal becomes a state
through the engine's position text, whose common end :func:`position_tail` writes.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from sevens.cards import cards_text, iter_bits

from .heuristic import opponents_in
from .knowledge import LogReader
from .view import SevensView

GREEDY_TRIES = 8
"""Greedy deals tried before falling back on the matching."""

DealT = TypeVar("DealT")

EXIT_CODES = {"finished": "f", "eliminated": "x", "joker_stuck": "j"}
"""How a position text writes the ways a player left the round."""


class CardDealer(ABC, Generic[DealT]):
    """Random deals of the hidden cards; subclasses fill ``seats``, ``capacity`` and ``allowed``."""

    hidden: int  # the cards dealt
    seats: list[int]  # the seats that receive cards
    capacity: dict[int, int]  # seat -> real cards it receives
    allowed: dict[int, list[int]]  # hidden card -> seats that may hold it

    def _place(self, view: SevensView, excluded: Sequence[int], hidden: int) -> None:
        """The seats still in receive the ``hidden`` cards, each card only where the log allows it."""
        self.hidden = hidden
        self.seats = opponents_in(view)
        self.allowed = {c: [s for s in self.seats if not excluded[s] >> c & 1] for c in iter_bits(hidden)}

    def sample(self, rng: random.Random) -> DealT:
        """One consistent deal."""
        for _ in range(GREEDY_TRIES):
            deal = self._greedy(rng)
            if deal is not None:
                return deal
        return self._matched(rng)

    @abstractmethod
    def _greedy(self, rng: random.Random) -> DealT | None:
        """A deal built card by card, or ``None`` when it got stuck."""

    @abstractmethod
    def _matched(self, rng: random.Random) -> DealT:
        """Any consistent deal, from :meth:`_matched_owners`."""

    def _deal_order(self, rng: random.Random) -> list[int]:
        """The hidden cards, most constrained first, in random order within equal constraint."""
        cards = list(self.allowed)
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(self.allowed[c]))  # stable: random order within equal constraint
        return cards

    def _matched_owners(self, rng: random.Random) -> dict[int, int]:
        """Card -> seat for every hidden card, by augmenting paths (cards to seat slots)."""
        slot_owner: dict[tuple[int, int], int] = {}
        slots = {s: [(s, k) for k in range(self.capacity[s])] for s in self.seats}
        cards = list(self.allowed)
        rng.shuffle(cards)

        def place(c: int, seen: set[tuple[int, int]]) -> bool:
            for s in self.allowed[c]:
                for slot in slots[s]:
                    if slot in seen:
                        continue
                    seen.add(slot)
                    if slot not in slot_owner or place(slot_owner[slot], seen):
                        slot_owner[slot] = c
                        return True
            return False

        for c in cards:
            if not place(c, set()):
                raise ValueError(f"no deal is consistent with the view (card {cards_text(1 << c)})")
        return {c: slot[0] for slot, c in slot_owner.items()}


def position_tail(view: SevensView, knowledge: LogReader[Any]) -> list[str]:
    """The fields every 七並べ family's position text ends with: whose turn, passes used, exits, the dealer (the
    last seat, as in a fresh round: views do not say, and it only orders ties after a stalemate), the streak."""
    exits = ",".join(f"{s}{EXIT_CODES[k]}" for s, k in knowledge.exits) or "-"
    dealer = len(view.hand_counts) - 1
    turn = "-" if view.to_move is None else str(view.to_move)
    return [turn, ",".join(map(str, view.passes_used)), exits, str(dealer), str(knowledge.streak)]
