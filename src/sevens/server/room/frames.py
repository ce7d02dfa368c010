"""Every frame a room sends: to one connection, or to all of them as a new room event.

Every broadcast increments the room event number ``seq``; replies to one connection (``ack``, ``error``,
``snapshot``, ``pong``) carry the current number without incrementing it. Each connection receives its own
seat's view (or the public view); within one broadcast each distinct frame is built and encoded once, the move
log the views share once, and a connection that asked for log tails gets only the log's new entries.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any, NamedTuple, Protocol

from sevens.server.connection import Connection
from sevens.server.messages import RoomInfo, error_frame, frame
from sevens.server.room.chat import ChatLog
from sevens.server.room.shape import Build, RoomFacts, Seated
from sevens.server.views import SharedLogs, encode, encode_frame, public_view, seat_view, tail_frame, view_log


class FramedRoom(RoomFacts, Seated, Protocol):
    """What the frames read of their room."""

    seq: int

    @property
    def timeouts(self) -> Collection[int]: ...

    @property
    def chat(self) -> ChatLog: ...

    def connections(self) -> Iterator[Connection]: ...

    def is_host(self, conn: Connection) -> bool: ...

    def info(self) -> RoomInfo: ...

    def scores(self) -> dict[str, Any]: ...

    def clock_info(self) -> dict[str, Any] | None: ...

    def observe(self, conn: Connection, data: dict[str, Any]) -> None: ...


class Sent(NamedTuple):
    """One frame of a broadcast as it goes out: the frame, its text, the client's log after it (tails only)
    and the log it replaced (kept alive while its id is a key of the broadcast)."""

    frame: dict[str, Any]
    text: str
    log_after: Any = None
    previous: Any = None


class OneEvent:
    """The frames of one room event: one built per seat, one encoded per (seat, log the client has)."""

    def __init__(self, build: Build) -> None:
        self.build = build
        self.shared = SharedLogs()
        self._built: dict[int | None, dict[str, Any]] = {}
        self._sent: dict[tuple[int | None, int | None], Sent] = {}

    def for_connection(self, conn: Connection, seat: int | None) -> Sent:
        previous = conn.log_sent if conn.log_tail else None
        key = (seat, id(previous) if conn.log_tail else None)
        sent = self._sent.get(key)
        if sent is None:
            sent = self._sent[key] = self._encode(self._frame(seat), conn.log_tail, previous)
        return sent

    def _frame(self, seat: int | None) -> dict[str, Any]:
        data = self._built.get(seat)
        if data is None:
            data = self._built[seat] = self.build(seat)
        return data

    def _encode(self, data: dict[str, Any], tail: bool, previous: Any) -> Sent:
        if tail:
            short, log = tail_frame(data, previous, self.shared)
            return Sent(short, encode(short), log, previous)
        return Sent(data, encode_frame(data, self.shared))


class Frames:
    """What each connection of a room receives, and when."""

    def __init__(self, room: FramedRoom) -> None:
        self.room = room
        self._shared_logs: SharedLogs | None = None  # set while a broadcast builds its frames

    # ------------------------------------------------------------------ what a connection sees
    def seat_of(self, conn: Connection) -> int | None:
        """The seat ``conn`` plays in the current round (``None``: a spectator, or not dealt in)."""
        return self.room.seat_for(conn.player) if conn.player is not None else None

    def view_for(self, seat: int | None) -> dict[str, Any]:
        """The view a connection playing ``seat`` receives (``None``: the public view); during a broadcast, its
        move log is shared with the other seats' views."""
        room = self.room
        if seat is None:
            return public_view(room.family.name, room.state, room.timeouts, self._shared_logs)
        return seat_view(room.family.name, room.state, seat, room.timeouts, self._shared_logs)

    def game_info(self, seat: int | None) -> dict[str, Any] | None:
        """The current round as ``seat`` sees it (``None`` outside a game)."""
        room, state = self.room, self.room.state
        if state is None or room.plan is None:
            return None
        return {
            "round": room.round_index,
            "number": room.plan.number,
            "turn": len(state.actions),
            "dealer": room.plan.dealer,
            "seat_players": [room.player_in(s) for s in range(state.players)],
            "you_seat": seat,
            "over": state.is_over(),
            "clock": room.clock_info(),
            "view": self.view_for(seat),
        }

    def snapshot(self, conn: Connection, reason: str) -> dict[str, Any]:
        """Everything ``conn`` may know now, in one frame."""
        room, seat = self.room, self.seat_of(conn)
        you = {"player": conn.player, "seat": seat, "host": room.is_host(conn),
               "role": "player" if conn.player is not None else "spectator"}  # fmt: skip
        return frame(
            "snapshot", room.seq, reason=reason, you=you, room=room.info().model_dump(), game=self.game_info(seat),
            scores=room.scores(), chat=room.chat.frames(),
        )  # fmt: skip

    # ------------------------------------------------------------------ sending
    def send(self, conn: Connection, data: dict[str, Any]) -> None:
        """One frame to one connection (whole: a view in it replaces the log the client has)."""
        self.room.observe(conn, data)
        conn.send(data)
        if conn.log_tail:
            log = view_log(data)
            if log is not None:
                conn.log_sent = log

    def send_error(self, conn: Connection, code: str, message: str, ref: int | None = None, **fields: Any) -> None:
        """An ``error`` frame to one connection; ``fields`` such as ``reason_key`` and ``params`` go with it."""
        self.send(conn, error_frame(self.room.seq, code, message, ref, **fields))

    def broadcast(self, build: Build) -> None:
        """A new room event: ``build(seat)`` makes the frame for connections playing ``seat`` (``None``: the
        public one); each distinct frame is built and encoded once, and the move log they share once. A
        connection with ``log_tail`` gets the log's new entries only (:func:`tail_frame`)."""
        self.room.seq += 1
        event = OneEvent(build)
        self._shared_logs = event.shared
        try:
            for conn in list(self.room.connections()):
                sent = event.for_connection(conn, self.seat_of(conn))
                self.room.observe(conn, sent.frame)
                conn.send_text(sent.text)
                if sent.log_after is not None:
                    conn.log_sent = sent.log_after
        finally:
            self._shared_logs = None

    def broadcast_room(self, event: str, player: int | None = None) -> None:
        """A change of the room itself (who is here, status, host)."""
        info = self.room.info().model_dump()
        self.broadcast(lambda _seat: frame("room", self.room.seq, event=event, player=player, room=info))


__all__ = ["FramedRoom", "Frames", "OneEvent", "Sent"]
