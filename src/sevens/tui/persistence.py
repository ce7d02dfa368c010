"""The part of :class:`sevens.store.Store` the terminal UI uses, as a protocol, and how it opens one.

The controller depends on this protocol only, so it can be tested against any object with these calls; the
real store (SQLAlchemy, a SQLite file by default) satisfies it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from sevens.store import SeatTotal, SessionInfo, SessionSummary, Store


class GameStore(Protocol):
    """Sessions, rounds and their actions; every call commits before it returns."""

    def create_session(
        self,
        family: str,
        preset: str | None,
        rules: dict[str, Any],
        seed: int,
        seats: Sequence[tuple[str, bool]],
        settings: dict[str, Any] | None = None,
    ) -> int: ...

    def finish_session(self, session_id: int) -> bool: ...

    def list_sessions(self, limit: int = 20) -> list[SessionSummary]: ...

    def load_session(self, session_id: int) -> SessionInfo: ...

    def unfinished_sessions(self) -> list[SessionInfo]: ...

    def session_totals(self, session_id: int) -> list[SeatTotal]: ...

    def start_round(
        self,
        session_id: int,
        number: int,
        dealer: int,
        seed: int,
        rules: dict[str, Any],
        extra: dict[str, Any] | None = None,
    ) -> int: ...

    def append_action(self, round_id: int, seq: int, text: str) -> bool: ...

    def finish_round(
        self, round_id: int, result: dict[str, Any], points: Sequence[int], stars: Sequence[int]
    ) -> None: ...

    def round_record(self, round_id: int) -> dict[str, Any]: ...

    def player_stars(self, name: str) -> int: ...


def open_store(url: str | None = None) -> Store:
    """The store at ``url`` (else ``$SEVENS_DATABASE_URL``, else the SQLite file in the user's data folder)."""
    return Store.open(url)


__all__ = ["GameStore", "open_store"]
