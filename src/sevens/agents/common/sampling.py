"""Dealing the cards a seat cannot see to the other seats: within what the public log allows, then weighed by
what the other players chose.

**Deals.** Each hidden card has the seats that may hold it (``allowed``) and each seat a number of slots
(``capacity``). A family's sampler deals cards most-constrained first (:meth:`CardDealer._greedy_owners`), each
to a seat picked in proportion to its room left (times the family's ``odds``), and retries when that greedy
deal paints itself into a corner; as a last
resort an augmenting-path matching (:meth:`CardDealer._matched_owners`) finds a consistent deal. What a deal
holds besides real cards (jokers, dead piles) is the family's business. A deal becomes a state through the
engine's position text (:func:`position_text`), and further deals of the same view into a clone of it
(:func:`with_hands`).

**Posterior.** Through its opponent model a search knows how well a hand explains what its holder chose so
far (a log-likelihood per seat). :class:`SwapChain`, a Metropolis–Hastings chain, targets that posterior: a
step picks two hidden cards at random (a symmetric proposal); if different seats hold them and each may hold
the other's, the swap is accepted with probability ``min(1, posterior ratio)``. Only the two seats'
likelihoods change, so a step costs two evaluations, and every state the chain visits keeps the hand sizes and
the public deductions. The chain starts from a consistent deal, runs ``burn_in`` steps before its first sample,
then ``thin`` steps between samples (:func:`chain_deals`).
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Generic, TypeVar

from sevens.cards import cards_text, iter_bits
from sevens.games.sevens_core.state import SevensState
from sevens.games.sevens_core.view import SevensView

from .heuristic import opponents_in
from .knowledge import LogReader

GREEDY_TRIES = 8
"""Greedy deals tried before falling back on the matching."""

DealT = TypeVar("DealT")
StateT = TypeVar("StateT", bound=SevensState)

LOOSE = -1
"""A stand-in no seat is known to hold, in a greedy deal (any seat with room may take it)."""

EXIT_CODES = {"finished": "f", "eliminated": "x", "joker_stuck": "j"}
"""How a position text writes the ways a player left the round."""


class CardDealer(ABC, Generic[DealT]):
    """Random deals of the hidden cards; subclasses fill ``seats``, ``capacity`` and ``allowed``."""

    hidden: int  # the cards dealt
    seats: list[int]  # the seats that receive cards
    capacity: dict[int, int]  # seat -> real cards it receives
    allowed: dict[int, list[int]]  # hidden card -> seats that may hold it
    odds: dict[int, list[float]]  # hidden card -> a prior factor per seat it may go to (none: even)
    integer_points = False
    """How the greedy deal draws its pick: a whole number below the weights' total (七並べ, whose weights are
    slots) or a fraction of it (Killer, whose odds are fractions). Each family keeps the draw it always had, so
    that seeded deals, and the moves made from them, stay the same."""

    def _place(self, view: SevensView, excluded: Sequence[int], hidden: int) -> None:
        """The seats still in receive the ``hidden`` cards, each card only where the log allows it."""
        self.hidden = hidden
        self.seats = opponents_in(view)
        self.allowed = {c: [s for s in self.seats if not excluded[s] >> c & 1] for c in iter_bits(hidden)}
        self.base = [0] * len(view.hand_counts)
        self.base[view.seat] = view.hand
        self.odds = {}

    def _hands(self, owner: Mapping[int, int]) -> list[int]:
        """Every seat's cards: its own for the viewer, those ``owner`` (card -> seat) deals for the others."""
        hands = list(self.base)
        for c, s in owner.items():
            hands[s] |= 1 << c
        return hands

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

    def _greedy_owners(self, rng: random.Random, loose: int = 0) -> tuple[dict[int, int], dict[int, int]] | None:
        """A greedy deal: the hidden cards, most constrained first (:meth:`_deal_order`), then ``loose``
        stand-ins any seat may hold (a family's loose jokers), each to a seat picked in proportion to the room
        it has left (times :attr:`odds`). Card -> seat, and seat -> stand-ins; ``None`` when one finds no room."""
        free = dict(self.capacity)
        owner: dict[int, int] = {}
        extra: dict[int, int] = {}
        for c in self._deal_order(rng) + [LOOSE] * loose:
            options = self.allowed.get(c, self.seats)
            odds = self.odds.get(c)
            weights = [free[s] * odds[i] for i, s in enumerate(options)] if odds else [free[s] for s in options]
            total = sum(weights)
            if total <= 0:
                return None
            point = rng.randrange(int(total)) if self.integer_points else rng.random() * total
            s = weighted_pick(options, weights, point)
            free[s] -= 1
            if c == LOOSE:
                extra[s] = extra.get(s, 0) + 1
            else:
                owner[c] = s
        return owner, extra

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


def weighted_pick(options: Sequence[int], weights: Sequence[float], point: float) -> int:
    """The option whose share of the weights' total covers ``point`` (options of weight 0 never chosen)."""
    last = options[0]
    for option, weight in zip(options, weights, strict=True):
        if weight > 0:
            last = option
            point -= weight
            if point < 0:
                break
    return last


def position_text(view: SevensView, knowledge: LogReader[Any], fields: Sequence[str]) -> str:
    """A 七並べ family's position text: the rules, the family's own ``fields`` (table, hands, ...), then the
    fields every family ends with: whose turn, passes used, exits, the dealer (the last seat, as in a fresh
    round: views do not say, and it only orders ties after a stalemate), the streak."""
    exits = ",".join(f"{s}{EXIT_CODES[k]}" for s, k in knowledge.exits) or "-"
    dealer = len(view.hand_counts) - 1
    turn = "-" if view.to_move is None else str(view.to_move)
    tail = [turn, ",".join(map(str, view.passes_used)), exits, str(dealer), str(knowledge.streak)]
    return " ".join([view.rules.text(), *fields, *tail])


def with_hands(template: StateT, hands: Sequence[int]) -> StateT:
    """A clone of ``template`` (a determinization of one view) holding ``hands``: only the hands differ between
    determinizations of one view, and the engine derives nothing else from them (many times cheaper than
    parsing the position again, and equivalent)."""
    state = template.clone()
    state._hands = list(hands)
    return state


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
        steps = thin if running else burn_in
        if not running:
            first = sample(rng)
            running.append((start(first), first))
        chain, first = running[0]
        return remake(first, chain.advance(rng, steps))

    return draw
