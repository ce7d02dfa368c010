"""Time for the server: an injectable clock, turn deadlines (E4) and the reconnection grace period.

The server never reads the time directly: every deadline goes through a :class:`Clock`, so tests drive time
with a :class:`ManualClock` and an explicit ``tick()`` instead of sleeping.

>>> clock = ManualClock(100.0)
>>> grace = GracePeriod(30.0, clock)
>>> grace.start(); clock.advance(29.5); grace.expired()
False
>>> clock.advance(0.5); grace.expired()
True
"""

from __future__ import annotations

import time
from typing import Protocol

from sevens.session.clock import TurnClock


class Clock(Protocol):
    """Where the server reads the time, in seconds (only differences matter)."""

    def now(self) -> float:
        """The current time."""
        ...


class MonotonicClock:
    """The real clock: :func:`time.monotonic`."""

    def now(self) -> float:
        """Seconds from an arbitrary start, never going back."""
        return time.monotonic()


class ManualClock:
    """A clock that moves only when told to (tests, simulations)."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        """The time set so far."""
        return self._now

    def advance(self, seconds: float) -> None:
        """Move the time forward by ``seconds`` (never back)."""
        if seconds < 0:
            raise ValueError(f"a clock cannot go back ({seconds} s)")
        self._now += seconds


def turn_clock(limit: float | None, clock: Clock) -> TurnClock:
    """The session layer's turn clock (E4) reading ``clock``; ``limit=None`` never expires."""
    return TurnClock(limit, clock.now)


class GracePeriod:
    """How long a disconnected player keeps their seat before a bot plays for them."""

    def __init__(self, seconds: float, clock: Clock) -> None:
        if seconds < 0:
            raise ValueError(f"grace_seconds={seconds} must be 0 or more")
        self.seconds = seconds
        self._clock = clock
        self._since: float | None = None

    @property
    def running(self) -> bool:
        """Whether the player is away (the period has started and not been stopped)."""
        return self._since is not None

    def start(self) -> None:
        """The player's last connection closed."""
        self._since = self._clock.now()

    def stop(self) -> None:
        """The player is back."""
        self._since = None

    def expired(self) -> bool:
        """Whether the player has been away for the whole grace period."""
        return self._since is not None and self._clock.now() - self._since >= self.seconds


__all__ = ["Clock", "GracePeriod", "ManualClock", "MonotonicClock", "turn_clock"]
