"""The opponent model: which down cards explain the other players' choices, and drawing them.

Each other contender is modelled as the rule policy (:mod:`.rule`) that errs with probability ``miss``: each
combination of its unknown down cards (one or two; more are drawn uniformly) weighs ``1 - miss`` for every
recorded choice the policy would make holding them, ``miss`` for every other. Combinations are grouped by what
they add to a hand, so the policy is asked once per group. Hands are drawn seat after seat, redrawing a seat
whose cards another seat already holds.

>>> from sevens.games.seven27 import Rules, State
>>> from .reading import read_table
>>> state = State.new(Rules.preset("seven27", players=3), seed=1)
>>> model = DownModel(read_table(state.view(1)))
>>> sorted(model.seats), [s for s, cards in model.draw(random.Random(1))]
([0, 2], [0, 2])"""

from __future__ import annotations

import random
from bisect import bisect
from dataclasses import dataclass
from functools import cache, partial
from itertools import accumulate, combinations

from sevens.cards import iter_bits, mask_of
from sevens.games.seven27.actions import CARD_KINDS

from .hands import Scoring
from .reading import Choice, Table
from .rule import DEFAULT_POLICY, RulePolicy

MAX_ENUMERATED = 2  # unknown down cards per seat for which the combinations are weighed one by one
MAX_REDRAWS = 30


@dataclass(slots=True)
class SeatModel:
    """The weighted combinations of one seat's unknown down cards."""

    count: int
    combos: list[int]  # bit sets of cards; empty: draw uniformly
    cumulative: list[float]


class DownModel:
    """Draws every other contender's unknown down cards from the pool, weighted by the seat's choices."""

    def __init__(self, table: Table, policy: RulePolicy = DEFAULT_POLICY, miss: float = 0.15) -> None:
        self.table, self.policy, self.miss = table, policy, miss
        self.pool_cards = cards = list(iter_bits(table.pool))
        self.seats: dict[int, SeatModel] = {
            s: self._seat_model(s, table.unknown[s], cards)
            for s in table.order
            if s != table.me and table.unknown[s] > 0
        }

    def _seat_model(self, s: int, count: int, cards: list[int]) -> SeatModel:
        """Seat ``s``'s ``count`` unknown down cards: every combination of the pool weighed by its choices, or
        drawn uniformly (too many combinations, no choice to read, or choices read as noise)."""
        table = self.table
        records = [c for c in table.choices if c.seat == s and c.down_count == count]
        if count > MAX_ENUMERATED or not records or self.miss >= 0.5:
            return SeatModel(count, [], [])
        combos = [sum(1 << c for c in combo) for combo in combinations(cards, count)]
        # combinations that add the same (base, aces) weigh the same: ask the policy once for each
        weigh = cache(partial(self.likelihood, records))
        weights = [weigh(*table.scoring.hand(combo)) for combo in combos]
        return SeatModel(count, combos, list(accumulate(weights)))

    def likelihood(self, records: list[Choice], add_base: int, add_aces: int) -> float:
        """How likely the rule policy is to make ``records`` with down cards worth ``(add_base, add_aces)``."""
        scoring: Scoring = self.table.scoring
        policy = self.policy
        weight = 1.0
        for r in records:
            base, aces = scoring.hand(r.up)
            base += add_base
            aces += add_aces
            if r.kind in CARD_KINDS:
                expected = policy.card_kind(scoring, base, aces)
            else:
                strength = policy.strength(scoring, base, aces)
                expected = policy.bet_kind(strength, r.to_call, r.raise_ok, r.small_bets, r.raises)
            weight *= 1.0 - self.miss if expected == r.kind else self.miss
        return weight

    def draw(self, rng: random.Random) -> list[tuple[int, int]]:
        """``(seat, down cards)`` for every modelled seat: disjoint subsets of the pool."""
        used = 0
        out: list[tuple[int, int]] = []
        for s, model in self.seats.items():
            cards = 0
            if model.combos:
                total = model.cumulative[-1]
                for _ in range(MAX_REDRAWS):
                    combo = model.combos[min(bisect(model.cumulative, rng.random() * total), len(model.combos) - 1)]
                    if not combo & used:
                        cards = combo
                        break
            if not cards:
                cards = mask_of(rng.sample([c for c in self.pool_cards if not used >> c & 1], model.count))
            used |= cards
            out.append((s, cards))
        return out


__all__ = ["DownModel", "SeatModel"]
