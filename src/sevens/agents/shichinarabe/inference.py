"""Reading opponents' choices: how well a sampled deal explains what the other players actually did.

A sampled deal fixes every hand now; since a hand only ever loses real cards, the hand a player held at any
earlier decision is its sampled hand plus the cards it has put out since (:class:`~.knowledge.Decision`).
Replaying the policy of :mod:`.policy` on that hand and that table says what a sensible player would have
done. Each recent decision the deal fails to explain costs a factor ``miss`` (a soft, forgiving model: the
opponent may think differently, so a deal is made less likely, never impossible).

For example, with voluntary passes, a player who passed while a deal gives it an attractive play is less
likely to hold that hand; a player who opened a lane rather than playing elsewhere probably had no better
card; a player who could have used a joker well but did not probably had none. Only decisions with a real
choice count (jokers held then are the sampled ones plus those played since, minus those received since).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sevens.games.shichinarabe.actions import (
    GHOST,
    JOKER_ABOVE_ACTIONS,
    JOKER_BELOW_ACTIONS,
    PASS,
    PASS_ACTION,
    PLAY_ACTIONS,
    SWAP_ACTIONS,
    Action,
)
from sevens.games.shichinarabe.view import View

from .board import joker_masks, playable_mask
from .knowledge import Decision, Knowledge
from .policy import Situation, Weights, choose_index, score_actions
from .sampling import Deal


@dataclass(frozen=True, slots=True)
class _Moment:
    """A past decision of another player, with the table facts worked out once per move."""

    decision: Decision
    playable: int
    joker_below: int
    joker_above: int
    passes_left: int | None


class OpponentModel:
    """Scores deals by the recent choices of the other players still in the round."""

    def __init__(self, view: View, knowledge: Knowledge, weights: Weights, miss: float = 0.3, horizon: int = 24):
        self.view = view
        self.knowledge = knowledge
        self.weights = weights
        self.log_miss = math.log(miss)
        rules = view.rules
        limit = rules.pass_limit
        moments: list[_Moment] = []
        for d in reversed(knowledge.decisions):
            if len(moments) >= horizon:
                break
            if d.seat == view.seat or view.statuses[d.seat] != "in" or d.action.kind == GHOST:
                continue
            if not rules.voluntary_pass and d.action.kind == PASS:
                continue  # already a hard fact (knowledge.excluded)
            playable = playable_mask(d.occupied, rules) & ~d.occupied
            below, above = joker_masks(d.occupied, rules) if rules.jokers else (0, 0)
            left = None if limit is None else limit - d.passes_used
            moments.append(_Moment(d, playable, below, above, left))
        self.moments = moments

    def log_weight(self, deal: Deal) -> float:
        """Log of the deal's relative likelihood given the recent choices (0 when all are explained)."""
        rules, w = self.view.rules, self.weights
        optional = rules.joker_exchange == "optional"
        put_out, balance = self.knowledge.put_out, self.knowledge.joker_balance
        total = 0.0
        for m in self.moments:
            d = m.decision
            s = d.seat
            hand = deal.hands[s] | (put_out[s] & ~d.put_out_before)
            jokers = deal.jokers[s] + balance[s] - d.joker_balance_before
            legal = [PLAY_ACTIONS[c] for c in _bits(hand & m.playable)]
            if jokers > 0:
                jokered = [JOKER_BELOW_ACTIONS[c] for c in _bits(hand & m.joker_below)]
                jokered += [JOKER_ABOVE_ACTIONS[c] for c in _bits(hand & m.joker_above)]
                legal += sorted(jokered, key=Action.sort_key)
            if optional:
                legal += [SWAP_ACTIONS[c] for c in _bits(hand & d.joker_at)]
            if (m.passes_left is None or m.passes_left > 0) and (rules.voluntary_pass or not legal):
                legal.append(PASS_ACTION)
            if len(legal) < 2 or d.action not in legal:
                continue
            situation = Situation(rules, hand, max(0, jokers), d.occupied, m.playable, m.passes_left)
            if legal[choose_index(score_actions(situation, legal, w))] != d.action:
                total += self.log_miss
        return total


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
