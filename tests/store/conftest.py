"""Fixtures: every store test runs on SQLite (a temporary file) and on PostgreSQL (``$SEVENS_TEST_POSTGRES_URL``,
each test in a fresh schema dropped afterwards). Without that variable the PostgreSQL cases are skipped, except
on CI (``CI=true``), where a missing database is a failure: run ``eval "$(bash .ci/postgres.sh)"`` first."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from sevens.store import Store

POSTGRES_ENV = "SEVENS_TEST_POSTGRES_URL"
BACKENDS = ("sqlite", "postgresql")


def postgres_base_url() -> str:
    """The test server's URL, or skip (locally) / fail (on CI) when there is none."""
    url = os.environ.get(POSTGRES_ENV, "").strip()
    if url:
        return url
    message = f'{POSTGRES_ENV} is not set; start a server with: eval "$(bash .ci/postgres.sh)"'
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL tests must run on CI: {message}")
    pytest.skip(message)


def with_search_path(url: str, schema: str) -> str:
    """``url`` whose connections use ``schema`` (libpq ``options=-csearch_path=…``)."""
    parsed = make_url(url)
    return parsed.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(hide_password=False)


@pytest.fixture
def postgres_schema_url() -> Iterator[str]:
    """A URL into a brand-new, empty PostgreSQL schema, dropped (with everything in it) after the test."""
    base = postgres_base_url()
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_engine(make_url(base).set(drivername="postgresql+psycopg"))
    try:
        with admin.begin() as connection:
            connection.execute(text(f'CREATE SCHEMA "{schema}"'))
        yield with_search_path(base, schema)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.sqlite3'}"
    else:
        yield request.getfixturevalue("postgres_schema_url")


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """A migrated store on an empty database, closed after the test."""
    opened = Store.open(db_url)
    try:
        yield opened
    finally:
        opened.close()
