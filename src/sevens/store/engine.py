"""Engines for the store: connection settings per database.

SQLite: foreign keys on, WAL journal, a busy timeout, and transactions begun by the store itself (``BEGIN`` for
reads, ``BEGIN IMMEDIATE`` for writes, so that two writers queue instead of failing half-way). PostgreSQL: a
pre-ping so a restarted server does not fail the first call, and a pool that keeps as many connections as a
server has store threads (:data:`POSTGRES_POOL`): a smaller one closes a connection after nearly every busy
moment and opens a new one the next, and each new connection is a new PostgreSQL process (a server on two
nodes under load started 150 of them in 30 s before).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection
from sqlalchemy.pool import StaticPool

from sevens.store.urls import is_sqlite, is_sqlite_memory, sqlite_file

WRITE_OPTION = "sevens_write"  # execution option: this connection's transaction will write
SQLITE_BUSY_TIMEOUT_MS = 30_000
POSTGRES_POOL = 10  # connections kept open: the server's 8 store threads and a margin (more may open, briefly)


def make_engine(url: URL) -> Engine:
    """An engine for ``url``; a SQLite file's folder is created if missing."""
    if not is_sqlite(url):
        return create_engine(url, pool_pre_ping=True, pool_size=POSTGRES_POOL, max_overflow=POSTGRES_POOL)
    path = sqlite_file(url)
    if path is not None:
        path.expanduser().parent.mkdir(parents=True, exist_ok=True)
    if is_sqlite_memory(url):  # one shared connection, or every checkout would see a new empty database
        engine = create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
    else:
        engine = create_engine(url)
    _configure_sqlite(engine, wal=path is not None)
    return engine


def _configure_sqlite(engine: Engine, wal: bool) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # the driver must not begin transactions on its own
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA foreign_keys = ON")
            cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
            if wal:
                cursor.execute("PRAGMA journal_mode = WAL")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        write = connection.get_execution_options().get(WRITE_OPTION, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")
