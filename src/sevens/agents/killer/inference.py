"""Reading opponents' choices: how well a sampled deal explains what the other players actually did.

A sampled deal fixes every hand now; since a hand only ever loses cards, the hand a player held at an earlier
decision is its sampled hand plus the cards it played or lost since (:class:`~.knowledge.Decision`; lost
cards are known when dead cards are visible). Replaying the policy of :mod:`.policy` on that hand and that
table says what a sensible player would have done. Each recent decision the deal fails to explain costs a
factor ``miss``: a soft, forgiving model (the opponent may think differently), so a deal is made less likely,
never impossible.

The likelihood is a product over seats, so it can also be read one seat at a time
(:meth:`OpponentModel.seat_log_weight`): that is what the Metropolis–Hastings chain of
:func:`posterior_deals` needs, which swaps hidden cards between two opponents and so changes only their two
factors (:mod:`sevens.agents.common.sampling`). Against opponents who play like the policy (Killer's
``normal`` does: the policy's holding back hardly ever happens in Killer) the chain places more hidden cards
with their real holder than a few resampled uniform deals do (docs/decisions.md, "Killer's expert").
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from sevens.agents.common.sampling import ChoiceModel, SwapChain, chain_deals
from sevens.games.killer.geometry import dying
from sevens.games.killer.view import View

from .knowledge import Decision, Knowledge
from .policy import Weights, predict
from .sampling import Deal, Sampler


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
        deal = [0] * len(self.hinted)
        deal[seat] = hand
        return hinted + self._log_weight(moments, tuple(deal))

    def _log_weight(self, moments: list[_Moment], deal: Deal) -> float:
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

    def remake(deal: Deal, hands: list[int]) -> Deal:
        return tuple(hands)

    return chain_deals(
        first if model.by_seat else sampler.sample, start if model.by_seat else None, remake, burn_in, thin
    )
