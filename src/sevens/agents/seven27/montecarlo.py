"""``montecarlo``: estimates its share of the pot by rollouts over the down cards it cannot see.

Each decision reads the view (:mod:`.reading`), weighs the other players' down cards by their choices
(:mod:`.inference`) and plays determinizations out to the showdown (:mod:`.rollout`).

* **Card round.** Take and stand are played out on the same determinizations; it takes a card when that raises
  its expected share of the pot.
* **Betting round.** With its expected share ``E`` and ``k`` players still in: facing a bet of ``c`` into a pot
  ``P`` it calls when ``E ≥ c / (P + c)``, raises when ``E`` beats ``1/k`` by ``raise_margin``, else folds; with
  nothing to call it bets when ``E`` beats ``1/k`` by ``bet_margin``.

Sampling stops when the budget (:mod:`sevens.agents.common.montecarlo`: ``think_ms`` of CPU time, or ``rollouts``
for reproducible play) is spent or as soon as ``E`` is ``confidence`` standard errors from every threshold."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from sevens.agents.common.montecarlo import BudgetedAgent
from sevens.games.seven27.actions import BET, CALL, CHECK, FOLD, RAISE, STAND_ACTION, TAKE_ACTION, Action
from sevens.games.seven27.view import View

from .inference import DownModel
from .reading import read_table
from .rollout import Rollout
from .rule import DEFAULT_POLICY, RulePolicy

DEFAULT_THINK_MS = 150.0
MIN_SAMPLES = 64
CHECK_EVERY = 32


class MonteCarloAgent(BudgetedAgent):
    """Draws when that raises its expected share; bets, calls and folds against pot odds."""

    name = "montecarlo"
    samples_per_cpu_second = 30000.0  # a clock budget run to its end (most decisions settle after 64 samples)

    def __init__(
        self,
        think_ms: float = DEFAULT_THINK_MS,
        rollouts: int | None = None,
        policy: RulePolicy = DEFAULT_POLICY,
        miss: float = 0.15,
        bet_margin: float = 0.1,
        raise_margin: float = 0.15,
        call_margin: float = 0.0,
        confidence: float = 2.5,
    ) -> None:
        super().__init__(think_ms, rollouts)  # last_samples: determinizations used by the last decision
        self.policy, self.miss, self.confidence = policy, miss, confidence
        self.bet_margin, self.raise_margin, self.call_margin = bet_margin, raise_margin, call_margin
        self.last_estimate: tuple[float, ...] = ()  # the last decision's expected shares (take/stand, or E)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        assert isinstance(view, View)
        table = read_table(view)
        rollout = Rollout(table, DownModel(table, self.policy, self.miss), self.policy)
        if table.card_round:
            return self._card(rollout, legal)
        return self._bet(view, rollout, legal)

    # ------------------------------------------------------------------ decisions
    def _card(self, rollout: Rollout, legal: Sequence[Action]) -> Action:
        """Take when the paired estimate of (take - stand) is positive."""
        pairs: list[tuple[float, float]] = []  # (take, stand), played out on the same determinization

        def sample(rng: random.Random) -> float:
            base, aces, deck = rollout.deal(rng)
            stand = rollout.share(base.copy(), aces.copy(), deck, take=False)
            pairs.append((rollout.share(base, aces, deck, take=True), stand))
            return pairs[-1][0] - stand

        self._sample(sample, thresholds=(0.0,))
        take, stand = (sum(shares) for shares in zip(*pairs, strict=True))
        self.last_estimate = (take / len(pairs), stand / len(pairs))
        return TAKE_ACTION if take > stand and TAKE_ACTION in legal else STAND_ACTION

    def _bet(self, view: View, rollout: Rollout, legal: Sequence[Action]) -> Action:
        kinds = {a.kind: a for a in legal}
        fair = 1.0 / len(rollout.order)
        to_call = view.to_call
        pot_odds = to_call / (view.pot + to_call) + self.call_margin if to_call else 0.0
        thresholds = self._thresholds(kinds, to_call, pot_odds, fair)
        if not thresholds:
            return kinds.get(CHECK) or kinds.get(CALL) or legal[0]
        shares = self._sample(lambda rng: rollout.share(*rollout.deal(rng), take=None), thresholds)
        equity = sum(shares) / len(shares)
        self.last_estimate = (equity,)
        if not to_call:
            return kinds[BET] if equity > fair + self.bet_margin else kinds[CHECK]
        return self._answer(kinds, equity, pot_odds, fair)

    def _thresholds(self, kinds: dict[int, Action], to_call: int, pot_odds: float, fair: float) -> tuple[float, ...]:
        """The equities at which the choice changes: calling and raising a bet, or opening one."""
        if to_call:
            return (pot_odds, fair + self.raise_margin) if RAISE in kinds else (pot_odds,)
        return (fair + self.bet_margin,) if BET in kinds else ()

    def _answer(self, kinds: dict[int, Action], equity: float, pot_odds: float, fair: float) -> Action:
        """Raise, call or fold a bet, given the seat's sampled share of the pot."""
        if RAISE in kinds and equity > fair + self.raise_margin:
            return kinds[RAISE]
        if equity >= pot_odds or FOLD not in kinds:
            return kinds[CALL]
        return kinds[FOLD]

    # ------------------------------------------------------------------ the sampling loop
    def _sample(self, sample: Callable[[random.Random], float], thresholds: Sequence[float]) -> list[float]:
        """``sample(rng)`` until the budget is spent or every threshold is clearly on one side of the mean."""
        values: list[float] = []
        deadline = self.budget.start(*self.clocks)  # with a sample budget only its patience ceiling, if any
        total = square = 0.0
        while True:
            v = sample(self._rng)
            values.append(v)
            total += v
            square += v * v
            n = len(values)
            if n == self.rollouts or (n % 8 == 0 and deadline.passed()):
                break
            if n >= MIN_SAMPLES and n % CHECK_EVERY == 0:
                mean = total / n
                spread = self.confidence * math.sqrt(max(square / n - mean * mean, 1e-12) / n)
                if all(abs(mean - t) > spread for t in thresholds):
                    break
        self.last_samples = len(values)
        return values


__all__ = ["DEFAULT_THINK_MS", "MonteCarloAgent"]
