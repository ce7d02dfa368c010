"""Determinizations: full states that agree with everything one seat can see.

:class:`Sampler` deals the cards the seat cannot see (every card neither on the table, nor dead, nor in its
hand) to the other players still in the round, each getting exactly as many cards as its public hand count
and never a card the public log proves it lacks (:mod:`.knowledge`). Players who left hold nothing. With
voluntary passes a pass proves nothing, but a player who passed probably held none of the cards then
playable (few players pass with a card to play in Killer: a held card can only die), so such a card goes to
that seat with its weight multiplied by ``miss``.

Cards are dealt most-constrained first, each to a seat chosen with probability proportional to its free
slots, which is exactly uniform when nothing is excluded; if that greedy deal paints itself into a corner it
is retried, and as a last resort an augmenting-path matching finds a consistent deal (both loops are shared:
:mod:`sevens.agents.common.sampling`).

Dead piles are taken from the view when dead cards are visible (C4 ``dead_cards_visible``); when they are
hidden, the public dead positions are shared out by each seat's public dead count (who lost which dead card
changes nothing that follows: ranking counts dead cards, C8).

A deal becomes a :class:`~sevens.games.killer.state.State` through the engine's position text
(:func:`~sevens.games.killer.position.parse_position`, which validates it) once per move; further deals
reuse that state's clone with the hands replaced (:func:`with_hands`).
"""

from __future__ import annotations

import random

from sevens.agents.common.sampling import CardDealer, position_tail
from sevens.cards import ALL_CARDS, cards_text
from sevens.games.killer.position import parse_position
from sevens.games.killer.state import State
from sevens.games.killer.view import View, grid_rows

from .knowledge import Knowledge

Deal = tuple[int, ...]
"""Every seat's live cards in one determinization."""

SAMPLER_HINT = 0.15
"""How much less likely a card is in a hand that passed while it was playable (voluntary passes)."""


class Sampler(CardDealer[Deal]):
    """Random deals of the hidden cards consistent with ``view`` and the public deductions."""

    def __init__(self, view: View, knowledge: Knowledge, miss: float = SAMPLER_HINT) -> None:
        self._place(view, knowledge.excluded, ALL_CARDS & ~view.table & ~view.dead_positions & ~view.hand)
        self.capacity = {s: view.hand_counts[s] for s in self.seats}
        hinted = knowledge.passed_over()
        self.odds = {
            c: [miss if hinted[s] >> c & 1 else 1.0 for s in self.allowed[c]] for c in self.allowed if miss != 1.0
        }

    def _greedy(self, rng: random.Random) -> Deal | None:
        free = dict(self.capacity)
        owner: dict[int, int] = {}
        for c in self._deal_order(rng):
            allowed = self.allowed[c]
            odds = self.odds.get(c)
            weights = [free[s] * odds[i] if odds else free[s] for i, s in enumerate(allowed)]
            total = sum(weights)
            if total <= 0:
                return None
            s = _pick(allowed, weights, rng.random() * total)
            owner[c] = s
            free[s] -= 1
        return tuple(self._hands(owner))

    def _matched(self, rng: random.Random) -> Deal:
        return tuple(self._hands(self._matched_owners(rng)))


def _pick(options: list[int], weights: list[float], point: float) -> int:
    """The option whose share of the weights' total covers ``point``."""
    last = options[0]
    for option, weight in zip(options, weights, strict=True):
        if weight > 0:
            last = option
            point -= weight
            if point < 0:
                break
    return last


def dead_piles(view: View) -> list[int]:
    """Each seat's dead pile: the view's where it shows them, else the unclaimed dead positions shared out by
    the public dead counts (lowest positions to the lowest seats)."""
    piles = [pile or 0 for pile in view.dead_piles]
    unclaimed = view.dead_positions
    for known in piles:
        unclaimed &= ~known
    for s, shown in enumerate(view.dead_piles):
        if shown is None:
            for _ in range(view.dead_counts[s]):
                low = unclaimed & -unclaimed
                piles[s] |= low
                unclaimed ^= low
    return piles


def position_text(view: View, knowledge: Knowledge, deal: Deal) -> str:
    """The engine's position text of ``deal`` in the situation of ``view``."""
    n = len(view.hand_counts)
    return " ".join([
        view.rules.text(),
        "/".join(grid_rows(view.table, view.dead_positions)),
        "/".join(cards_text(deal[s], sep="") or "-" for s in range(n)),
        "/".join(cards_text(pile, sep="") or "-" for pile in dead_piles(view)),
        ",".join(map(str, view.kills)),
        *position_tail(view, knowledge),
    ])  # fmt: skip


def build_state(view: View, knowledge: Knowledge, deal: Deal) -> State:
    """A validated state of ``deal`` (raises :class:`~sevens.errors.NotationError` if it is inconsistent)."""
    return parse_position(position_text(view, knowledge, deal))


def with_hands(template: State, deal: Deal) -> State:
    """A clone of ``template`` (built by :func:`build_state` from the same view) holding ``deal``'s hands: only
    the hands differ between determinizations of one view, and the engine derives nothing else from them."""
    state = template.clone()
    state._hands = list(deal)
    return state
