"""uvicorn's server, draining the rooms first when told to stop (``SIGTERM``, Ctrl-C): their clients are still
connected then, so they hear where their room went (:meth:`~sevens.server.site.lifecycle.ServerState.drain`)."""

from __future__ import annotations

import logging
import socket

import uvicorn

from sevens.server.site.lifecycle import ServerState

log = logging.getLogger("sevens.server")


class DrainingServer(uvicorn.Server):
    """A uvicorn server whose shutdown drains :class:`ServerState` before it closes connections."""

    def __init__(self, config: uvicorn.Config, state: ServerState) -> None:
        super().__init__(config)
        self.state = state

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            await self.state.drain()
        except Exception:
            log.exception("draining the server failed; its games resume from the store")
        await super().shutdown(sockets)


__all__ = ["DrainingServer"]
