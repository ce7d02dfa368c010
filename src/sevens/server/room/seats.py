"""Who is at a room's table: taking a seat in the lobby, the tokens that prove a seat, connections coming and
going (a newer one for a seat replaces the older; a player who drops keeps the seat for the grace period),
players who leave or are removed by the host, and who hosts next."""

from __future__ import annotations

import hmac
from typing import Protocol

from sevens.server.connection import CLOSE_KICKED, CLOSE_LEFT, CLOSE_REPLACED, Connection
from sevens.server.errors import ServerError
from sevens.server.room.members import Member
from sevens.server.room.shape import Keeping, RoomFacts, Speaking
from sevens.server.security import clean_name, hash_token, new_token


class SeatedRoom(RoomFacts, Speaking, Keeping, Protocol):
    """What the seats read and change of their room."""

    host: int | None
    empty_since: float | None

    @property
    def host_token(self) -> str | None: ...

    @property
    def spectators(self) -> set[Connection]: ...


class Seating:
    """The members and spectators of one room, and their connections."""

    def __init__(self, room: SeatedRoom) -> None:
        self.room = room

    # ------------------------------------------------------------------ seats and tokens
    async def join(self, name: str, seat: int | None) -> tuple[int, str]:
        """Take a free human seat in the lobby; returns ``(player, token)``."""
        room = self.room
        clean = clean_name(name, room.config.name_max_chars)
        async with room.lock:
            if room.status != "lobby":
                raise ServerError("not_lobby", "the game has started; watch it as a spectator instead")
            await self._check_name(clean)
            free = [m for m in room.members if m.open and (seat is None or m.player == seat)]
            if not free:
                raise ServerError("room_full", "no free seat" if seat is None else f"seat {seat} is not free")
            member, token = free[0], new_token()
            member.name, member.token = clean, hash_token(token)
            if room.host is None and room.host_token is None:
                room.host = member.player
            room.broadcast_room("joined", member.player)
            return member.player, token

    async def _check_name(self, clean: str) -> None:
        """Refuse a name someone in the room has (in any case), or a computer player's."""
        if any(m.name is not None and m.name.casefold() == clean.casefold() for m in self.room.members):
            raise ServerError("name_taken", f"someone in this room is already called {clean!r}")
        if await self.room.store_call(self.room.ctx.persistence.is_computer_name(clean)):
            raise ServerError("name_taken", f"{clean!r} is the name of a computer player")

    def identify(self, token: str | None) -> tuple[int | None, bool]:
        """``(player, host)`` for a token: a member's seat, ``(None, True)`` for a host who watches, or
        ``(None, False)`` for a spectator without a token."""
        room = self.room
        if token is None:
            self._admit_spectator()
            return None, False
        digest = hash_token(token)
        if room.host_token is not None and hmac.compare_digest(digest, room.host_token):
            return None, True
        for member in room.members:
            if member.token is not None and hmac.compare_digest(digest, member.token):
                return member.player, False
        raise ServerError("bad_token", "this token does not hold a seat in this room")

    def _admit_spectator(self) -> None:
        room = self.room
        if not room.options.spectators:
            raise ServerError("no_spectators", "this room takes no spectators; join with a seat token")
        if len(room.spectators) >= room.config.max_spectators:
            raise ServerError("too_many_spectators", f"this room has its {room.config.max_spectators} spectators")

    # ------------------------------------------------------------------ connections
    def connect(self, conn: Connection, player: int | None, host: bool) -> None:
        """Attach a connection (a newer one for the same seat replaces the older) and send it a snapshot."""
        room = self.room
        conn.player, conn.host = player, host
        room.empty_since = None
        if player is None:
            room.spectators.add(conn)
        else:
            member = room.members[player]
            old = member.connection
            member.connection = conn
            member.grace.stop()
            member.auto = False
            if old is not None:
                old.close(CLOSE_REPLACED, "replaced by a newer connection for this seat")
            room.autoplay.turn_started()
        room.send(conn, room.snapshot(conn, "connect"))
        if player is not None:  # spectators come and go silently: their count rides on the next room event
            room.broadcast_room("connected", player)

    def disconnect(self, conn: Connection) -> None:
        """Detach a closed connection; a player's seat waits for them for the grace period."""
        room = self.room
        if not self._detach(conn):
            return
        if next(room.connections(), None) is None:
            room.empty_since = room.ctx.clock.now()
        if not room.closed and conn.player is not None:
            room.broadcast_room("disconnected", conn.player)

    def _detach(self, conn: Connection) -> bool:
        """Forget ``conn`` (``False``: it was no longer attached, e.g. replaced by a newer one)."""
        room = self.room
        if conn.player is None:
            if conn not in room.spectators:
                return False
            room.spectators.discard(conn)
            return True
        member = room.members[conn.player]
        if member.connection is not conn:
            return False
        member.connection = None
        if room.status == "playing" and not member.left:
            member.grace.start()
        return True

    # ------------------------------------------------------------------ leaving
    async def kick(self, conn: Connection, player: int) -> None:
        """The host removes a human player (not themselves) for good."""
        room = self.room
        async with room.lock:
            if not 0 <= player < len(room.members):
                raise ServerError("invalid", f"there is no player {player}")
            member = room.members[player]
            if member.kind != "human" or member.open or member.left:
                raise ServerError("invalid", f"player {player} is not a human player in this room")
            if conn.player == player:
                raise ServerError("invalid", "to go, send leave")
            await self._remove(member, CLOSE_KICKED, "removed by the host", "kicked")

    async def leave(self, conn: Connection) -> None:
        """``conn``'s player leaves for good (a spectator just goes)."""
        if conn.player is None:
            conn.close(CLOSE_LEFT, "left the room")
            return
        async with self.room.lock:
            member = self.room.members[conn.player]
            if member.connection is not conn:
                return
            await self._remove(member, CLOSE_LEFT, "left the room", "left")

    async def _remove(self, member: Member, code: int, reason: str, event: str) -> None:
        """A human leaves for good: a free seat again in the lobby, else a computer plays it; the token is
        revoked (and stored as revoked)."""
        room = self.room
        conn = member.connection
        member.connection = None
        member.grace.stop()
        if room.status == "lobby":
            member.name = member.token = None
        else:
            member.left, member.token = True, None
        if room.host == member.player:
            room.host = self._next_host()
        await room.store_settings()
        if conn is not None:
            conn.close(code, reason)
        room.broadcast_room(event, member.player)
        room.autoplay.turn_started()
        room.autoplay.schedule()

    def _next_host(self) -> int | None:
        humans = [m for m in self.room.members if m.kind == "human" and not m.open and not m.left]
        connected = [m for m in humans if m.connection is not None]
        chosen = connected or humans
        return chosen[0].player if chosen else None


__all__ = ["SeatedRoom", "Seating"]
