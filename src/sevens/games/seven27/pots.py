"""Dividing the chips (RULES.md D4 side pots, D6 halves, D7 odd chips): pure functions on integers. Seats are
passed clockwise from the dealer's left, so "the first tied players" of a list get the remainder (D7).

>>> side_pots([10, 30, 30], (0, 1, 2))  # a main pot for everyone, a side pot for the two who put in 30
[Pot(amount=30, eligible=(0, 1, 2)), Pot(amount=40, eligible=(1, 2))]"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields

from sevens.games.seven27.evaluate import HIGH, LOW, Evaluation, winners


@dataclass(frozen=True, slots=True)
class Pot:
    """Chips and the seats that may win them (clockwise from the dealer's left)."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PotAward:
    """How one pot was divided. ``how``: ``halves`` (each half to its winners), ``low_only``/``high_only`` (no
    hand qualified for the other half, D6), ``no_qualifier`` (nobody qualified for either half: split among
    everyone eligible) or ``fold_out`` (everyone else folded, D4). ``shares[seat]``: chips that seat receives."""

    amount: int
    eligible: tuple[int, ...]
    low_winners: tuple[int, ...]
    high_winners: tuple[int, ...]
    shares: tuple[int, ...]
    how: str

    def to_dict(self) -> dict[str, object]:
        """Every field, tuples as lists."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return {name: list(v) if isinstance(v, tuple) else v for name, v in values.items()}


def side_pots(committed: Sequence[int], contenders: Sequence[int]) -> list[Pot]:
    """The main pot and side pots from what each seat put in this deal (``committed``, folded seats included),
    for the ``contenders`` still in. Nobody can win more from a seat than they put in themselves; chips a folded
    seat put in above every contender (which fixed-limit play cannot produce) go to the last pot."""
    levels = sorted({committed[s] for s in contenders})
    pots: list[Pot] = []
    previous = 0
    for i, level in enumerate(levels):
        amount = sum(min(c, level) - min(c, previous) for c in committed)
        if i == len(levels) - 1:
            amount += sum(max(c - level, 0) for c in committed)
        if amount:
            pots.append(Pot(amount, tuple(s for s in contenders if committed[s] >= level)))
        previous = level
    return pots


def split_chips(amount: int, seats: Sequence[int]) -> list[tuple[int, int]]:
    """Split ``amount`` evenly among ``seats``; the remainder goes one chip each to the first seats (D7)."""
    share, extra = divmod(amount, len(seats))
    return [(seat, share + (1 if i < extra else 0)) for i, seat in enumerate(seats)]


def divide(pot: Pot, low_winners: Sequence[int], high_winners: Sequence[int], players: int) -> PotAward:
    """Divide ``pot`` between the 7-half winners and the 27-half winners (D6, D7)."""
    shares = [0] * players
    if low_winners and high_winners:
        low_half = pot.amount // 2  # the odd chip stays with the 27-half
        parts = [(low_half, low_winners), (pot.amount - low_half, high_winners)]
        how = "halves"
    elif low_winners or high_winners:
        parts = [(pot.amount, low_winners or high_winners)]
        how = "low_only" if low_winners else "high_only"
    else:
        parts = [(pot.amount, pot.eligible)]
        how = "no_qualifier"
    for amount, seats in parts:
        for seat, chips in split_chips(amount, seats):
            shares[seat] += chips
    return PotAward(pot.amount, pot.eligible, tuple(low_winners), tuple(high_winners), tuple(shares), how)


def showdown(
    committed: Sequence[int], contenders: Sequence[int], evaluations: Mapping[int, Evaluation], tie_rule: str
) -> list[PotAward]:
    """Every pot's award at the showdown (or at a fold-out when one contender is left)."""
    players = len(committed)
    if len(contenders) == 1:
        winner = contenders[0]
        total = sum(committed)
        shares = tuple(total if s == winner else 0 for s in range(players))
        return [PotAward(total, (winner,), (), (), shares, "fold_out")]
    awards = []
    for pot in side_pots(committed, contenders):
        low = winners({s: evaluations[s].low for s in pot.eligible}, LOW, tie_rule)
        high = winners({s: evaluations[s].high for s in pot.eligible}, HIGH, tie_rule)
        awards.append(divide(pot, low, high, players))
    return awards


__all__ = ["Pot", "PotAward", "divide", "showdown", "side_pots", "split_chips"]
