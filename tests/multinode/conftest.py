"""Fixtures of the chaos tests: a private PostgreSQL (it is stopped and started by some tests, so never the
shared one), a Redis of each test's own, a fresh schema per test. Needs Debian's ``redis-server`` and
PostgreSQL; a missing one skips, except on CI (``CI=true``) where it fails."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

from harness.process import (
    PostgresServer,
    RedisServer,
    ServerStartError,
    postgres_schema,
    postgres_server,
    redis_server,
)


def require(what: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"the chaos tests must run on CI: {what}")
    pytest.skip(what)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A private PostgreSQL for this process's tests (a test that stops it starts it again)."""
    try:
        with postgres_server() as server:
            yield server
    except ServerStartError as exc:
        require(str(exc))


@pytest.fixture
def database_url(postgres: PostgresServer) -> Iterator[str]:
    with postgres_schema(postgres.url) as url:
        yield url


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    if shutil.which("redis-server") is None:
        require("redis-server is not installed (apt-get install redis-server)")
    with redis_server() as server:
        yield server
