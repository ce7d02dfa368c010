"""Group commit of moves: actions appended together are stored together, in order; a number stored twice is a
harmless retry when the text is the same and a refusal when it differs, and never costs the rest of its batch.
On SQLite and on PostgreSQL (its own one-statement insert; ``$SEVENS_TEST_POSTGRES_URL``, skipped without it
except on CI)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from harness.process import postgres_schema
from sevens.server.actionlog import ActionLog, Outcome, PendingAction
from sevens.store import Store, StoreError


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty store on each backend, closed afterwards."""
    if request.param == "sqlite":
        opened = Store.open(f"sqlite:///{tmp_path / 'log.sqlite3'}")
        yield opened
        opened.close()
        return
    base = os.environ.get("SEVENS_TEST_POSTGRES_URL", "").strip()
    if not base:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("PostgreSQL tests must run on CI: SEVENS_TEST_POSTGRES_URL is not set")
        pytest.skip('SEVENS_TEST_POSTGRES_URL is not set: eval "$(bash .ci/postgres.sh)"')
    with postgres_schema(base, "log") as url:
        opened = Store.open(url)
        yield opened
        opened.close()


def test_appends_made_together_are_committed_together_and_conflicts_are_told_apart(store: Store) -> None:
    session = store.create_session("shichinarabe", "standard", {}, 1, [("Aiko", True), ("Ken", True)])
    rounds = [store.start_round(session, n, 0, n, {}) for n in (1,)]
    other = store.create_session("shichinarabe", "standard", {}, 2, [("Mei", True), ("Sora", True)])
    rounds.append(store.start_round(other, 1, 0, 3, {}))
    store.append_action(rounds[0], 1, "7h")
    executor = ThreadPoolExecutor(max_workers=1)

    async def scenario() -> list[bool | BaseException]:
        log = ActionLog(store, store._engine, executor)
        calls = [
            log.append(rounds[1], 1, "7s"),
            log.append(rounds[0], 1, "7h"),  # a retry of a stored action
            log.append(rounds[0], 2, "8h"),
            log.append(rounds[1], 1, "7c"),  # a conflict: number 1 of that round is "7s" in this very batch
        ]
        return await asyncio.gather(*calls, return_exceptions=True)

    outcomes = asyncio.run(scenario())
    assert outcomes[:3] == [True, False, True]
    assert isinstance(outcomes[3], StoreError) and "7s" in str(outcomes[3])
    assert store.get_round(rounds[0]).actions == ["7h", "8h"]
    assert store.get_round(rounds[1]).actions == ["7s"]
    executor.shutdown()


def test_many_rooms_appending_at_once_share_transactions(store: Store) -> None:
    session = store.create_session("shichinarabe", "standard", {}, 1, [("Aiko", True), ("Ken", True)])
    round_id = store.start_round(session, 1, 0, 1, {})
    executor = ThreadPoolExecutor(max_workers=1)
    batches: list[int] = []

    async def scenario() -> None:
        log = ActionLog(store, store._engine, executor)
        write = log._write

        def counted_write(batch: list[PendingAction]) -> list[Outcome]:
            batches.append(len(batch))
            return write(batch)

        log._write = counted_write
        for seq in range(1, 41, 10):  # ten appends at a time, as ten rooms moving in the same instant would
            assert (
                await asyncio.gather(*(log.append(round_id, seq + k, f"a{seq + k}") for k in range(10))) == [True] * 10
            )

    asyncio.run(scenario())
    assert sum(batches) == 40 and len(batches) < 40
    assert store.get_round(round_id).actions == [f"a{n}" for n in range(1, 41)]
    with pytest.raises(StoreError):
        store.append_action(round_id, 40, "other")
    executor.shutdown()
