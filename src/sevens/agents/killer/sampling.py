"""Determinizations: full states that agree with everything one seat can see, weighed by what the other
players chose.

:class:`Sampler` deals the cards the seat cannot see (neither on the table, nor dead, nor in its hand) to the
other players still in the round, each getting exactly as many cards as its public hand count and never a card
the public log proves it lacks (:mod:`.knowledge`); players who left hold nothing. With voluntary passes a
player who passed probably held none of the cards then playable (a held card can only die in Killer), so such
a card goes to that seat with its weight multiplied by ``miss``. The dealing loops are the 七並べ families'
(:mod:`sevens.agents.common.sampling`). Dead piles are the view's when dead cards are visible (C4); when
hidden, the public dead positions are shared out by each seat's dead count (who lost which changes nothing
that follows: ranking counts dead cards, C8). A deal becomes a state through the engine's position text once
per move; further deals reuse its clone with the hands replaced
(:func:`~sevens.agents.common.sampling.with_hands`).

:class:`OpponentModel` reads the other players' choices: since a hand only ever loses cards, the hand a
player held at an earlier decision is its sampled hand plus the cards it played or lost since
(:class:`~.knowledge.Decision`; lost cards are known when dead cards are visible), and replaying
:mod:`.policy` on it says what a sensible player would have done. Each recent decision a deal fails to
explain costs a factor ``miss`` (a soft model: less likely, never impossible). The likelihood is a product
over seats, which is what the Metropolis–Hastings chain of :func:`posterior_deals` needs: it swaps hidden
cards between two opponents and changes only their two factors. Against opponents who play like the policy
(Killer's ``normal`` does) the chain places more hidden cards with their real holder than a few resampled
uniform deals do (docs/decisions.md, "Killer's expert").
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import reduce
from operator import or_

from sevens.agents.common.heuristic import hidden_cards
from sevens.agents.common.sampling import CardDealer, ChoiceModel, SwapChain, chain_deals, position_text
from sevens.games.killer.geometry import dying
from sevens.games.killer.position import parse_position
from sevens.games.killer.state import State
from sevens.games.killer.view import View, grid_rows
from sevens.games.sevens_core.notation import cards_field

from .knowledge import Decision, Knowledge
from .policy import Weights, predict

Deal = tuple[int, ...]
"""Every seat's live cards in one determinization."""

SAMPLER_HINT = 0.15
"""How much less likely a card is in a hand that passed while it was playable (voluntary passes)."""


class Sampler(CardDealer[Deal]):
    """Random deals of the hidden cards consistent with ``view`` and the public deductions."""

    def __init__(self, view: View, knowledge: Knowledge, miss: float = SAMPLER_HINT) -> None:
        self._place(view, knowledge.excluded, hidden_cards(view, view.dead_positions))
        self.capacity = {s: view.hand_counts[s] for s in self.seats}
        hinted = knowledge.passed_over()
        self.odds = {
            c: [miss if hinted[s] >> c & 1 else 1.0 for s in self.allowed[c]] for c in self.allowed if miss != 1.0
        }

    def _greedy(self, rng: random.Random) -> Deal | None:
        dealt = self._greedy_owners(rng)
        return None if dealt is None else tuple(self._hands(dealt[0]))

    def _matched(self, rng: random.Random) -> Deal:
        return tuple(self._hands(self._matched_owners(rng)))


def dead_piles(view: View) -> list[int]:
    """Each seat's dead pile: the view's where it shows them, else the unclaimed dead positions shared out by
    the public dead counts (lowest positions to the lowest seats)."""
    piles = [pile or 0 for pile in view.dead_piles]
    unclaimed = view.dead_positions & ~reduce(or_, piles, 0)
    for s, shown in enumerate(view.dead_piles):
        if shown is None:
            for _ in range(view.dead_counts[s]):
                low = unclaimed & -unclaimed
                piles[s] |= low
                unclaimed ^= low
    return piles


def build_state(view: View, knowledge: Knowledge, deal: Deal) -> State:
    """A validated state of ``deal`` in the situation of ``view``, from the engine's position text (raises
    :class:`~sevens.errors.NotationError` if it is inconsistent)."""
    return parse_position(position_text(view, knowledge, [
        "/".join(grid_rows(view.table, view.dead_positions)),
        "/".join(map(cards_field, deal)),
        "/".join(map(cards_field, dead_piles(view))),
        ",".join(map(str, view.kills)),
    ]))  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Moment:
    """A past decision of another player, with the table facts worked out once per move."""

    decision: Decision
    dead: int
    front: int
    passes_left: int | None
    since: int  # cards the seat played or lost after this decision


class OpponentModel(ChoiceModel):
    """Scores deals by the recent choices (the last ``horizon``) of the other players still in the round."""

    by_seat: dict[int, list[_Moment]]

    def __init__(self, view: View, knowledge: Knowledge, weights: Weights, miss: float = 0.3, horizon: int = 8,
                 hint_miss: float = 1.0) -> None:  # fmt: skip
        super().__init__(weights, miss)
        # with voluntary passes, a card that was playable when a seat passed is less likely in its hand (the
        # sampler's own prior, :class:`~.sampling.Sampler`); the chain must keep it, the resampling gets it free
        self.log_hint = math.log(hint_miss)
        self.hinted = knowledge.passed_over()
        self.board = board = knowledge.board
        rules = view.rules
        limit = rules.pass_limit
        self.voluntary = rules.voluntary_pass
        moments: list[_Moment] = []
        if rules.dead_cards_visible:
            for d in reversed(knowledge.decisions):
                if len(moments) >= horizon:
                    break
                if d.seat == view.seat or view.statuses[d.seat] != "in":
                    continue
                front = board.front(d.table)
                dead = dying(front & ~d.table, d.table, front, board.death, board.enclosure)
                since = (knowledge.put_out[d.seat] & ~d.put_out_before) | (knowledge.lost[d.seat] & ~d.lost_before)
                left = None if limit is None else limit - d.passes_used
                moments.append(_Moment(d, dead, front, left, since))
                self.by_seat.setdefault(d.seat, []).append(moments[-1])

    def log_weight(self, deal: Deal) -> float:
        """The log of how well ``deal`` explains the recent decisions (0 when it explains them all)."""
        return self._log_weight(self.moments, deal)

    def seat_log_weight(self, seat: int, hand: int) -> float:
        """``seat``'s factor of the posterior if it holds ``hand``: its unexplained decisions, and the cards
        it holds that were playable when it passed (with ``hint_miss`` below 1)."""
        hinted = (hand & self.hinted[seat]).bit_count() * self.log_hint if self.log_hint else 0.0
        moments = self.by_seat.get(seat)
        if not moments:
            return hinted
        return hinted + self._log_weight(moments, {seat: hand})

    def _log_weight(self, moments: list[_Moment], deal: Deal | dict[int, int]) -> float:
        """The log of how well ``deal`` (every seat's hand, or those of the seats ``moments`` are about)
        explains ``moments``."""
        total = 0.0
        board, w, voluntary = self.board, self.weights, self.voluntary
        for m in moments:
            d = m.decision
            hand = deal[d.seat] | m.since
            cands = hand & m.front
            can_pass = (voluntary or not cands) and (m.passes_left is None or m.passes_left > 0)
            if not cands or (not can_pass and not cands & (cands - 1)):
                continue  # no real choice then: nothing to learn
            if predict(hand, d.table, m.dead, m.front, m.passes_left, can_pass, board, w) != d.card:
                total += self.log_miss
        return total


def posterior_deals(
    sampler: Sampler, model: OpponentModel, burn_in: int, thin: int, starts: int = 12
) -> Callable[[random.Random], Deal]:
    """One move's deals: ``sampler``'s own while no choice is worth reading, else those of a
    :class:`~sevens.agents.common.sampling.SwapChain` over ``model``'s posterior, started from the likeliest
    of ``starts`` of them (late in a round, when few cards are hidden and hand sizes pin them, single swaps
    can leave a chain started from a poor deal stuck several unexplained choices from the truth)."""

    def first(rng: random.Random) -> Deal:
        return max((sampler.sample(rng) for _ in range(starts)), key=model.log_weight)

    def start(deal: Deal) -> SwapChain:
        return SwapChain(deal, sampler.seats, sampler.allowed, model.seat_log_weight)

    if not model.by_seat:
        return sampler.sample
    return chain_deals(first, start, lambda _, hands: tuple(hands), burn_in, thin)
