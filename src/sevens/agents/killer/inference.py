"""Reading opponents' choices: how well a sampled deal explains what the other players actually did.

A sampled deal fixes every hand now; since a hand only ever loses cards, the hand a player held at an earlier
decision is its sampled hand plus the cards it played or lost since (:class:`~.knowledge.Decision`; lost
cards are known when dead cards are visible). Replaying the policy of :mod:`.policy` on that hand and that
table says what a sensible player would have done. Each recent decision the deal fails to explain costs a
factor ``miss``: a soft, forgiving model (the opponent may think differently), so a deal is made less likely,
never impossible.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sevens.games.killer.geometry import dying
from sevens.games.killer.view import View

from .knowledge import Decision, Knowledge
from .policy import Weights, predict
from .sampling import Deal


@dataclass(frozen=True, slots=True)
class _Moment:
    """A past decision of another player, with the table facts worked out once per move."""

    decision: Decision
    dead: int
    front: int
    passes_left: int | None
    since: int  # cards the seat played or lost after this decision


class OpponentModel:
    """Scores deals by the recent choices of the other players still in the round."""

    def __init__(self, view: View, knowledge: Knowledge, weights: Weights, miss: float = 0.3, horizon: int = 8):
        self.weights = weights
        self.log_miss = math.log(miss)
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
        self.moments = moments

    def log_weight(self, deal: Deal) -> float:
        """The log of how well ``deal`` explains the recent decisions (0 when it explains them all)."""
        total = 0.0
        board, w, voluntary = self.board, self.weights, self.voluntary
        for m in self.moments:
            d = m.decision
            hand = deal[d.seat] | m.since
            cands = hand & m.front
            can_pass = (voluntary or not cands) and (m.passes_left is None or m.passes_left > 0)
            if not cands or (not can_pass and not cands & (cands - 1)):
                continue  # no real choice then: nothing to learn
            if predict(hand, d.table, m.dead, m.front, m.passes_left, can_pass, board, w) != d.card:
                total += self.log_miss
        return total
