"""Hand arithmetic for the agents: a hand as ``(base, aces)``, counted in halves (RULES.md D2).

``base`` is the hand's total with every ace counted 1 and ``aces`` the number of aces; the totals a hand can
count are ``base + 20·k`` for ``k`` aces counted 11 (see :mod:`sevens.games.seven27.evaluate`, which this
module agrees with). Adding a card is two integer additions, which is what makes rollouts cheap.

A *score* says how good a total is for one half: lower is better, ``None`` cannot win it (``bust``). Scores of
different hands compare directly, so the winners of a half are the hands with the lowest score.

>>> from sevens.games.seven27.evaluate import hand_of
>>> scoring = Scoring.of(Rules())
>>> hand = scoring.hand(hand_of("5s Ah Ad"))
>>> hand, scoring.best_low(*hand), scoring.best_high(*hand)
((14, 2), 14, 54)
>>> scoring.low_score(*hand), scoring.high_score(*hand)
(0, 0)
>>> scoring.low_score(*scoring.hand(hand_of("6s Kh"))) < scoring.low_score(*scoring.hand(hand_of("7s Kh")))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from sevens.cards import DECK_SIZE, ROW, iter_bits
from sevens.games.seven27.evaluate import ACE_BONUS, HIGH, LOW, card_halves
from sevens.games.seven27.rules import Rules

HALVES: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(card_halves(c) for c in range(DECK_SIZE)),
    tuple(card_halves(c, ten_half=True) for c in range(DECK_SIZE)),
)
"""Value in halves of each card (ace counted 1), without and with ``ten_half``."""
IS_ACE: tuple[int, ...] = tuple(1 if c % ROW == 0 else 0 for c in range(DECK_SIZE))


@dataclass(frozen=True, slots=True)
class Scoring:
    """How hands are valued and compared under one set of rules (``ten_half``, ``tie_rule``, ``bust``)."""

    values: tuple[int, ...]
    under_wins: bool
    bust: bool

    @classmethod
    def of(cls, rules: Rules) -> Scoring:
        return cls(HALVES[rules.ten_half], rules.tie_rule == "under_wins", rules.bust)

    def hand(self, cards: int) -> tuple[int, int]:
        """``(base, aces)`` of a bit set of cards."""
        base = aces = 0
        for c in iter_bits(cards):
            base += self.values[c]
            aces += IS_ACE[c]
        return base, aces

    def _closest(self, base: int, aces: int, target: int) -> tuple[int, int] | None:
        """The total closest to ``target`` (at equal distance the lower) and its score (see :meth:`score`),
        ``None`` if every total busts."""
        found: tuple[int, int] | None = None
        for k in range(aces + 1):
            total = base + ACE_BONUS * k
            over = total - target
            if over > 0:
                if self.bust:
                    break
                key = 2 * over + self.under_wins
            else:
                key = -2 * over
            if found is None or key < found[1]:
                found = (total, key)
        return found

    def best(self, base: int, aces: int, target: int) -> int | None:
        """The total closest to ``target`` (at equal distance the lower), ``None`` if every total busts."""
        found = self._closest(base, aces, target)
        return None if found is None else found[0]

    def best_low(self, base: int, aces: int) -> int | None:
        return self.best(base, aces, LOW)

    def best_high(self, base: int, aces: int) -> int | None:
        return self.best(base, aces, HIGH)

    def score(self, base: int, aces: int, target: int) -> int | None:
        """Twice the distance of the best total to ``target``, plus one for a total over it under
        ``under_wins``: lower is better, equal scores tie; ``None`` when the hand cannot win that half."""
        found = self._closest(base, aces, target)
        return None if found is None else found[1]

    def low_score(self, base: int, aces: int) -> int | None:
        return self.score(base, aces, LOW)

    def high_score(self, base: int, aces: int) -> int | None:
        return self.score(base, aces, HIGH)


def half_shares(low: dict[int, int | None], high: dict[int, int | None]) -> dict[int, float]:
    """Each seat's share of one pot from its scores for each half (D6): half to the lowest low score, half to the
    lowest high score, ties split; a half nobody qualifies for goes with the other; nobody at all: split evenly.

    >>> half_shares({0: 0, 1: 4}, {0: 6, 1: 2})
    {0: 0.5, 1: 0.5}
    >>> half_shares({0: None, 1: 3}, {0: None, 1: None})
    {0: 0.0, 1: 1.0}
    """
    shares = dict.fromkeys(low, 0.0)
    halves = [_winners(low), _winners(high)]
    qualified = [w for w in halves if w]
    if not qualified:
        return dict.fromkeys(low, 1.0 / len(low))
    part = 1.0 / len(qualified)
    for seats in qualified:
        for s in seats:
            shares[s] += part / len(seats)
    return shares


def _winners(scores: dict[int, int | None]) -> list[int]:
    present = [v for v in scores.values() if v is not None]
    if not present:
        return []
    best = min(present)
    return [s for s, v in scores.items() if v == best]


__all__ = ["HALVES", "HIGH", "IS_ACE", "LOW", "Scoring", "half_shares"]
