"""What reading every family's position text shares: whole numbers, seat numbers, one number per seat, and the
check that a field has one entry per seat. Each error is a :class:`NotationError` that names the field."""

from __future__ import annotations

from collections.abc import Sized

from sevens.errors import NotationError


def whole_number(text: str, field: str) -> int:
    """``text`` as a whole number written in ASCII digits."""
    if not (text.isascii() and text.isdigit()):
        raise NotationError(f"{field}: {text!r} is not a whole number")
    return int(text)


def seat_number(text: str, n: int, field: str) -> int:
    """``text`` as one of the seats ``0 … n-1``."""
    seat = whole_number(text, field)
    if seat >= n:
        raise NotationError(f"{field}: seat {seat} does not exist; seats are 0 to {n - 1}")
    return seat


def per_seat(text: str, n: int, field: str, counted_by: str = "HANDS has") -> list[int]:
    """Comma-separated whole numbers, one for each of the ``n`` seats (``counted_by`` names the field that
    gave ``n`` in the error)."""
    values = [whole_number(t, field) for t in text.split(",")]
    check_seat_count(values, n, field, counted_by)
    return values


def check_seat_count(entries: Sized, n: int, field: str, counted_by: str = "HANDS has") -> None:
    """Raise :class:`NotationError` unless ``field`` has one entry for each of the ``n`` seats."""
    if len(entries) != n:
        raise NotationError(f"{field} lists {len(entries)} seats but {counted_by} {n}")
