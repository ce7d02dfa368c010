"""One room: the authority over one table, its state, and the doors the rest of the server uses.

The room keeps what a table is (members, options, the session, the current round and its logs) and answers
questions about it; each job is a helper that reads the room through a Protocol of :mod:`.shape`:

- :mod:`.frames` every frame it sends (``seq``, per-seat views, the move log shared and tailed);
- :mod:`.seats` seats, tokens, connections, leaving and the next host;
- :mod:`.rounds` sessions and rounds, and the one commit path of its game;
- :mod:`.moves` a player's ``move`` message checked; :mod:`.dispatch` every other message;
- :mod:`.autoplay` the turn clock, grace periods and computer players; :mod:`.ghost` the ghost rule.

Authority: only the room applies actions, one at a time (``self.lock``, one :class:`asyncio.Lock` per room).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, TypeVar

from sevens.games.base import Family
from sevens.server.config import ServerConfig
from sevens.server.connection import Connection
from sevens.server.errors import ServerError
from sevens.server.messages import ClientMessage, RoomInfo
from sevens.server.persistence import Persistence, StoredRoom
from sevens.server.room.autoplay import Autoplay
from sevens.server.room.chat import ChatLog
from sevens.server.room.dispatch import Dispatch
from sevens.server.room.frames import Frames
from sevens.server.room.info import room_info, session_scores, stored_room
from sevens.server.room.members import Member, RoomOptions
from sevens.server.room.moves import Moves
from sevens.server.room.reactions import ReactionLimiter
from sevens.server.room.rounds import Rounds
from sevens.server.room.seats import Seating
from sevens.server.room.shape import Build, Status
from sevens.server.site.metrics import timed_store_call
from sevens.server.timers import Clock
from sevens.session.match import Match, RoundPlan, RoundResult
from sevens.session.seats import player_at, seat_of
from sevens.session.session import Seat
from sevens.store import StoreError

log = logging.getLogger("sevens.server")

FrameObserver = Callable[["Room", Connection, dict[str, Any]], None]
T = TypeVar("T")


@dataclass
class RoomContext:
    """What every room of a server shares."""

    config: ServerConfig
    clock: Clock
    persistence: Persistence
    bot_executor: Executor
    observer: FrameObserver | None = None  # sees every frame as it is queued (tests, audit logs)
    on_session: Callable[[Room], None] | None = None  # told of every new session (several nodes: the room index)


class Room:
    """A room: create through :class:`~sevens.server.rooms.RoomRegistry`, which also restores rooms."""

    def __init__(
        self, ctx: RoomContext, *, code: str, family: Family, preset: str, rules: Any, options: RoomOptions,
        members: list[Member], seed: int, host: int | None = None, host_token: str | None = None,
        round_offset: int = 0, game: int = 1,
    ) -> None:  # fmt: skip
        self.ctx = ctx
        self.code = code
        self.family = family
        self.preset = preset
        self.rules = rules
        self.options = options
        self.members = members
        self.seed = seed
        self.host = host
        self.host_token = host_token
        self.round_offset = round_offset
        self.game = game
        self.status: Status = "lobby"
        self.lock = asyncio.Lock()
        self.seq = 0
        self.spectators: set[Connection] = set()
        self.session_id: int | None = None
        self.match: Match | None = None
        self.plan: RoundPlan | None = None
        self.state: Any = None
        self.round_id: int | None = None
        self.results: list[RoundResult] = []
        self.logs: dict[int, list[tuple[int | None, str]]] = {}  # round -> (actor, action text) in order
        self.timeouts: set[int] = set()  # the current round's moves (numbers from 1) made by the turn clock
        self.chat = ChatLog(ctx.config.chat_history)
        self.reactions = ReactionLimiter()
        self.closed = False
        self.empty_since: float | None = ctx.clock.now()
        # the helpers, one job each (see the module's docstring)
        self.autoplay = Autoplay(self)
        self.frames = Frames(self)
        self.seats = Seating(self)
        self.rounds = Rounds(self)
        self.moves = Moves(self)
        self.dispatch = Dispatch(self, self.moves, self.seats)

    # ================================================================== questions
    @property
    def config(self) -> ServerConfig:
        return self.ctx.config

    @property
    def round_index(self) -> int:
        """The room-wide number of the current round (rounds of earlier sessions included)."""
        return self.round_offset + (self.plan.number if self.plan is not None else 0)

    def seat_for(self, player: int) -> int | None:
        """The seat ``player`` plays in the current round, or ``None`` (no round, or not dealt in)."""
        if self.state is None or self.plan is None:
            return None
        return seat_of(self.plan.seats, self.state, player)

    def player_in(self, seat: int) -> int:
        """The player who plays ``seat`` of the current round."""
        assert self.plan is not None
        return player_at(self.plan.seats, self.state, seat)

    def connections(self) -> Iterator[Connection]:
        """Every open connection (members, then spectators)."""
        for member in self.members:
            if member.connection is not None:
                yield member.connection
        yield from self.spectators

    def is_host(self, conn: Connection) -> bool:
        return conn.host or (conn.player is not None and conn.player == self.host)

    def info(self) -> RoomInfo:
        """The room as everyone may see it."""
        return room_info(self)

    def stored(self) -> StoredRoom:
        """What the store keeps of this room."""
        return stored_room(self)

    def scores(self) -> dict[str, Any]:
        """This session's finished rounds, and points (chips) and stars per player."""
        return session_scores(self.results, len(self.members))

    def clock_info(self) -> dict[str, Any] | None:
        """The running turn clock (E4), if any."""
        return self.autoplay.clock_info()

    # ================================================================== the store
    async def store_call(self, call: Awaitable[T]) -> T:
        """Await a store call; a refusal becomes ``store_unavailable`` (nothing was changed)."""
        try:
            return await timed_store_call(call)
        except StoreError as exc:
            log.error("room %s: store call failed: %s", self.code, exc)
            raise ServerError("store_unavailable", "the game could not be saved; try again") from exc

    async def store_settings(self) -> None:
        """Store the room's seats, host and options again, once its session is stored (not in the lobby)."""
        if self.status != "lobby" and self.session_id is not None:
            await self.store_call(self.ctx.persistence.update_room(self.session_id, self.stored()))

    # ================================================================== what the server shares, told
    def observe(self, conn: Connection, data: dict[str, Any]) -> None:
        """Show the server's frame observer (if any) a frame queued for ``conn``."""
        if self.ctx.observer is not None:
            self.ctx.observer(self, conn, data)

    def session_started(self) -> None:
        """Tell the server a new session of this room is stored (several nodes: the room index)."""
        if self.ctx.on_session is not None:
            self.ctx.on_session(self)

    # ================================================================== frames (:mod:`.frames`)
    def view_for(self, seat: int | None) -> dict[str, Any]:
        """The view a connection playing ``seat`` receives (``None``: the public view)."""
        return self.frames.view_for(seat)

    def game_info(self, seat: int | None) -> dict[str, Any] | None:
        """The current round as ``seat`` sees it (``None`` outside a game)."""
        return self.frames.game_info(seat)

    def snapshot(self, conn: Connection, reason: str) -> dict[str, Any]:
        """Everything ``conn`` may know now, in one frame."""
        return self.frames.snapshot(conn, reason)

    def send(self, conn: Connection, data: dict[str, Any]) -> None:
        """One frame to one connection."""
        self.frames.send(conn, data)

    def send_error(self, conn: Connection, code: str, message: str, ref: int | None = None, **fields: Any) -> None:
        """An ``error`` frame to one connection; ``fields`` such as ``reason_key`` and ``params`` go with it."""
        self.frames.send_error(conn, code, message, ref, **fields)

    def broadcast(self, build: Build) -> None:
        """A new room event: ``build(seat)`` makes the frame for connections playing ``seat``."""
        self.frames.broadcast(build)

    def broadcast_room(self, event: str, player: int | None = None) -> None:
        """A change of the room itself (who is here, status, host)."""
        self.frames.broadcast_room(event, player)

    # ================================================================== seats (:mod:`.seats`)
    async def join(self, name: str, seat: int | None) -> tuple[int, str]:
        """Take a free human seat in the lobby; returns ``(player, token)``."""
        return await self.seats.join(name, seat)

    def identify(self, token: str | None) -> tuple[int | None, bool]:
        """``(player, host)`` for a token (``(None, False)``: a spectator)."""
        return self.seats.identify(token)

    def connect(self, conn: Connection, player: int | None, host: bool) -> None:
        """Attach a connection and send it a snapshot."""
        self.seats.connect(conn, player, host)

    def disconnect(self, conn: Connection) -> None:
        """Detach a closed connection."""
        self.seats.disconnect(conn)

    # ================================================================== the game (:mod:`.rounds`)
    async def commit(
        self, player: int | None, action: Any, by: str, conn: Connection | None = None, ref: int | None = None
    ) -> None:
        """Apply ``action`` to a copy, store it, make the copy current, then tell everyone (lock held)."""
        await self.rounds.commit(player, action, by, conn, ref)

    async def finish_round(self) -> None:
        """Score the finished round, then deal the next or end the session."""
        await self.rounds.finish_round()

    async def begin_round(self) -> None:
        """Deal and store the session's next round, and tell everyone."""
        await self.rounds.begin_round()

    async def start(self) -> None:
        """Start the game: free seats go to computer players."""
        await self.rounds.start()

    async def rematch(self) -> None:
        """A new session with the same seats once the session is over."""
        await self.rounds.rematch()

    def new_match(self, seats: Sequence[Seat], seed: int) -> Match:
        """This room's bookkeeping for one session."""
        return self.rounds.new_match(seats, seed)

    # ================================================================== messages (:mod:`.dispatch`)
    async def handle(self, conn: Connection, message: ClientMessage) -> None:
        """Act on one validated message; refusals raise :class:`ServerError` (or an engine error)."""
        await self.dispatch.handle(conn, message)

    # ================================================================== lifetime
    async def tick(self) -> None:
        """Check the room's deadlines (see :class:`~sevens.server.room.autoplay.Autoplay`)."""
        await self.autoplay.tick()

    def close_all(self, code: int, reason: str) -> None:
        """Close every connection (server shutdown, room dropped)."""
        self.closed = True
        self.autoplay.cancel()
        for conn in list(self.connections()):
            conn.close(code, reason)

    def idle_for(self) -> float:
        """Seconds since the last connection closed (0 while anyone is connected)."""
        return 0.0 if self.empty_since is None else self.ctx.clock.now() - self.empty_since


__all__ = ["FrameObserver", "Room", "RoomContext", "Status"]
