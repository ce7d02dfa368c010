"""Limits per client: room creations per address and per token (token buckets), and counts of what one address
holds at a time (open WebSockets, lobbies). One flooding client exhausts its own allowance, never the server's.

>>> from sevens.server.timers import ManualClock
>>> clock = ManualClock(); limits = KeyedBuckets(rate=1.0, burst=2, clock=clock)
>>> [limits.allow("10.0.0.1") for _ in range(3)], limits.allow("10.0.0.2")
([True, True, False], True)
>>> counts = Counts(limit=1); counts.take("a"), counts.take("a"), counts.release("a"), counts.take("a")
(True, False, None, True)
"""

from __future__ import annotations

from collections import Counter, OrderedDict

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


__all__ = ["Counts", "KeyedBuckets"]
