"""Group commit of moves: every action appended while the previous batch is being written goes into the next
batch, one transaction and one multi-row ``INSERT`` for all of them.

Why: the store's :meth:`~sevens.store.Store.append_action` checks each action in its own transaction (lock the
round, look for the number, find the last one, insert, commit: ~1.7 ms of CPU and one fsync per move). A room
already guarantees what those checks guard (one commit at a time per room, numbers from its own state, never
after its round is finished), so the fast path only inserts; the primary key ``(round_id, seq)`` still refuses a
number stored twice (two nodes that both believed they owned a room). Then the batch is rolled back and each of
its actions goes through the store's full check, which tells a harmless retry (``False``) from a conflict
(:class:`~sevens.store.StoreError`). Nothing waits on a timer: an idle server writes a lone move at once.

On PostgreSQL the batch is one ``INSERT … SELECT * FROM unnest(arrays)`` sent straight to the driver: the same
rows at a third of the CPU of an ``executemany`` (which sends and checks one statement per row), CPU the writer
thread would otherwise take from the event loop under the GIL.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass

from sqlalchemy import Engine, insert
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from sevens.store import Store, StoreError
from sevens.store.columns import utc_now
from sevens.store.engine import WRITE_OPTION
from sevens.store.errors import database_error
from sevens.store.models import RoundAction

MAX_BATCH = 500  # actions per transaction at most
POSTGRES_INSERT = (
    f"INSERT INTO {RoundAction.__tablename__} (round_id, seq, action, created_at) "
    "SELECT * FROM unnest(%s::bigint[], %s::integer[], %s::text[], %s::timestamptz[])"
)


@dataclass(frozen=True, slots=True)
class PendingAction:
    round_id: int
    seq: int
    text: str


Outcome = bool | StoreError


def write_batch(store: Store, engine: Engine, batch: list[PendingAction]) -> list[Outcome]:
    """Store ``batch`` in one transaction; after a refusal, each action alone through the store's full check."""
    now = utc_now()
    try:
        with engine.execution_options(**{WRITE_OPTION: True}).begin() as connection:
            if engine.dialect.name == "postgresql":
                columns = (
                    [a.round_id for a in batch],
                    [a.seq for a in batch],
                    [a.text for a in batch],
                    [now] * len(batch),
                )
                connection.exec_driver_sql(POSTGRES_INSERT, columns)
            else:
                rows = [{"round_id": a.round_id, "seq": a.seq, "action": a.text, "created_at": now} for a in batch]
                connection.execute(insert(RoundAction), rows)
        return [True] * len(batch)
    except IntegrityError:
        pass
    except SQLAlchemyError as exc:
        return [database_error(exc)] * len(batch)
    outcomes: list[Outcome] = []
    for action in batch:
        try:
            outcomes.append(store.append_action(action.round_id, action.seq, action.text))
        except StoreError as exc:
            outcomes.append(exc)
    return outcomes


class ActionLog:
    """Appends actions to the store in batches (see the module docstring); call from the event loop."""

    def __init__(self, store: Store, engine: Engine, executor: Executor) -> None:
        self._write: Callable[[list[PendingAction]], list[Outcome]] = lambda batch: write_batch(store, engine, batch)
        self._executor = executor
        self._pending: list[tuple[PendingAction, asyncio.Future[bool]]] = []
        self._writing = False
        self._drainer: asyncio.Task[None] | None = None

    async def append(self, round_id: int, seq: int, text: str) -> bool:
        """Commit action ``seq`` of a round (``False``: that very action was stored already)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        self._pending.append((PendingAction(round_id, seq, text), future))
        if not self._writing:
            self._writing = True
            self._drainer = loop.create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._pending:
                taken, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
                try:
                    outcomes = await loop.run_in_executor(self._executor, self._write, [a for a, _ in taken])
                except Exception as exc:  # the executor is gone (shutting down): every waiter hears it
                    outcomes = [StoreError(f"the store is closed: {exc}")] * len(taken)
                for (_action, future), outcome in zip(taken, outcomes, strict=True):
                    if future.done():
                        continue
                    if isinstance(outcome, StoreError):
                        future.set_exception(outcome)
                    else:
                        future.set_result(outcome)
        finally:
            self._writing = False


__all__ = ["ActionLog", "PendingAction", "write_batch"]
