"""``rule``: a simple, sound player of Seven Twenty-Seven, and the policy other agents model opponents with.

Looking at its own hand only, it aims for 7 when its hand counts at most ``aim_low_max`` (8) for the 7-half,
else for 27, and takes a card while under ``stand_low`` (5½) or ``stand_high`` (25). A hand is strong at 6½–7
or 26–27 (or made for both halves), made at 5½–8 or 25–28, drawing if it still wants a card, else weak. With
nothing to call it bets a strong hand; facing a bet it raises a strong hand, calls a made one, calls a drawing
hand while bets are small and the round has not been re-raised, and folds the rest.

>>> from sevens.games.seven27 import Rules
>>> from sevens.games.seven27.evaluate import hand_of
>>> policy, scoring = RulePolicy(), Scoring.of(Rules())
>>> [policy.strength(scoring, *scoring.hand(hand_of(h))) for h in ("6s Kh", "4s 4h", "3s 2h", "Ts 9h 8c 3d")]
[3, 2, 1, 0]"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sevens.games.seven27.actions import BET, CALL, CARD_KINDS, CHECK, FOLD, RAISE, STAND, TAKE, Action
from sevens.games.seven27.evaluate import HIGH, LOW
from sevens.games.seven27.rules import BIG_BET_FROM_ROUND
from sevens.games.seven27.view import View

from .hands import Scoring

WEAK, DRAWING, MADE, STRONG = range(4)


@dataclass(frozen=True, slots=True)
class RulePolicy:
    """The thresholds of the rule player, in halves of a point."""

    aim_low_max: int = 16  # aim for 7 while the hand counts 8 or less for the 7-half
    stand_low: int = 11  # aiming for 7, stand at 5½ or more
    stand_high: int = 50  # aiming for 27, stand at 25 or more
    made_low: tuple[int, int] = (11, 16)  # 5½ to 8
    strong_low: tuple[int, int] = (13, 14)  # 6½ to 7
    made_high: tuple[int, int] = (50, 56)  # 25 to 28
    strong_high: tuple[int, int] = (52, 54)  # 26 to 27
    small_call_raises: int = 1  # a drawing hand calls while the round has at most this many raises

    def wants_card(self, scoring: Scoring, base: int, aces: int) -> bool:
        """Whether the hand takes a card (before any refusal limit or empty deck)."""
        low = scoring.best(base, aces, LOW)
        if low is not None and low <= self.aim_low_max:  # aiming for 7
            return low < self.stand_low
        high = scoring.best(base, aces, HIGH)
        return high is not None and high < self.stand_high

    def strength(self, scoring: Scoring, base: int, aces: int) -> int:
        """0 weak, 1 drawing, 2 made, 3 strong."""
        low, high = scoring.best(base, aces, LOW), scoring.best(base, aces, HIGH)
        low_made, high_made = _within(low, self.made_low), _within(high, self.made_high)
        if _within(low, self.strong_low) or _within(high, self.strong_high) or (low_made and high_made):
            return STRONG
        if low_made or high_made:
            return MADE
        return DRAWING if self.wants_card(scoring, base, aces) else WEAK

    def bet_kind(self, strength: int, to_call: int, raise_ok: bool, small_bets: bool, raises: int) -> int:
        """The betting action kind for a hand of ``strength`` (``raise_ok``: a raise or bet is legal)."""
        if not to_call:
            return BET if strength == STRONG and raise_ok else CHECK
        if strength == STRONG:
            return RAISE if raise_ok else CALL
        if strength == MADE or (strength == DRAWING and small_bets and raises <= self.small_call_raises):
            return CALL
        return FOLD

    def card_kind(self, scoring: Scoring, base: int, aces: int) -> int:
        return TAKE if self.wants_card(scoring, base, aces) else STAND


DEFAULT_POLICY = RulePolicy()


def _within(total: int | None, bounds: tuple[int, int]) -> bool:
    return total is not None and bounds[0] <= total <= bounds[1]


class RuleAgent:
    """Aims for the nearer target, stands at a threshold, bets and calls by a simple strength test."""

    name = "rule"
    needs_view = True

    def __init__(self, policy: RulePolicy = DEFAULT_POLICY) -> None:
        self.policy = policy

    def reset(self, seat: int, seed: int) -> None:
        """Nothing to reset: the rule player keeps nothing between moves and draws no random numbers."""

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        """The rule policy's action for the seat of ``view`` (one of ``legal``)."""
        assert view.seat is not None
        policy, scoring = self.policy, Scoring.of(view.rules)
        me = view.seats[view.seat]
        base, aces = scoring.hand(me.down | me.up)
        kinds = {a.kind: a for a in legal}
        if legal[0].kind in CARD_KINDS:
            kind = policy.card_kind(scoring, base, aces)
        else:
            raise_ok = BET in kinds or RAISE in kinds
            small = view.betting_round < BIG_BET_FROM_ROUND
            kind = policy.bet_kind(policy.strength(scoring, base, aces), view.to_call, raise_ok, small, view.raises)
        return kinds.get(kind) or kinds.get(CALL) or kinds.get(CHECK) or legal[0]


__all__ = ["DEFAULT_POLICY", "DRAWING", "MADE", "STRONG", "WEAK", "RuleAgent", "RulePolicy"]
