"""Hand values of Seven Twenty-Seven (RULES.md D2, D6), exact, counted in halves of a point.

A hand is a bit set of cards (see :mod:`sevens.cards`); suits do not matter. In halves, ½ is the integer 1:
A is 2 or 22, J/Q/K are 1, 2–10 twice their number (with ``ten_half`` a 10 is 1). The targets are
``LOW = 14`` (7 points) and ``HIGH = 54`` (27 points). Each ace is counted 1 or 11 separately for each target,
so a hand can count several totals, ``base + 20·k`` for ``k`` aces counted 11.

>>> hand = mask_of(parse_cards("5s Ah Ad"))
>>> hand_totals(hand)
(14, 34, 54)
>>> best_total(hand, LOW), best_total(hand, HIGH)
(14, 54)
>>> format_halves(13), format_halves(15), format_halves(54)
('6½', '7½', '27')
>>> six_half, seven_half = mask_of(parse_cards("6s Kh")), mask_of(parse_cards("7s Kh"))
>>> winners({0: best_total(seven_half, LOW), 1: best_total(six_half, LOW)}, LOW)
(1,)
>>> winners({0: best_total(seven_half, LOW), 1: best_total(six_half, LOW)}, LOW, tie_rule="equal")
(0, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from sevens.cards import DECK_SIZE, ROW, mask_of, parse_cards
from sevens.errors import ArgumentError
from sevens.games.arguments import flag, one_of, whole

LOW = 14  # 7 points, in halves
HIGH = 54  # 27 points, in halves
TARGETS = (LOW, HIGH)
ACE_BONUS = 20  # an ace counted 11 instead of 1: ten more points
ACES = sum(1 << (suit * ROW) for suit in range(4))

# Halves of each card index with the ace counted 1, for ten_half off / on.
_RANK_HALVES = (2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 1, 1, 1)
_HALVES: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(_RANK_HALVES[c % ROW] for c in range(4 * ROW)),
    tuple(1 if c % ROW == 9 else _RANK_HALVES[c % ROW] for c in range(4 * ROW)),
)


def card_halves(card: int, ten_half: bool = False) -> int:
    """The value of one card in halves, an ace counted 1.

    >>> [card_halves(c) for c in parse_cards("As 7h Td Kc")], card_halves(parse_cards("Td")[0], ten_half=True)
    ([2, 14, 20, 1], 1)
    """
    return _HALVES[ten_half][card]


def hand_totals(hand: int, ten_half: bool = False) -> tuple[int, ...]:
    """Every total ``hand`` can count, in halves, lowest first (one more per ace counted 11)."""
    table = _HALVES[ten_half]
    base = 0
    rest = hand
    while rest:
        low = rest & -rest
        base += table[low.bit_length() - 1]
        rest ^= low
    return tuple(base + ACE_BONUS * k for k in range((hand & ACES).bit_count() + 1))


def closeness(total: int, target: int, tie_rule: str = "under_wins") -> tuple[int, int]:
    """Sort key of ``total`` for ``target``: lower is closer. Under ``under_wins`` a total under the target beats
    one over it at the same distance; under ``equal`` they tie.

    >>> closeness(13, LOW), closeness(15, LOW), closeness(15, LOW, "equal")
    ((1, 0), (1, 1), (1, 0))
    """
    distance = total - target
    if distance > 0:
        return (distance, 1 if tie_rule == "under_wins" else 0)
    return (-distance, 0)


def best_total(
    hand: int, target: int, *, ten_half: bool = False, tie_rule: str = "under_wins", bust: bool = False
) -> int | None:
    """The total ``hand`` counts for ``target`` (the closest; at equal closeness the lower), or ``None`` when
    under ``bust`` every total is over the target and the hand cannot win that half.

    >>> best_total(mask_of(parse_cards("Ts 9h")), LOW, bust=True) is None
    True
    >>> best_total(mask_of(parse_cards("As Ah")), LOW, bust=True)  # 1 + 1, or 12 or 22 (bust)
    4
    """
    best: int | None = None
    best_key = (0, 0)
    for total in hand_totals(hand, ten_half):
        if bust and total > target:
            break
        key = closeness(total, target, tie_rule)
        if best is None or key < best_key:
            best, best_key = total, key
    return best


TIE_RULES = ("under_wins", "equal")  # the Rules' tie_rule choices (D6)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What a hand counts for each half: ``low`` for 7 and ``high`` for 27, in halves (``None``: cannot win)."""

    low: int | None
    high: int | None

    def text(self) -> str:
        """``7 / 27`` style, ``-`` for a half the hand cannot win.

        >>> evaluate(mask_of(parse_cards("5s Ah Ad"))).text()
        '7 / 27'
        """
        return " / ".join("-" if t is None else format_halves(t) for t in (self.low, self.high))


def evaluate(hand: int, *, ten_half: bool = False, tie_rule: str = "under_wins", bust: bool = False) -> Evaluation:
    """The hand's best total for each target (``hand``: a bit set of the 52 cards)."""
    if not 0 <= whole(hand, "hand", "a bit set of cards") < 1 << DECK_SIZE:
        raise ArgumentError(f"hand {hand} is not a set of cards; allowed: 0 to 2**{DECK_SIZE}-1 (sevens.cards)")
    flag(ten_half, "ten_half"), flag(bust, "bust"), one_of(tie_rule, TIE_RULES, "tie_rule")
    return Evaluation(
        best_total(hand, LOW, ten_half=ten_half, tie_rule=tie_rule, bust=bust),
        best_total(hand, HIGH, ten_half=ten_half, tie_rule=tie_rule, bust=bust),
    )


def winners(totals: Mapping[int, int | None], target: int, tie_rule: str = "under_wins") -> tuple[int, ...]:
    """The seats whose total is closest to ``target`` (exact ties all win), in the mapping's order; seats with
    ``None`` do not qualify. Empty when nobody qualifies."""
    keys = {seat: closeness(t, target, tie_rule) for seat, t in totals.items() if t is not None}
    if not keys:
        return ()
    best = min(keys.values())
    return tuple(seat for seat, key in keys.items() if key == best)


def format_halves(halves: int) -> str:
    """A total in halves as points: ``13`` → ``6½``, ``1`` → ``½``."""
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def hand_of(text: str) -> int:
    """A hand from card text, for tests and tools: ``hand_of("5s Ah Ad")``."""
    return mask_of(parse_cards(text))


def totals_text(totals: Iterable[int]) -> str:
    """``6½/16½`` for a hand with one ace."""
    return "/".join(format_halves(t) for t in totals)


__all__ = [
    "ACES", "HIGH", "LOW", "TARGETS", "Evaluation",
    "best_total", "card_halves", "closeness", "evaluate", "format_halves", "hand_of", "hand_totals",
    "totals_text", "winners",
]  # fmt: skip
