"""uvicorn's server, draining the rooms first when told to stop (``SIGTERM``, Ctrl-C): their clients are still
connected then, so they hear where their room went (:meth:`~sevens.server.site.lifecycle.ServerState.drain`).

The whole shutdown has a bound (``ServerConfig.shutdown_seconds``): a process manager kills a server that does
not stop in time (Kubernetes after 30 s), and one stuck step must not keep a node of a rolling restart alive.
What is cut loses nothing: every move is stored before it is sent, so a room not handed over is adopted from the
store by the node its clients reach (its lease lapses), and a lone server's games resume when it starts again."""

from __future__ import annotations

import asyncio
import logging
import socket

import uvicorn

from sevens.server.site.lifecycle import ServerState

log = logging.getLogger("sevens.server")


class DrainingServer(uvicorn.Server):
    """A uvicorn server whose shutdown drains :class:`ServerState` before it closes connections, all of it
    within ``state.config.shutdown_seconds``."""

    def __init__(self, config: uvicorn.Config, state: ServerState) -> None:
        super().__init__(config)
        self.state = state

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        bound = self.state.config.shutdown_seconds
        try:
            await asyncio.wait_for(self._drain_then_close(sockets), bound)
        except TimeoutError:
            log.error("shutting down took more than %g s: cut there (the games resume from the store)", bound)

    async def _drain_then_close(self, sockets: list[socket.socket] | None) -> None:
        try:
            await self.state.drain()
        except Exception:
            log.exception("draining the server failed; its games resume from the store")
        await super().shutdown(sockets)


__all__ = ["DrainingServer"]
