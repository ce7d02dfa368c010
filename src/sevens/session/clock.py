"""Turn time limits (E4) with an injected clock, so tests and servers control time without sleeping.

>>> now = [100.0]
>>> clock = TurnClock(10, lambda: now[0])
>>> clock.start(2); now[0] += 7.5
>>> clock.remaining(), clock.expired()
(2.5, False)
>>> now[0] += 3; clock.expired()
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from sevens.cards import parse_card, rank_of, suit_of
from sevens.errors import NotationError


class TurnClock:
    """Counts down ``limit`` seconds from :meth:`start`; ``limit=None`` never expires."""

    def __init__(self, limit: float | None, now: Callable[[], float] = time.monotonic) -> None:
        if limit is not None and limit <= 0:
            raise ValueError(f"turn_seconds={limit} must be more than 0, or none for no limit")
        self.limit = limit
        self._now = now
        self._started = now()
        self.seat: int | None = None

    def start(self, seat: int) -> None:
        self.seat = seat
        self._started = self._now()

    def remaining(self) -> float | None:
        if self.limit is None:
            return None
        return max(0.0, self.limit - (self._now() - self._started))

    def expired(self) -> bool:
        remaining = self.remaining()
        return remaining is not None and remaining <= 0


_SAFE_WORDS = ("pass", "check", "stand")


def default_action(legal: Sequence[Any]) -> Any:
    """E4: the action taken when time runs out: a pass if one is legal (for Seven Twenty-Seven: check, else
    stand), otherwise the playable card closest to its 7, ties in suit order s, h, d, c; otherwise fold."""
    if not legal:
        raise ValueError("no legal action: the game is over")
    by_text = {str(a): a for a in legal}
    for word in _SAFE_WORDS:
        if word in by_text:
            return by_text[word]
    cards = []
    for text, action in by_text.items():
        try:
            index = parse_card(text)
        except NotationError:
            continue
        cards.append((abs(rank_of(index) - 7), suit_of(index), action))
    if cards:
        return min(cards, key=lambda entry: entry[:2])[2]
    return by_text.get("fold", legal[0])
