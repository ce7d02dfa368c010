"""Hand arithmetic for the agents: a hand as ``(base, aces)`` in halves (RULES.md D2, see
:mod:`sevens.games.seven27.evaluate`), so that adding a card is two integer additions and rollouts are cheap.

A *score* says how good a total is for one half: lower is better, ``None`` cannot win it (``bust``). Scores of
different hands compare directly, so the winners of a half are the hands with the lowest score.

>>> from sevens.games.seven27.evaluate import hand_of
>>> scoring = Scoring.of(Rules())
>>> hand = scoring.hand(hand_of("5s Ah Ad"))
>>> hand, scoring.best_low(*hand), scoring.best_high(*hand), scoring.score(*hand, LOW)
((14, 2), 14, 54, 0)"""

from __future__ import annotations

from dataclasses import dataclass

from sevens.cards import iter_bits
from sevens.games.seven27.evaluate import ACES, HALVES, HIGH, LOW, closest, lowest
from sevens.games.seven27.rules import Rules


@dataclass(frozen=True, slots=True)
class Scoring:
    """How hands are valued and compared under one set of rules (``ten_half``, ``tie_rule``, ``bust``)."""

    values: tuple[int, ...]  # halves of each card, an ace counted 1
    under_wins: bool
    bust: bool

    @classmethod
    def of(cls, rules: Rules) -> Scoring:
        return cls(HALVES[rules.ten_half], rules.tie_rule == "under_wins", rules.bust)

    def hand(self, cards: int) -> tuple[int, int]:
        """``(base, aces)`` of a bit set of cards."""
        return sum(self.values[c] for c in iter_bits(cards)), (cards & ACES).bit_count()

    def best(self, base: int, aces: int, target: int) -> int | None:
        """The total closest to ``target`` (at equal distance the lower), ``None`` if every total busts."""
        found = closest(base, aces, target, self.under_wins, self.bust)
        return None if found is None else found[0]

    def best_low(self, base: int, aces: int) -> int | None:
        return self.best(base, aces, LOW)

    def best_high(self, base: int, aces: int) -> int | None:
        return self.best(base, aces, HIGH)

    def score(self, base: int, aces: int, target: int) -> int | None:
        """The score of the best total for ``target`` (:func:`~sevens.games.seven27.evaluate.closest`): lower is
        better, equal scores tie; ``None`` when the hand cannot win that half."""
        found = closest(base, aces, target, self.under_wins, self.bust)
        return None if found is None else found[1]


def half_shares(low: dict[int, int | None], high: dict[int, int | None]) -> dict[int, float]:
    """Each seat's share of one pot from its scores for each half (D6): half to the lowest low score, half to the
    lowest high score, ties split; a half nobody qualifies for goes with the other; nobody at all: split evenly.

    >>> half_shares({0: 0, 1: 4}, {0: 6, 1: 2})
    {0: 0.5, 1: 0.5}
    >>> half_shares({0: None, 1: 3}, {0: None, 1: None})
    {0: 0.0, 1: 1.0}
    """
    halves = ({s: score for s, score in scores.items() if score is not None} for scores in (low, high))
    qualified = [seats for seats in map(lowest, halves) if seats]
    if not qualified:
        return dict.fromkeys(low, 1.0 / len(low))
    shares = dict.fromkeys(low, 0.0)
    for seats in qualified:
        for s in seats:
            shares[s] += 1.0 / len(qualified) / len(seats)
    return shares


__all__ = ["Scoring", "half_shares"]
