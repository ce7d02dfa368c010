"""The server's use of :class:`sevens.store.Store`: calls run in a worker thread (one for SQLite, so writers
never wait on the file lock), and a room's metadata lives in its session's ``settings`` JSON.

A room is written to the store when its game starts: :meth:`Persistence.create_session` stores the seats
(players' names), the rules and seed, and in ``settings["server"]`` (:class:`StoredRoom`) the join code,
options, host and the SHA-256 of every seat token. Every action is committed by
:meth:`Persistence.append_action` before anyone hears of it. On start-up
:meth:`Persistence.unfinished_rooms` finds every unfinished server session so the room resumes.

The store offers no call to change a session's settings, which a kick or a player leaving mid-game needs
(their token must stay revoked after a restart); :func:`update_settings` writes that one column through the
store's own models in one transaction, and uses ``Store.update_settings`` instead as soon as it exists.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from functools import partial
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError
from sqlalchemy import Engine, event, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session as OrmSession

from sevens.server.actionlog import ActionLog
from sevens.server.config import SqliteSync
from sevens.store import SessionInfo, Store, StoreError, StoreUnavailableError
from sevens.store.columns import utc_now
from sevens.store.engine import WRITE_OPTION
from sevens.store.errors import database_error
from sevens.store.models import GameSession, Round
from sevens.store.urls import is_sqlite_memory

SETTINGS_KEY = "server"
UI_NAME = "server"
T = TypeVar("T")


class StoredMember(BaseModel):
    """A seat of a stored room: a human (``token`` is the SHA-256 of their seat token) or a computer."""

    model_config = ConfigDict(extra="ignore")

    name: str
    kind: Literal["human", "bot"]
    agent: str | None = None
    token: str | None = None
    left: bool = False


class StoredRoom(BaseModel):
    """What a room needs beyond the store's session to resume after a restart."""

    model_config = ConfigDict(extra="ignore")

    version: Literal[1] = 1
    code: str
    turn_seconds: float | None = None
    ghost: bool = False
    kids: bool = False
    rounds: int | None = None
    listed: bool = True
    spectators: bool = True
    pace: Literal["slow", "normal", "fast"] = "normal"
    host: int | None = None
    host_token: str | None = None
    members: list[StoredMember]
    round_offset: int = 0  # rounds played in earlier sessions of this room (rematches)
    game: int = 1  # 1 for the first session, 2 after a rematch, …
    seed: int = 0  # the room's first seed (rematches derive theirs from it)

    def settings(self) -> dict[str, Any]:
        """The session ``settings`` JSON."""
        return {"ui": UI_NAME, SETTINGS_KEY: self.model_dump()}


def read_room(settings: dict[str, Any]) -> StoredRoom | None:
    """The room stored in a session's settings, or ``None`` for a session another front-end started."""
    data = settings.get(SETTINGS_KEY)
    if settings.get("ui") != UI_NAME or not isinstance(data, dict):
        return None
    try:
        return StoredRoom.model_validate(data)
    except ValidationError:
        return None


STORE_THREADS = 8  # store calls at once on a database server (SQLite: one); its pool keeps as many connections


class Persistence:
    """The store, called from the event loop without blocking it."""

    def __init__(self, store: Store, workers: int | None = None) -> None:
        self.store = store
        count = workers if workers is not None else (1 if store.dialect == "sqlite" else STORE_THREADS)
        self._executor = ThreadPoolExecutor(max_workers=count, thread_name_prefix="sevens-store")
        self.actions = ActionLog(store, _engine(store), self._executor)

    @classmethod
    def open(cls, url: str | None = None, synchronous: SqliteSync = "full") -> Persistence:
        """Open the store at ``url`` (the store's default when ``None``). With SQLite, ``synchronous="normal"``
        keeps WAL commits durable across a crash of the server process but not of the machine."""
        store = Store.open(url)
        engine = _engine(store)
        if synchronous == "normal" and store.dialect == "sqlite" and not is_sqlite_memory(engine.url):
            _sqlite_synchronous_normal(engine)
        return cls(store)

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, partial(fn, *args))

    async def run(self, fn: Callable[[Store], T]) -> T:
        """Run ``fn(store)`` in the store's worker (reads for tools and tests, in order with the writes)."""
        return await self._call(fn, self.store)

    async def create_session(
        self, family: str, preset: str, rules: dict[str, Any], seed: int, seats: Sequence[tuple[str, bool]],
        room: StoredRoom,
    ) -> int:  # fmt: skip
        """A new session for a room that starts (or starts again: a rematch)."""
        return await self._call(self.store.create_session, family, preset, rules, seed, list(seats), room.settings())

    async def start_round(
        self, session_id: int, number: int, dealer: int, seed: int, rules: dict[str, Any], extra: dict[str, Any]
    ) -> int:
        """Store a round about to be played; returns its id."""
        return await self._call(self.store.start_round, session_id, number, dealer, seed, rules, extra)

    async def append_action(self, round_id: int, seq: int, text: str) -> bool:
        """Commit action ``seq`` of a round (``False``: that very action was stored already), grouped with the
        other rooms' actions of the moment into one transaction (:mod:`.actionlog`)."""
        return await self.actions.append(round_id, seq, text)

    async def finish_round(
        self, round_id: int, result: dict[str, Any], points: Sequence[int], stars: Sequence[int]
    ) -> None:
        """Store a finished round with its points (E2) and stars (E3), in one transaction."""
        await self._call(self.store.finish_round, round_id, result, list(points), list(stars))

    async def finish_session(self, session_id: int) -> None:
        """Mark a session over: it is kept as a record and no longer resumed."""
        await self._call(self.store.finish_session, session_id)

    async def update_room(self, session_id: int, room: StoredRoom) -> None:
        """Store changed room metadata (a kick, a player who left, a new host)."""
        await self._call(update_settings, self.store, session_id, room.settings())

    async def is_computer_name(self, name: str) -> bool:
        """Whether ``name`` belongs to a computer player's profile (a human cannot take it)."""
        return await self._call(_is_computer_name, self.store, name)

    def unfinished_rooms(self) -> list[tuple[SessionInfo, StoredRoom]]:
        """Every unfinished session the server started, oldest first, with its room."""
        found = []
        for info in self.store.unfinished_sessions():
            room = read_room(info.settings)
            if room is not None:
                found.append((info, room))
        return found

    def resumable_codes(self, finished_seconds: float) -> dict[str, int]:
        """Join code -> latest session id of every room a node should serve: unfinished server sessions and those
        finished within ``finished_seconds`` (kept for "play again"). Reads ids and settings only, not the moves,
        so live nodes can afford it periodically (to adopt rooms whose owner died while Redis was forgetting)."""
        cutoff = utc_now() - timedelta(seconds=finished_seconds)
        recent = select(Round.session_id).where(Round.finished_at >= cutoff)
        try:
            with OrmSession(_engine(self.store)) as session:
                rows = session.execute(
                    select(GameSession.id, GameSession.settings)
                    .where(GameSession.finished.is_(False) | GameSession.id.in_(recent))
                    .order_by(GameSession.id)
                ).all()
        except SQLAlchemyError as exc:
            raise database_error(exc) from exc
        latest: dict[str, int] = {}
        for session_id, settings in rows:
            room = read_room(settings or {})
            if room is not None:
                latest[room.code] = int(session_id)  # ordered by id: the latest session of a code wins
        return latest

    def recently_finished_rooms(self, seconds: float) -> list[tuple[SessionInfo, StoredRoom]]:
        """Server sessions finished within the last ``seconds`` (their last round's end), oldest first: rooms
        kept after a restart so their players can still "play again"."""
        cutoff = utc_now() - timedelta(seconds=seconds)
        with OrmSession(_engine(self.store)) as session:
            ids = session.scalars(
                select(Round.session_id)
                .join(GameSession, GameSession.id == Round.session_id)
                .where(GameSession.finished.is_(True), Round.finished_at >= cutoff)
                .distinct()
            ).all()
        found = []
        for session_id in sorted(ids):
            info = self.store.load_session(session_id)
            room = read_room(info.settings)
            if room is not None:
                found.append((info, room))
        return found

    def close(self) -> None:
        """Wait for calls in flight, then close the store."""
        self._executor.shutdown(wait=True)
        self.store.close()


def _is_computer_name(store: Store, name: str) -> bool:
    try:
        return not store.get_player(name).is_human
    except StoreUnavailableError:
        raise  # not "unknown": the database could not be asked
    except StoreError:
        return False


def _engine(store: Store) -> Engine:
    engine: Engine = store._engine  # the store keeps its engine private; see the module docstring
    return engine


def update_settings(store: Store, session_id: int, settings: dict[str, Any]) -> None:
    """Replace a session's settings in one transaction (through ``Store.update_settings`` when it exists)."""
    method = getattr(store, "update_settings", None)
    if callable(method):
        method(session_id, settings)
        return
    engine = _engine(store).execution_options(**{WRITE_OPTION: True})
    with OrmSession(engine) as session, session.begin():
        done = session.execute(update(GameSession).where(GameSession.id == session_id).values(settings=settings))
        if getattr(done, "rowcount", 1) == 0:
            raise StoreError(f"no session with id {session_id}", session=session_id)


def _sqlite_synchronous_normal(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA synchronous = NORMAL")
        finally:
            cursor.close()

    engine.dispose()  # connections opened before the listener reconnect with it


__all__ = ["SETTINGS_KEY", "STORE_THREADS", "Persistence", "StoredMember", "StoredRoom", "read_room", "update_settings"]
