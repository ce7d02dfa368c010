"""A stopping server's shutdown has a bound (``--shutdown-seconds``): a drain that never ends — a hand-over whose
answer never comes, say — is cut there, and uvicorn's server returns, so the process exits (issue 43: a node of
a rolling restart sent SIGTERM was still alive a minute later)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

import pytest
import uvicorn

from sevens.server.config import ServerConfig
from sevens.server.site.draining import DrainingServer
from sevens.server.site.lifecycle import ServerState
from sevens.server.timers import MonotonicClock


@dataclass
class StuckDrain(ServerState):
    """A server whose drain starts and never finishes."""

    draining: asyncio.Event = field(default_factory=asyncio.Event)

    async def drain(self) -> None:
        self.draining.set()
        await asyncio.Event().wait()


async def refuse(scope: dict[str, object], receive: object, send: object) -> None:
    raise AssertionError("no request is made")


def test_a_drain_that_never_ends_is_cut_at_the_bound_and_the_server_stops(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def run() -> StuckDrain:
        state = StuckDrain(ServerConfig(shutdown_seconds=0.2), MonotonicClock())
        config = uvicorn.Config(refuse, host="127.0.0.1", port=0, lifespan="off", log_config=None)
        server = DrainingServer(config, state)
        serving = asyncio.create_task(server.serve())
        while not server.started:  # uvicorn listens: then it is told to stop, as SIGTERM does
            assert not serving.done(), serving
            await asyncio.sleep(0.01)
        server.should_exit = True
        await asyncio.wait_for(serving, 120)  # a generous ceiling for a broken bound, never reached when it holds
        return state

    with caplog.at_level(logging.ERROR, logger="sevens.server"):
        state = asyncio.run(run())
    assert state.draining.is_set(), "the drain was not started"
    assert any("more than 0.2 s: cut there" in record.getMessage() for record in caplog.records), caplog.text
