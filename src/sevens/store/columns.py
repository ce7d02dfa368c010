"""Column types that behave the same on SQLite and PostgreSQL: seeds (0 … 2**64-1, wider than BIGINT), UTC
timestamps and JSON documents."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Dialect, String
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.types import TypeDecorator, TypeEngine

MAX_SEED = 2**64 - 1
SEED_DIGITS = 20


def json_type() -> TypeEngine[Any]:
    """JSON, stored as ``jsonb`` on PostgreSQL."""
    return JSON().with_variant(JSONB(), "postgresql")


def utc_now() -> datetime:
    """Now, in UTC (every timestamp the store writes)."""
    return datetime.now(UTC)


class Seed(TypeDecorator[int]):
    """A game seed (RULES.md A3: 0 … 2**64-1) stored exactly as decimal text, since it does not fit a signed
    64-bit integer column.

    >>> Seed().process_bind_param(2**64 - 1, None), Seed().process_result_value("42", None)
    ('18446744073709551615', 42)
    """

    impl = String(SEED_DIGITS)
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: Dialect | None) -> str | None:
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_SEED:
            raise ValueError(f"a seed is an integer from 0 to 2**64-1, got {value!r}")
        return str(value)

    def process_result_value(self, value: str | None, dialect: Dialect | None) -> int | None:
        return None if value is None else int(value)


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC timestamp on every database (SQLite keeps no zone, so it is added back on read)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect | None) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"timestamps must be timezone-aware, got {value!r}")
        utc = value.astimezone(UTC)
        return utc.replace(tzinfo=None) if dialect is not None and dialect.name == "sqlite" else utc

    def process_result_value(self, value: datetime | None, dialect: Dialect | None) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
