"""A player's ``move`` message: checked against the round's sequence, understood, the player's turn, then committed.

A move names the round and the move number it should be (``round``, ``seq``): a repeat of the player's own
last move (e.g. resent after a reconnect) is acknowledged again and not applied again; any other move out of
sequence is refused with a snapshot to resynchronise.
"""

from __future__ import annotations

from typing import Any, Protocol

from sevens.errors import NotationError
from sevens.server.connection import Connection
from sevens.server.errors import ServerError
from sevens.server.messages import MoveMessage, frame
from sevens.server.room.shape import Keeping, RoomFacts, Seated, Speaking


class MovedRoom(RoomFacts, Seated, Speaking, Keeping, Protocol):
    """What the move checks read of their room, and its commit path."""

    @property
    def logs(self) -> dict[int, list[tuple[int | None, str]]]: ...

    async def commit(
        self, player: int | None, action: Any, by: str, conn: Connection | None = None, ref: int | None = None
    ) -> None: ...


class Moves:
    """The ``move`` messages of one room."""

    def __init__(self, room: MovedRoom) -> None:
        self.room = room

    async def on_move(self, conn: Connection, message: MoveMessage) -> None:
        """Commit ``message``'s action for ``conn``'s player, or refuse it saying why."""
        if conn.player is None:
            raise ServerError("not_player", "spectators cannot play; join a free seat before the game starts")
        player, room = conn.player, self.room
        async with room.lock:
            if room.status != "playing" or room.state is None or room.plan is None:
                if self._repeated(conn, player, message):  # e.g. the game's last move, resent after a reconnect
                    return
                raise ServerError("not_playing", "no round is being played", reason_key="refusal.not_playing", legal=[])
            expected = (room.round_index, len(room.state.actions) + 1)
            if (message.round, message.seq) != expected:
                self._out_of_sequence(conn, player, message, expected)
                return
            action = self._understood(message.action)
            self._check_turn(player)
            await room.commit(player, action, "player", conn=conn, ref=message.id)

    def _understood(self, text: str) -> Any:
        """The action ``text`` names; a ghost swap is not a move (it happens through chat)."""
        try:
            action = self.room.family.parse_action(text)
        except NotationError as exc:
            raise ServerError(
                "bad_action", str(exc), reason_key="refusal.not_understood", action=text, legal=[]
            ) from None
        if str(action).startswith("ghost"):
            raise ServerError(
                "illegal", "a ghost swap (B13) happens through chat, not as a move",
                reason_key="refusal.ghost_by_chat", legal=[],
            )  # fmt: skip
        return action

    def _check_turn(self, player: int) -> None:
        room = self.room
        seat = room.seat_for(player)
        if seat is None or room.state.to_move != seat:
            mover = room.state.to_move
            whose = "nobody" if mover is None else f"player {room.player_in(mover)}"
            raise ServerError(
                "not_your_turn", f"it is not your turn (to move: {whose})",
                reason_key="refusal.not_your_turn", to_move_seat=mover, legal=[],
            )  # fmt: skip

    def _out_of_sequence(self, conn: Connection, player: int, message: MoveMessage, expected: tuple[int, int]) -> None:
        """A move that is not the next one: a repeat of this player's own move is acknowledged again (and not
        applied again); anything else is refused with a snapshot to resynchronise."""
        if self._repeated(conn, player, message):
            return
        stale = (message.round, message.seq) < expected
        code = "stale" if stale else "ahead"
        what = "already played" if stale else "not reached yet"
        self.room.send_error(
            conn, code,
            f"move {message.seq} of round {message.round} is {what}; the next move is {expected[1]} of round "
            f"{expected[0]} (a snapshot follows)",
            message.id,
        )  # fmt: skip
        self.room.send(conn, self.room.snapshot(conn, code))

    def _repeated(self, conn: Connection, player: int, message: MoveMessage) -> bool:
        """Acknowledge again (``duplicate``) a move this player already made, and say so."""
        logged = self.room.logs.get(message.round, [])
        entry = logged[message.seq - 1] if 1 <= message.seq <= len(logged) else None
        try:
            text = str(self.room.family.parse_action(message.action))
        except NotationError:
            text = message.action
        if entry is None or entry != (player, text):
            return False
        self.room.send(conn, frame("ack", self.room.seq, ref=message.id, round=message.round, turn=message.seq,
                                   action=text, duplicate=True))  # fmt: skip
        return True


__all__ = ["MovedRoom", "Moves"]
