"""Nodes of a site in this process: real uvicorn servers on loopback ports, each the app of
:func:`~sevens.server.app.create_app` with its :class:`~sevens.server.site.cluster.Cluster`, all run by one event loop
in a background thread. Tests talk to them over real HTTP and WebSockets, and reach into a node
(``site.call(node.cluster.upkeep())``) to drive the cluster's paths one at a time; coverage sees every line."""

from __future__ import annotations

import asyncio
import dataclasses
import socket
import threading
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import uvicorn
from fastapi import FastAPI

from harness.process import HOST, OnLoopback
from sevens.server.app import create_app
from sevens.server.config import ServerConfig
from sevens.server.rooms import RoomRegistry
from sevens.server.site.cluster import Cluster
from sevens.server.site.draining import DrainingServer
from sevens.server.site.lifecycle import ServerState
from sevens.server.timers import Clock

T = TypeVar("T")
NODE_CONFIG = ServerConfig(bot_delay=0.0, grace_seconds=120.0, tick_interval=0.1, rooms_burst=1000,
                           rooms_per_minute=1000.0, requests_per_second=10_000.0, requests_burst=10_000)  # fmt: skip


@dataclass
class Node(OnLoopback):
    app: FastAPI
    server: DrainingServer
    port: int
    task: asyncio.Task[None]

    @property
    def state(self) -> ServerState:
        state: ServerState = self.app.state.server
        return state

    @property
    def cluster(self) -> Cluster:
        assert self.state.cluster is not None
        return self.state.cluster

    @property
    def registry(self) -> RoomRegistry:
        assert self.state.registry is not None
        return self.state.registry


class Site:
    """Nodes on one Redis and one database, run by an event loop in a background thread."""

    def __init__(self, database_url: str, redis_url: str, **config: Any) -> None:
        self.database_url = database_url
        self.config = dataclasses.replace(NODE_CONFIG, redis_url=redis_url, **config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="site", daemon=True)
        self.thread.start()
        self.nodes: list[Node] = []

    def call(self, work: Coroutine[Any, Any, T], timeout: float = 30.0) -> T:
        """Run ``work`` on the site's loop and return its result."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(timeout)

    def start_node(self, clock: Clock | None = None, **config: Any) -> Node:
        """A node started on the site's loop; ``clock``: where its deadlines read the time (a
        :class:`~sevens.server.timers.ManualClock` in tests that move it)."""
        node = self.call(self._start(clock, **config), timeout=60)
        self.nodes.append(node)
        return node

    async def _start(self, clock: Clock | None, **config: Any) -> Node:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((HOST, 0))
        port = sock.getsockname()[1]
        settings = dataclasses.replace(self.config, advertise=f"http://{HOST}:{port}", **config)
        app = create_app(self.database_url, clock=clock, config=settings)
        server = DrainingServer(uvicorn.Config(app, log_config=None, log_level="warning"), app.state.server)
        task = asyncio.get_running_loop().create_task(server.serve(sockets=[sock]))
        while not server.started:
            if task.done():
                task.result()
                raise RuntimeError("the node stopped while starting")
            await asyncio.sleep(0.01)
        return Node(app, server, port, task)

    def stop_node(self, node: Node, timeout: float = 30.0) -> None:
        """Stop a node as SIGTERM does: it drains, then stops."""
        if node in self.nodes:
            self.nodes.remove(node)

        async def stop() -> None:
            node.server.should_exit = True
            await node.task

        self.call(stop(), timeout)

    def addresses(self) -> list[str]:
        return [node.address for node in self.nodes]

    def close(self) -> None:
        for node in list(self.nodes):
            self.stop_node(node)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


@contextmanager
def site(database_url: str, redis_url: str, nodes: int = 2, **config: Any) -> Iterator[Site]:
    """A :class:`Site` with ``nodes`` nodes started; every node stopped afterwards."""
    running = Site(database_url, redis_url, **config)
    try:
        for _ in range(nodes):
            running.start_node()
        yield running
    finally:
        running.close()


__all__ = ["HOST", "NODE_CONFIG", "Node", "Site", "site"]
