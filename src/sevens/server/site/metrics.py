"""Prometheus metrics at ``/metrics``: what an operator watches on a game site.

Counters and histograms live in the process's default registry (with the client library's own process and
Python metrics): moves committed (``sevens_moves_total``, by who made them: rate() gives moves per second),
the time from a move's arrival to its broadcast (``sevens_move_seconds``), store calls and their failures
(``sevens_store_seconds``, ``sevens_store_errors_total``), Redis commands and their failures
(``sevens_redis_seconds``, ``sevens_redis_errors_total``). Gauges are read from the running server when
scraped (:class:`ServerCollector`): rooms by status, open WebSockets, and the rooms this node owns.

Nothing secret is exported: no token, code, name or address is a label. Who may scrape is limited by address
(``--metrics-allow``, private networks by default; docs/deploy.md).
"""

from __future__ import annotations

import time
from collections import Counter as Tally
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from contextlib import asynccontextmanager, contextmanager
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from prometheus_client.metrics_core import Metric

T = TypeVar("T")


class _Counted(Protocol):
    def total(self) -> int: ...


class _Node(Protocol):
    node: str


class _Room(Protocol):
    status: str


class RoomRegistry(Protocol):
    """What a scrape reads of the server's rooms (the room registry; named here so that the rooms, which report
    their moves to this module, need not be imported by it)."""

    rooms: Mapping[str, _Room]
    connections: _Counted
    cluster: _Node | None


LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

MOVES = Counter("sevens_moves", "Moves committed (stored, then sent), by who made them.", ["by"])
MOVE_SECONDS = Histogram(
    "sevens_move_seconds", "From a move's validation to its broadcast, the store's commit included.",
    buckets=LATENCY_BUCKETS,
)  # fmt: skip
STORE_SECONDS = Histogram("sevens_store_seconds", "Store calls of a room's game path.", buckets=LATENCY_BUCKETS)
STORE_ERRORS = Counter("sevens_store_errors", "Store calls of a room's game path that failed.")
REDIS_SECONDS = Histogram("sevens_redis_seconds", "Redis commands and pipelines of a node.", buckets=LATENCY_BUCKETS)
REDIS_ERRORS = Counter("sevens_redis_errors", "Redis commands and pipelines that failed.")


@contextmanager
def timed(histogram: Histogram, errors: Counter | None = None) -> Iterator[None]:
    """Observe how long the block takes; count it in ``errors`` if it raises."""
    start = time.perf_counter()
    try:
        yield
    except BaseException:
        if errors is not None:
            errors.inc()
        raise
    finally:
        histogram.observe(time.perf_counter() - start)


@asynccontextmanager
async def timed_move(by: str) -> AsyncIterator[None]:
    """A move's commit: once it went through, its latency and one more move by ``by`` (a refused move is
    neither)."""
    start = time.perf_counter()
    yield
    MOVE_SECONDS.observe(time.perf_counter() - start)
    MOVES.labels(by=by).inc()


async def timed_store_call(call: Awaitable[T]) -> T:
    """Await a store call, timed; a failure is counted."""
    with timed(STORE_SECONDS, STORE_ERRORS):
        return await call


def _timed_coroutine(method: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
    async def run(*args: Any, **kwargs: Any) -> T:
        with timed(REDIS_SECONDS, REDIS_ERRORS):
            return await method(*args, **kwargs)

    return run


def instrument_redis(client: Any) -> Any:
    """Time every command and pipeline of a ``redis.asyncio.Redis`` client (and count failures), the way
    tracing libraries do it: the client's own methods, wrapped on this instance. Returns the client."""
    client.execute_command = _timed_coroutine(client.execute_command)
    make_pipeline = client.pipeline

    def pipeline(*args: Any, **kwargs: Any) -> Any:
        pipe = make_pipeline(*args, **kwargs)
        pipe.execute = _timed_coroutine(pipe.execute)
        return pipe

    client.pipeline = pipeline
    return client


class ServerCollector(Collector):
    """Gauges read from one running server at each scrape."""

    def __init__(self, registry: Callable[[], RoomRegistry | None]) -> None:
        self._registry = registry

    def collect(self) -> Iterator[Metric]:
        registry = self._registry()
        if registry is None:  # not started yet
            return
        rooms = GaugeMetricFamily("sevens_rooms", "Rooms this node holds, by status.", labels=["status"])
        by_status = Tally(room.status for room in list(registry.rooms.values()))
        for status in ("lobby", "playing", "finished"):
            rooms.add_metric([status], by_status[status])
        yield rooms
        yield GaugeMetricFamily("sevens_connections", "Open WebSockets.", value=registry.connections.total())
        node = registry.cluster.node if registry.cluster is not None else "single"
        owned = GaugeMetricFamily("sevens_rooms_owned", "Rooms owned by this node (it applies their moves).",
                                  labels=["node"])  # fmt: skip
        owned.add_metric([node], len(registry.rooms))
        yield owned


class Exposition:
    """The text a scrape gets: the process's metrics, then this server's gauges."""

    def __init__(self, registry: Callable[[], RoomRegistry | None]) -> None:
        self._server = CollectorRegistry(auto_describe=False)
        self._server.register(ServerCollector(registry))

    content_type = CONTENT_TYPE_LATEST

    def render(self) -> bytes:
        return generate_latest(REGISTRY) + generate_latest(self._server)


__all__ = [
    "MOVES",
    "MOVE_SECONDS",
    "REDIS_ERRORS",
    "REDIS_SECONDS",
    "STORE_ERRORS",
    "STORE_SECONDS",
    "Exposition",
    "ServerCollector",
    "instrument_redis",
    "timed",
    "timed_move",
    "timed_store_call",
]
