"""One WebSocket connection: who it is, its rate limit, and a queue of frames written by its own task.

Rooms never wait for a client: :meth:`Connection.send` queues the frame and returns. A client that lets
:attr:`ServerConfig.send_queue` frames pile up is closed with code 1013 ("try again later") and can
reconnect for a full snapshot.

A connection opened with ``log=tail`` gets each broadcast's move log as what it lacks (``log_from`` and the
new entries, :func:`sevens.server.views.tail_frame`); :attr:`Connection.log_sent` is the log it has.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from sevens.server.config import ServerConfig
from sevens.server.security import TokenBucket
from sevens.server.timers import Clock
from sevens.server.views import encode
from sevens.session.log import LogEntry

log = logging.getLogger("sevens.server")

# Close codes (RFC 6455 and the 4000-4999 application range), each sent with a reason.
CLOSE_NORMAL = 1000
CLOSE_GOING_AWAY = 1001
CLOSE_POLICY = 1008
CLOSE_TRY_LATER = 1013
CLOSE_REPLACED = 4000
CLOSE_KICKED = 4001
CLOSE_LEFT = 4002
CLOSE_ROOM_CLOSED = 4003
CLOSE_BAD_TOKEN = 4401
CLOSE_UNKNOWN_ROOM = 4404


@dataclass(frozen=True, slots=True)
class _Close:
    code: int
    reason: str


class Connection:
    """A client connected to a room as ``player`` (``None``: a spectator; ``host`` for a host who watches)."""

    def __init__(self, websocket: WebSocket, config: ServerConfig, clock: Clock, log_tail: bool = False) -> None:
        self.websocket = websocket
        self.log_tail = log_tail
        self.log_sent: list[LogEntry] | None = None  # with log_tail: the move log the client has
        self.player: int | None = None
        self.host = False
        self.rate = TokenBucket(config.messages_per_second, config.message_burst, clock)
        self.chat_rate = TokenBucket(config.chat_per_second, config.chat_burst, clock)
        self.strikes = 0
        self.closing = False
        self._queue: asyncio.Queue[str | _Close] = asyncio.Queue(maxsize=config.send_queue)

    def send(self, data: dict[str, Any]) -> None:
        """Queue one frame (a JSON-ready dict)."""
        self.send_text(encode(data))

    def send_text(self, text: str) -> None:
        """Queue one frame already encoded."""
        if self.closing:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(CLOSE_TRY_LATER, "too many frames waiting: reconnect for a snapshot")

    def close(self, code: int, reason: str) -> None:
        """Close after the frames already queued (or at once, dropping them, when the queue is full)."""
        if self.closing:
            return
        self.closing = True
        if self._queue.full():
            while not self._queue.empty():
                self._queue.get_nowait()
        self._queue.put_nowait(_Close(code, reason[:120]))

    async def run_writer(self) -> None:
        """Write queued frames until a close (then close the socket with its code and reason)."""
        while True:
            item = await self._queue.get()
            if isinstance(item, _Close):
                with contextlib.suppress(Exception):
                    if self.websocket.application_state != WebSocketState.DISCONNECTED:
                        await self.websocket.close(item.code, item.reason)
                return
            try:
                await self.websocket.send_text(item)
            except Exception:  # the peer went away; the reader sees the disconnect
                log.debug("send failed", exc_info=True)
                return


__all__ = [
    "CLOSE_BAD_TOKEN",
    "CLOSE_GOING_AWAY",
    "CLOSE_KICKED",
    "CLOSE_LEFT",
    "CLOSE_NORMAL",
    "CLOSE_POLICY",
    "CLOSE_REPLACED",
    "CLOSE_ROOM_CLOSED",
    "CLOSE_TRY_LATER",
    "CLOSE_UNKNOWN_ROOM",
    "Connection",
]
