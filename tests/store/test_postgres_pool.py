"""A server's store threads keep their PostgreSQL connections: a pool smaller than the threads closed one after
each busy moment and opened another the next, and each new connection is a new PostgreSQL process."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy.engine import make_url

from sevens.server.persistence import STORE_THREADS
from sevens.store.engine import POSTGRES_POOL, make_engine

from .conftest import postgres_base_url


def test_busy_moments_reuse_the_same_postgresql_backends() -> None:
    assert POSTGRES_POOL >= STORE_THREADS
    engine = make_engine(make_url(postgres_base_url()))
    everyone_holds_one = threading.Barrier(STORE_THREADS)
    backends: set[int] = set()

    def store_call() -> None:
        with engine.connect() as connection:
            backends.add(connection.exec_driver_sql("SELECT pg_backend_pid()").scalar_one())
            everyone_holds_one.wait(timeout=30)  # all threads hold a connection at once: a busy moment

    try:
        with ThreadPoolExecutor(STORE_THREADS) as threads:
            for _moment in range(5):
                list(threads.map(lambda _: store_call(), range(STORE_THREADS)))
    finally:
        engine.dispose()
    assert len(backends) == STORE_THREADS  # the default pool (5) opened 3 new processes every moment: 20
