"""One server's life: what it opens at start-up (the store, the rooms, the node's part of a site), what it does
on ``SIGTERM`` (drain: hand its rooms to the other nodes, or store them to resume on restart) and at shutdown, and
what ``/api/health`` reports of the parts it depends on."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sevens.server.config import ServerConfig
from sevens.server.persistence import Persistence
from sevens.server.room.room import FrameObserver
from sevens.server.rooms import RoomRegistry
from sevens.server.timers import Clock
from sevens.store import StoreError

if TYPE_CHECKING:
    from sevens.server.site.cluster import Cluster

log = logging.getLogger("sevens.server")
PROBE_SECONDS = 2.0  # a health probe of a dependency that takes longer counts it as down


@dataclass
class ServerState:
    """Everything one running server holds, started and stopped with the app (``app.state.server``)."""

    config: ServerConfig
    clock: Clock
    database_url: str | None = None
    observer: FrameObserver | None = None
    registry: RoomRegistry | None = None
    cluster: Cluster | None = None
    _ticker: asyncio.Task[None] | None = field(default=None, repr=False)
    _drained: bool = field(default=False, repr=False)

    async def start(self) -> RoomRegistry:
        """Open the store, then join the site (several nodes) or resume this server's stored rooms."""
        loop = asyncio.get_running_loop()
        settings = self.config
        persistence = await loop.run_in_executor(None, Persistence.open, self.database_url, settings.sqlite_synchronous)
        registry = self.registry = RoomRegistry(settings, self.clock, persistence, self.observer)
        if settings.redis_url is not None:
            from sevens.server.site.cluster import Cluster  # Redis is needed by multi-node sites only
            from sevens.server.site.metrics import instrument_redis
            from sevens.server.site.operations import OPERATIONS

            address = settings.advertise or "http://127.0.0.1:8000"  # serve() always sets it
            self.cluster = Cluster(settings.redis_url, address, registry, OPERATIONS, settings.lease_seconds)
            instrument_redis(self.cluster.redis)  # Redis latency and errors in /metrics
            registry.cluster = self.cluster
            await self.cluster.start()
        else:
            restored = await registry.restore()
            if restored:
                log.info("resumed %d room(s) from %s", restored, persistence.store.url)
        gc.collect()
        gc.freeze()  # what start-up loaded never changes: keep it out of every later collection
        if settings.tick_interval is not None:
            self._ticker = loop.create_task(registry.run_ticker(settings.tick_interval), name="sevens-ticker")
        return registry

    async def drain(self) -> None:
        """Before the server stops taking connections (``SIGTERM``): hand every room to another node, whose
        clients reconnect there (a lone server: every game is stored already and resumes on the next start)."""
        if self._drained or self.registry is None:
            return
        self._drained = True
        if self.cluster is not None:
            await self.cluster.drain()
        await self.registry.close()

    async def stop(self) -> None:
        """Shutdown: stop the ticker, close every connection, leave the site, close the store."""
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        if self.registry is None:
            return
        if not self._drained:
            await self.registry.close()
        if self.cluster is not None:
            await self.cluster.stop()
        await asyncio.get_running_loop().run_in_executor(None, self.registry.persistence.close)

    async def health(self) -> dict[str, Any]:
        """``{"ok", "rooms", "node"?, "database", "redis"?, "down"}``: each dependency ``"up"`` or ``"down"``."""
        registry = self.registry
        assert registry is not None
        parts = {"database": await self._database_up()}
        node: dict[str, Any] = {}
        if self.cluster is not None:
            node["node"] = self.cluster.node
            parts["redis"] = await self.cluster.reachable(PROBE_SECONDS)
        down = [name for name, up in parts.items() if not up]
        state = {name: "up" if up else "down" for name, up in parts.items()}
        return {"ok": not down, "rooms": len(registry.rooms), **node, **state, "down": down}

    async def _database_up(self) -> bool:
        assert self.registry is not None
        try:
            await asyncio.wait_for(self.registry.persistence.run(lambda store: store.ping()), PROBE_SECONDS)
        except (StoreError, TimeoutError):
            return False
        return True


__all__ = ["ServerState"]
