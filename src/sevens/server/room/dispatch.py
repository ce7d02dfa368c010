"""A room's answer to each validated client message: which part of the room acts on it, and who may send it.

Moves go to :mod:`.moves`, seats to :mod:`.seats`, sessions to :mod:`.rounds`; chat (with the
ghost rule, B13), stamps, the computer players' pace, pings and resyncs are answered here. Refusals raise
:class:`~sevens.server.errors.ServerError` (or an engine error), which the WebSocket turns into ``error`` frames.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, Protocol

from sevens.server.connection import Connection
from sevens.server.errors import ServerError
from sevens.server.messages import (
    ChatMessage,
    ClientMessage,
    KickMessage,
    LeaveMessage,
    MoveMessage,
    PaceMessage,
    PingMessage,
    ReactionMessage,
    RematchMessage,
    ResyncMessage,
    StartMessage,
    frame,
)
from sevens.server.room.chat import ChatLog, check_chat
from sevens.server.room.ghost import addressed_ghost, is_ghost
from sevens.server.room.members import Pace, RoomOptions
from sevens.server.room.moves import Moves
from sevens.server.room.reactions import ReactionLimiter, reaction_fields
from sevens.server.room.seats import Seating
from sevens.server.room.shape import Keeping, RoomFacts, Speaking

Handler = Callable[[Connection, Any], Awaitable[None]]


class DispatchingRoom(RoomFacts, Speaking, Keeping, Protocol):
    """What the dispatch reads and changes of its room."""

    options: RoomOptions

    @property
    def chat(self) -> ChatLog: ...

    @property
    def reactions(self) -> ReactionLimiter: ...

    def seat_for(self, player: int) -> int | None: ...

    def is_host(self, conn: Connection) -> bool: ...

    async def commit(self, player: int | None, action: Any, by: str) -> None: ...

    async def start(self) -> None: ...

    async def rematch(self) -> None: ...


class Dispatch:
    """One room's message handlers, by message type."""

    def __init__(self, room: DispatchingRoom, moves: Moves, seats: Seating) -> None:
        self.room = room
        self._handlers: dict[type[Any], Handler] = {
            MoveMessage: moves.on_move,
            ChatMessage: self._on_chat,
            ReactionMessage: self._on_reaction,
            PingMessage: self._on_ping,
            ResyncMessage: self._on_resync,
            StartMessage: self._hosts_only(lambda _conn, _message: room.start()),
            KickMessage: self._hosts_only(lambda conn, message: seats.kick(conn, message.player)),
            LeaveMessage: lambda conn, _message: seats.leave(conn),
            RematchMessage: self._hosts_only(lambda _conn, _message: room.rematch()),
            PaceMessage: self._hosts_only(lambda _conn, message: self._set_pace(message.pace)),
        }

    async def handle(self, conn: Connection, message: ClientMessage) -> None:
        """Act on one validated message; refusals raise :class:`ServerError` (or an engine error)."""
        handler = self._handlers.get(type(message))
        if handler is not None:
            await handler(conn, message)

    def _hosts_only(self, handler: Handler) -> Handler:
        async def hosted(conn: Connection, message: Any) -> None:
            if not self.room.is_host(conn):
                raise ServerError("not_host", "only the host may do that")
            await handler(conn, message)

        return hosted

    async def _on_ping(self, conn: Connection, message: PingMessage) -> None:
        self.room.send(conn, frame("pong", self.room.seq, ref=message.id))

    async def _on_resync(self, conn: Connection, _message: ResyncMessage) -> None:
        self.room.send(conn, self.room.snapshot(conn, "resync"))

    async def _on_reaction(self, conn: Connection, message: ReactionMessage) -> None:
        room = self.room
        fields = reaction_fields(conn.player, message.stamp, room.reactions, room.ctx.clock.now())
        room.broadcast(lambda _seat: frame("reaction", room.seq, **fields))

    async def _set_pace(self, pace: Pace) -> None:
        """How fast computer players move from their next move on; everyone sees the new pace."""
        room = self.room
        async with room.lock:
            room.options = replace(room.options, pace=pace)
            await room.store_settings()
            room.broadcast_room("pace")

    # ------------------------------------------------------------------ chat and the ghost rule
    async def _on_chat(self, conn: Connection, message: ChatMessage) -> None:
        room = self.room
        text, phrase = check_chat(message.text, message.phrase, room.options.kids, room.config.chat_max_chars)
        if not conn.chat_rate.allow():
            raise ServerError("chat_rate", "too many chat messages; wait a moment")
        async with room.lock:
            name, role = self._speaker(conn)
            line = room.chat.add(conn.player, name, role, text, phrase, message.reply_to)
            fields = line.to_frame_fields()
            room.broadcast(lambda _seat: frame("chat", room.seq, **fields))
            original = room.chat.get(line.reply_to) if line.reply_to is not None else None
            swap = addressed_ghost(room, conn.player, line, original)
            if swap is not None:
                await room.commit(conn.player, swap, "ghost")

    def _speaker(self, conn: Connection) -> tuple[str, str]:
        """The name and role a chat line from ``conn`` shows."""
        if conn.player is None:
            return ("host" if conn.host else "spectator"), "spectator"
        name = self.room.members[conn.player].name or f"player {conn.player}"
        return name, "ghost" if is_ghost(self.room, conn.player) else "player"


__all__ = ["Dispatch", "DispatchingRoom"]
