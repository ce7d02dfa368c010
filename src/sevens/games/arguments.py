"""The checks every public function of the games makes on its arguments (the strict API, issue 29 part 6).

A wrong type raises :class:`~sevens.errors.WrongTypeError` (a ``TypeError`` too); a value out of range raises
:class:`~sevens.errors.ArgumentError` (a ``ValueError`` too). Both say what is allowed. ``bool`` is never a
number here, so ``True`` cannot stand for seat 1.

>>> seat_index(-1, 4)
Traceback (most recent call last):
...
sevens.errors.ArgumentError: seat -1 does not exist; seats are 0 to 3
>>> card_index(52)
Traceback (most recent call last):
...
sevens.errors.ArgumentError: card 52 is not a card; card indexes are 0 to 51
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import index

from sevens.cards import DECK_SIZE
from sevens.errors import ArgumentError, WrongTypeError
from sevens.rng import MAX_SEED


def whole(value: object, what: str, allowed: str) -> int:
    """``value`` as an ``int`` (any integer type but ``bool``), else :class:`WrongTypeError`."""
    if not isinstance(value, bool):
        try:
            return index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    hint = "; read text with parse_card" if isinstance(value, str) and what == "card" else ""
    raise WrongTypeError(f"{what} must be a whole number ({allowed}), not {type(value).__name__} ({value!r}){hint}")


def seat_index(seat: object, players: int, what: str = "seat") -> int:
    """``seat`` if it is one of the seats ``0 … players-1``."""
    s = whole(seat, what, f"a seat 0 to {players - 1}")
    if not 0 <= s < players:
        if what == "seat":
            raise ArgumentError(f"seat {s} does not exist; seats are 0 to {players - 1}")
        raise ArgumentError(f"{what}={s} is not a seat; allowed: 0 to {players - 1}")
    return s


def card_index(card: object, what: str = "card") -> int:
    """``card`` if it is one of the 52 card indexes (:mod:`sevens.cards`)."""
    c = whole(card, what, f"a card index 0 to {DECK_SIZE - 1}")
    if not 0 <= c < DECK_SIZE:
        raise ArgumentError(f"{what} {c} is not a card; card indexes are 0 to {DECK_SIZE - 1}")
    return c


def seed_value(seed: object) -> int:
    """``seed`` if it is a deal's seed: a whole number from 0 to 2**64-1 (:mod:`sevens.rng`)."""
    why = f"seed must be an integer from 0 to 2**64-1, got {seed!r}"
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise WrongTypeError(why)
    if not 0 <= seed <= MAX_SEED:
        raise ArgumentError(why)
    return seed


def rules_of(rules: object, cls: type, family: str) -> None:
    """Raise :class:`WrongTypeError` unless ``rules`` are ``family``'s rules (an instance of ``cls``)."""
    if not isinstance(rules, cls):
        raise WrongTypeError(f"rules must be {family} rules (Rules.preset(…)), not {type(rules).__name__} ({rules!r})")


def one_of(value: object, allowed: Sequence[object], what: str) -> object:
    """``value`` if it is one of ``allowed`` (compared by type and value, so ``True`` is not ``1``)."""
    for choice in allowed:
        if type(value) is type(choice) and value == choice:
            return value
    raise ArgumentError(f"{what}={value!r} is not allowed; allowed: {', '.join(map(repr, allowed))}")


def flag(value: object, what: str) -> bool:
    """``value`` if it is ``True`` or ``False``."""
    if not isinstance(value, bool):
        raise WrongTypeError(f"{what} must be True or False, not {type(value).__name__} ({value!r})")
    return value


__all__ = ["card_index", "flag", "one_of", "rules_of", "seat_index", "seed_value", "whole"]
