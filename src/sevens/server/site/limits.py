"""Limits per client: room creations per address and per token, requests per address (token buckets), and counts
of what one address holds at a time (open WebSockets, lobbies). One flooding client exhausts its own allowance,
never the server's.

A rate holds for the whole site (:class:`SiteBuckets`): with several nodes each bucket lives in Redis, taken
atomically by a script (:data:`~sevens.server.site.cluster.Cluster.take_token`), so one address gets its
allowance once, not once per node; while Redis is down each node judges alone with its own buckets.

>>> from sevens.server.timers import ManualClock
>>> clock = ManualClock(); limits = KeyedBuckets(rate=1.0, burst=2, clock=clock)
>>> [limits.allow("10.0.0.1") for _ in range(3)], limits.allow("10.0.0.2")
([True, True, False], True)
>>> counts = Counts(limit=1); counts.take("a"), counts.take("a"), counts.release("a"), counts.take("a")
(True, False, None, True)
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable

from sevens.server.security import TokenBucket
from sevens.server.timers import Clock

MAX_KEYS = 100_000  # buckets kept at most; the least recently used go first (a full bucket forgets nothing)


class KeyedBuckets:
    """One :class:`TokenBucket` per key (a client address, a token's digest), the least recently used dropped
    past ``max_keys`` so that a flood of distinct keys cannot grow memory without bound."""

    def __init__(self, rate: float, burst: int, clock: Clock, max_keys: int = MAX_KEYS) -> None:
        self.rate, self.burst, self.clock, self.max_keys = rate, burst, clock, max_keys
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, key: str) -> bool:
        """Take one event for ``key`` if its bucket allows it."""
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst, self.clock)
            if len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.allow()

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may take an event again (0: now)."""
        bucket = self._buckets.get(key)
        return 0.0 if bucket is None else bucket.wait()


SharedTake = Callable[[str, str, float, int], Awaitable[float | None]]
"""Take one token of bucket ``(name, key)`` with ``rate``/``burst`` from the site's shared state: the seconds to
wait (0.0: taken), or ``None`` when the shared state cannot answer now."""


class SiteBuckets:
    """:class:`KeyedBuckets` for the whole site: in Redis while the node is part of a site and Redis answers
    (``shared``, set by the cluster), this node's own otherwise.

    >>> import asyncio
    >>> from sevens.server.timers import ManualClock
    >>> limits = SiteBuckets("create", rate=1.0, burst=1, clock=ManualClock())
    >>> asyncio.run(limits.take("10.0.0.1")), asyncio.run(limits.take("10.0.0.1"))
    (0.0, 1.0)
    """

    def __init__(self, name: str, rate: float, burst: int, clock: Clock) -> None:
        self.name, self.rate, self.burst = name, rate, burst
        self.local = KeyedBuckets(rate, burst, clock)
        self.shared: SharedTake | None = None

    async def take(self, key: str) -> float:
        """Take one event for ``key``: 0.0 if allowed, else the seconds until it would be."""
        if self.shared is not None:
            wait = await self.shared(self.name, key, self.rate, self.burst)
            if wait is not None:
                return wait
        return 0.0 if self.local.allow(key) else max(self.local.wait(key), 1e-3)


class Counts:
    """How many of something each key holds now, at most ``limit`` each."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._held: Counter[str] = Counter()

    def take(self, key: str) -> bool:
        """One more for ``key``, unless it holds ``limit`` already."""
        if self._held[key] >= self.limit:
            return False
        self._held[key] += 1
        return True

    def release(self, key: str) -> None:
        """One fewer for ``key``."""
        self._held[key] -= 1
        if self._held[key] <= 0:
            del self._held[key]

    def held(self, key: str) -> int:
        return self._held[key]

    def total(self) -> int:
        """Held by every key together."""
        return sum(self._held.values())


__all__ = ["Counts", "KeyedBuckets", "SharedTake", "SiteBuckets"]
