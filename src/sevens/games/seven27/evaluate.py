"""Hand values of Seven Twenty-Seven (RULES.md D2, D6), exact, counted in halves of a point.

A hand is a bit set of cards; suits do not matter. In halves, A is 2 or 22, J/Q/K are 1, 2–10 twice their
number (with ``ten_half`` a 10 is 1); the targets are ``LOW = 14`` (7) and ``HIGH = 54`` (27). Each ace counts
1 or 11 separately for each target, so a hand counts ``base + 20·k`` for ``k`` aces counted 11.

>>> hand = mask_of(parse_cards("5s Ah Ad"))
>>> hand_totals(hand), best_total(hand, LOW), best_total(hand, HIGH), format_halves(13)
((14, 34, 54), 14, 54, '6½')"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sevens.cards import DECK_SIZE, ROW, iter_bits, mask_of, parse_cards
from sevens.errors import ArgumentError
from sevens.games.arguments import flag, one_of, whole

LOW = 14  # 7 points, in halves
HIGH = 54  # 27 points, in halves
ACE_BONUS = 20  # an ace counted 11 instead of 1: ten more points
ACES = sum(1 << (suit * ROW) for suit in range(4))

_RANK_HALVES = (2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 1, 1, 1)
HALVES: tuple[tuple[int, ...], tuple[int, ...]] = (  # halves of each card, an ace counted 1; ten_half off / on
    tuple(_RANK_HALVES[c % ROW] for c in range(4 * ROW)),
    tuple(1 if c % ROW == 9 else _RANK_HALVES[c % ROW] for c in range(4 * ROW)),
)


def card_halves(card: int, ten_half: bool = False) -> int:
    """The value of one card in halves, an ace counted 1."""
    return HALVES[ten_half][card]


def base_and_aces(hand: int, ten_half: bool = False) -> tuple[int, int]:
    """``(base, aces)``: the total of ``hand`` with every ace counted 1, and its number of aces."""
    table = HALVES[ten_half]
    return sum(table[c] for c in iter_bits(hand)), (hand & ACES).bit_count()


def hand_totals(hand: int, ten_half: bool = False) -> tuple[int, ...]:
    """Every total ``hand`` can count, in halves, lowest first (one more per ace counted 11)."""
    base, aces = base_and_aces(hand, ten_half)
    return tuple(base + ACE_BONUS * k for k in range(aces + 1))


def closeness(total: int, target: int, tie_rule: str = "under_wins") -> tuple[int, int]:
    """Sort key of ``total`` for ``target``: lower is closer. Under ``under_wins`` a total under the target beats
    one over it at the same distance; under ``equal`` they tie."""
    distance = total - target
    if distance > 0:
        return (distance, 1 if tie_rule == "under_wins" else 0)
    return (-distance, 0)


def closest(base: int, aces: int, target: int, under_wins: bool = True, bust: bool = False) -> tuple[int, int] | None:
    """The total of a ``(base, aces)`` hand closest to ``target`` (at equal closeness the lower) and its score:
    twice the distance, plus one for a total over the target under ``under_wins`` (the order of
    :func:`closeness`: lower is closer); ``None`` when under ``bust`` every total is over the target."""
    found: tuple[int, int] | None = None
    for k in range(aces + 1):
        total = base + ACE_BONUS * k
        over = total - target
        if over > 0:
            if bust:
                break
            score = 2 * over + under_wins
        else:
            score = -2 * over
        if found is None or score < found[1]:
            found = (total, score)
    return found


def best_total(
    hand: int, target: int, *, ten_half: bool = False, tie_rule: str = "under_wins", bust: bool = False
) -> int | None:
    """The total ``hand`` counts for ``target`` (:func:`closest`), or ``None`` when it cannot win that half."""
    found = closest(*base_and_aces(hand, ten_half), target, tie_rule == "under_wins", bust)
    return None if found is None else found[0]


TIE_RULES = ("under_wins", "equal")  # the Rules' tie_rule choices (D6)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What a hand counts for each half: ``low`` for 7 and ``high`` for 27, in halves (``None``: cannot win)."""

    low: int | None
    high: int | None

    def text(self) -> str:
        """``7 / 27`` style, ``-`` for a half the hand cannot win."""
        return " / ".join("-" if t is None else format_halves(t) for t in (self.low, self.high))


def evaluate(hand: int, *, ten_half: bool = False, tie_rule: str = "under_wins", bust: bool = False) -> Evaluation:
    """The hand's best total for each target (``hand``: a bit set of the 52 cards)."""
    if not 0 <= whole(hand, "hand", "a bit set of cards") < 1 << DECK_SIZE:
        raise ArgumentError(f"hand {hand} is not a set of cards; allowed: 0 to 2**{DECK_SIZE}-1 (sevens.cards)")
    flag(ten_half, "ten_half"), flag(bust, "bust"), one_of(tie_rule, TIE_RULES, "tie_rule")
    base, aces = base_and_aces(hand, ten_half)
    found = [closest(base, aces, target, tie_rule == "under_wins", bust) for target in (LOW, HIGH)]
    return Evaluation(*(None if f is None else f[0] for f in found))


def winners(totals: Mapping[int, int | None], target: int, tie_rule: str = "under_wins") -> tuple[int, ...]:
    """The seats whose total is closest to ``target`` (exact ties all win), in the mapping's order; seats with
    ``None`` do not qualify. Empty when nobody qualifies."""
    return lowest({seat: closeness(t, target, tie_rule) for seat, t in totals.items() if t is not None})


def lowest(keys: Mapping[int, Any]) -> tuple[int, ...]:
    """The seats with the lowest key, in the mapping's order (none for an empty mapping)."""
    best = min(keys.values(), default=None)
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
    "ACES", "HALVES", "HIGH", "LOW", "Evaluation",
    "base_and_aces", "best_total", "card_halves", "closeness", "closest", "evaluate", "format_halves", "hand_of",
    "hand_totals", "lowest", "totals_text", "winners",
]  # fmt: skip
