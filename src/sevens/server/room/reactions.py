"""Stamps (reactions): a fixed, kid-safe set a seated player may send to the whole room, at most one per
:data:`REACTION_INTERVAL` seconds per player. Nothing is free text, so nothing needs checking beyond the id;
a stamp is not kept (it is a moment, not a message: a snapshot carries none).

>>> check_stamp("thumbs_up")
'thumbs_up'
>>> limiter = ReactionLimiter(interval=2.0)
>>> limiter.allow(0, now=10.0), limiter.allow(0, now=11.0), limiter.allow(1, now=11.0), limiter.allow(0, now=12.0)
(True, False, True, True)
"""

from __future__ import annotations

from typing import Any

from sevens.server.errors import ServerError

STAMPS: dict[str, dict[str, str]] = {
    "thumbs_up": {"en": "👍", "ja": "👍"},
    "smile": {"en": "😊", "ja": "😊"},
    "wow": {"en": "😮", "ja": "😮"},
    "party": {"en": "🎉", "ja": "🎉"},
    "please": {"en": "🙏", "ja": "🙏"},
    "hello": {"en": "Let's play!", "ja": "よろしく"},
    "thanks": {"en": "Thanks!", "ja": "ありがとう"},
    "nice": {"en": "Nice!", "ja": "ナイス"},
}
"""Every stamp there is, by id, as each language shows it (the emoji ones read the same in both)."""

REACTION_INTERVAL = 2.0
"""Seconds a player waits between two stamps."""


def check_stamp(stamp: str) -> str:
    """``stamp`` if it is one of :data:`STAMPS`, else :class:`ServerError` listing them."""
    if stamp not in STAMPS:
        raise ServerError("unknown_stamp", f"unknown stamp {stamp!r}; allowed: {', '.join(STAMPS)}")
    return stamp


class ReactionLimiter:
    """When each player last sent a stamp: one per ``interval`` seconds per player."""

    def __init__(self, interval: float = REACTION_INTERVAL) -> None:
        self.interval = interval
        self._last: dict[int, float] = {}

    def allow(self, player: int, now: float) -> bool:
        """Whether ``player`` may send a stamp ``now`` (and, if so, remember it)."""
        last = self._last.get(player)
        if last is not None and now - last < self.interval:
            return False
        self._last[player] = now
        return True


def reaction_fields(player: int | None, stamp: str, limiter: ReactionLimiter, now: float) -> dict[str, Any]:
    """The ``reaction`` frame's fields for ``player``'s ``stamp`` (``None``: a spectator), or
    :class:`ServerError` (a spectator, an unknown stamp, or too soon after the last one)."""
    check_stamp(stamp)
    if player is None:
        raise ServerError("not_player", "only players at the table send stamps")
    if not limiter.allow(player, now):
        raise ServerError("reaction_rate", f"one stamp every {REACTION_INTERVAL:g} seconds; wait a moment")
    return {"player": player, "stamp": stamp, "texts": STAMPS[stamp]}


__all__ = ["REACTION_INTERVAL", "STAMPS", "ReactionLimiter", "check_stamp", "reaction_fields"]
