"""Determinizations: full states that agree with everything one seat can see.

:class:`Sampler` deals the cards the seat cannot see (every real card neither on the table nor in its hand)
to the other players still in the round, each getting exactly as many cards as its public hand count,
never a card the public log proves it lacks (:mod:`.knowledge`), and with the jokers that are not on the
table, not removed and not in the seat's own hand shared out as the log allows (jokers a seat is known to
hold stay with it). Players who left hold nothing, except joker-stuck players, who hold only jokers.

Cards are dealt most-constrained first, each to a seat chosen with probability proportional to its free
slots, which is exactly uniform when nothing is excluded; if that greedy deal paints itself into a corner it
is retried, and as a last resort an augmenting-path matching finds a consistent deal (both loops are shared:
:mod:`sevens.agents.common.sampling`).

A deal becomes a :class:`~sevens.games.shichinarabe.state.State` through the engine's position text
(:func:`~sevens.games.shichinarabe.position.parse_position`, which validates it) once per move; further
deals reuse that state's clone with the hands replaced (:func:`with_hands`), which is 40 times cheaper.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sevens.agents.common.sampling import CardDealer, position_tail
from sevens.cards import ALL_CARDS, JOKER_TEXT, RANKS, ROW, cards_text
from sevens.games.shichinarabe.position import parse_position
from sevens.games.shichinarabe.state import State
from sevens.games.shichinarabe.view import View

from .knowledge import Knowledge


@dataclass(frozen=True, slots=True)
class Deal:
    """Every seat's real cards and jokers in one determinization."""

    hands: tuple[int, ...]
    jokers: tuple[int, ...]


LOOSE_JOKER = -1
"""A joker no seat is known to hold, in the greedy deal (any seat with room may take it)."""


class Sampler(CardDealer[Deal]):
    """Random deals of the hidden cards consistent with ``view`` and the public deductions."""

    def __init__(self, view: View, knowledge: Knowledge) -> None:
        n = len(view.hand_counts)
        self._place(view, knowledge.excluded, ALL_CARDS & ~view.table & ~view.hand)
        stuck = [s for s in range(n) if s != view.seat and view.statuses[s] == "joker_stuck"]
        rules = view.rules
        loose = (
            rules.jokers
            - view.joker_positions.bit_count()
            - view.removed_jokers
            - view.jokers_in_hand
            - sum(view.hand_counts[s] for s in stuck)
        )
        known = {s: min(knowledge.known_jokers[s], view.hand_counts[s]) for s in self.seats}
        while sum(known.values()) > loose:  # cannot happen with a consistent log; stay safe
            s = max(known, key=lambda k: known[k])
            known[s] -= 1
        self.known_jokers = known
        self.free_jokers = max(0, loose - sum(known.values()))
        self.capacity = {s: view.hand_counts[s] - known[s] for s in self.seats}
        self._base_jokers = [0] * n
        self._base_jokers[view.seat] = view.jokers_in_hand
        for s in stuck:
            self._base_jokers[s] = view.hand_counts[s]

    def _finish(self, owner: dict[int, int], jokers: dict[int, int]) -> Deal:
        counts = list(self._base_jokers)
        for s in self.seats:
            counts[s] = self.known_jokers[s] + jokers.get(s, 0)
        return Deal(tuple(self._hands(owner)), tuple(counts))

    def _greedy(self, rng: random.Random) -> Deal | None:
        free = dict(self.capacity)
        owner: dict[int, int] = {}
        jokers: dict[int, int] = {}
        for c in self._deal_order(rng) + [LOOSE_JOKER] * self.free_jokers:  # the cards, then the loose jokers
            options = [s for s in self.allowed.get(c, self.seats) if free[s] > 0]
            if not options:
                return None
            s = _weighted(options, free, rng)
            free[s] -= 1
            if c == LOOSE_JOKER:
                jokers[s] = jokers.get(s, 0) + 1
            else:
                owner[c] = s
        if any(free.values()):
            return None
        return self._finish(owner, jokers)

    def _matched(self, rng: random.Random) -> Deal:
        """Any consistent deal by augmenting paths, jokers in the slots left over."""
        owner = self._matched_owners(rng)
        jokers = {s: self.capacity[s] - sum(1 for o in owner.values() if o == s) for s in self.seats}
        return self._finish(owner, jokers)


def _weighted(options: list[int], free: dict[int, int], rng: random.Random) -> int:
    total = sum(free[s] for s in options)
    pick = rng.randrange(total)
    for s in options:
        pick -= free[s]
        if pick < 0:
            return s
    return options[-1]


def position_text(view: View, knowledge: Knowledge, deal: Deal) -> str:
    """The engine's position text of ``deal`` in the situation of ``view``."""
    n = len(view.hand_counts)
    rows = []
    for suit in range(4):
        chars = []
        for rank in range(ROW):
            bit = 1 << (suit * ROW + rank)
            chars.append("*" if view.joker_positions & bit else RANKS[rank] if view.table & bit else ".")
        rows.append("".join(chars))
    hands = [cards_text(deal.hands[s], sep="") + JOKER_TEXT * deal.jokers[s] or "-" for s in range(n)]
    return " ".join([view.rules.text(), "/".join(rows), "/".join(hands), *position_tail(view, knowledge)])


def build_state(view: View, knowledge: Knowledge, deal: Deal) -> State:
    """A validated state of ``deal`` (raises :class:`~sevens.errors.NotationError` if it is inconsistent)."""
    return parse_position(position_text(view, knowledge, deal))


def with_hands(template: State, deal: Deal) -> State:
    """A clone of ``template`` (built by :func:`build_state` from the same view) holding ``deal``'s hands and
    jokers (40 times cheaper than parsing the position again, and equivalent)."""
    state = template.clone()
    state._hands = list(deal.hands)
    state._jokers = list(deal.jokers)
    return state
