"""One room: its members and connections, the authoritative game, and every frame it sends.

Authority: only the room applies actions, one at a time (``self.lock``, one :class:`asyncio.Lock` per room).
An action is tried on a clone of the state, committed to the store, and only then made current and
broadcast; each connection receives its own seat's view (or the public view). Every broadcast increments
the room event number ``seq``; replies to one connection (``ack``, ``error``, ``snapshot``, ``pong``) carry the
current number without incrementing it.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
from collections.abc import Awaitable, Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar

from sevens.errors import NotationError
from sevens.games.base import Family
from sevens.rng import derive_seed
from sevens.server.autoplay import Autoplay
from sevens.server.bots import agent_or_fallback
from sevens.server.chat import ChatLog, check_chat
from sevens.server.config import ServerConfig
from sevens.server.connection import CLOSE_KICKED, CLOSE_LEFT, CLOSE_REPLACED, Connection
from sevens.server.errors import ServerError
from sevens.server.ghost import addressed_ghost, is_ghost
from sevens.server.members import Member, Pace, RoomOptions, bot_name
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
    RoomInfo,
    StartMessage,
    error_frame,
    frame,
)
from sevens.server.metrics import timed_move, timed_store_call
from sevens.server.persistence import Persistence, StoredRoom
from sevens.server.reactions import ReactionLimiter, reaction_fields
from sevens.server.security import clean_name, hash_token, new_token
from sevens.server.timers import Clock
from sevens.server.views import SharedLogs, encode, encode_frame, public_view, seat_view, tail_frame, view_log
from sevens.session.match import Match, RoundPlan, RoundResult, make_match
from sevens.session.seats import player_at, seat_of
from sevens.session.session import Seat
from sevens.store import StoreError

log = logging.getLogger("sevens.server")

Status = Literal["lobby", "playing", "finished"]
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
        self,
        ctx: RoomContext,
        *,
        code: str,
        family: Family,
        preset: str,
        rules: Any,
        options: RoomOptions,
        members: list[Member],
        seed: int,
        host: int | None = None,
        host_token: str | None = None,
        round_offset: int = 0,
        game: int = 1,
    ) -> None:
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
        self._shared_logs: SharedLogs | None = None  # set while a broadcast builds its frames
        self.chat = ChatLog(ctx.config.chat_history)
        self.reactions = ReactionLimiter()
        self.closed = False
        self.empty_since: float | None = ctx.clock.now()
        self.autoplay = Autoplay(self)

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
        return RoomInfo(
            code=self.code,
            status=self.status,
            family=self.family.name,
            preset=self.preset,
            rules=self.rules.to_dict(),
            turn_seconds=self.options.turn_seconds,
            ghost=self.options.ghost,
            kids=self.options.kids,
            rounds=self.match.rounds_total if self.match is not None else self._default_rounds(),
            rounds_played=len(self.results),
            round=self.round_index if self.plan is not None else None,
            game=self.game,
            listed=self.options.listed,
            spectators_allowed=self.options.spectators,
            spectators=len(self.spectators),
            pace=self.options.pace,
            host=self.host,
            members=[m.info() for m in self.members],
            record=self.session_id,
        )

    def _default_rounds(self) -> int | None:
        if self.options.rounds is not None:
            return self.options.rounds
        deals: int | None = getattr(self.rules, "deals", 1)  # Seven Twenty-Seven: its rules' deals
        return deals

    def stored(self) -> StoredRoom:
        """What the store keeps of this room."""
        return StoredRoom(
            code=self.code,
            turn_seconds=self.options.turn_seconds,
            ghost=self.options.ghost,
            kids=self.options.kids,
            rounds=self.options.rounds,
            listed=self.options.listed,
            spectators=self.options.spectators,
            pace=self.options.pace,
            host=self.host,
            host_token=self.host_token,
            members=[m.stored() for m in self.members],
            round_offset=self.round_offset,
            game=self.game,
            seed=self.seed,
        )

    # ================================================================== frames
    def view_for(self, seat: int | None) -> dict[str, Any]:
        """The view a connection playing ``seat`` receives (``None``: the public view); during a broadcast, its
        move log is shared with the other seats' views."""
        if seat is None:
            return public_view(self.family.name, self.state, self.timeouts, self._shared_logs)
        return seat_view(self.family.name, self.state, seat, self.timeouts, self._shared_logs)

    def clock_info(self) -> dict[str, Any] | None:
        """The running turn clock (E4), if any."""
        return self.autoplay.clock_info()

    def game_info(self, seat: int | None) -> dict[str, Any] | None:
        """The current round as ``seat`` sees it (``None`` outside a game)."""
        if self.state is None or self.plan is None:
            return None
        state = self.state
        return {
            "round": self.round_index,
            "number": self.plan.number,
            "turn": len(state.actions),
            "dealer": self.plan.dealer,
            "seat_players": [self.player_in(s) for s in range(state.players)],
            "you_seat": seat,
            "over": state.is_over(),
            "clock": self.clock_info(),
            "view": self.view_for(seat),
        }

    def scores(self) -> dict[str, Any]:
        """This session's finished rounds, and points (chips) and stars per player."""
        n = len(self.members)
        return {
            "rounds": [r.to_dict() for r in self.results],
            "totals": [sum(r.points[p] for r in self.results) for p in range(n)],
            "stars": [sum(r.stars[p] for r in self.results) for p in range(n)],
        }

    def snapshot(self, conn: Connection, reason: str) -> dict[str, Any]:
        """Everything ``conn`` may know now, in one frame."""
        seat = self.seat_for(conn.player) if conn.player is not None else None
        you = {"player": conn.player, "seat": seat, "host": self.is_host(conn),
               "role": "player" if conn.player is not None else "spectator"}  # fmt: skip
        return frame(
            "snapshot", self.seq, reason=reason, you=you, room=self.info().model_dump(), game=self.game_info(seat),
            scores=self.scores(), chat=self.chat.frames(),
        )  # fmt: skip

    def send(self, conn: Connection, data: dict[str, Any]) -> None:
        """One frame to one connection (whole: a view in it replaces the log the client has)."""
        if self.ctx.observer is not None:
            self.ctx.observer(self, conn, data)
        conn.send(data)
        if conn.log_tail:
            log = view_log(data)
            if log is not None:
                conn.log_sent = log

    def send_error(self, conn: Connection, code: str, message: str, ref: int | None = None, **fields: Any) -> None:
        """An ``error`` frame to one connection; ``fields`` such as ``reason_key`` and ``params`` go with it."""
        self.send(conn, error_frame(self.seq, code, message, ref, **fields))

    def broadcast(self, build: Callable[[int | None], dict[str, Any]]) -> None:
        """A new room event: ``build(seat)`` makes the frame for connections playing ``seat`` (``None``: the
        public one); each distinct frame is built and encoded once, and the move log they share once. A
        connection with ``log_tail`` gets the log's new entries only (:func:`tail_frame`)."""
        self.seq += 1
        built: dict[int | None, dict[str, Any]] = {}
        # (seat, None) for whole frames, (seat, id(the client's log)) for tails -> (frame, text, log after, kept)
        sent: dict[tuple[int | None, int | None], tuple[dict[str, Any], str, Any, Any]] = {}
        self._shared_logs = shared = SharedLogs()
        try:
            for conn in list(self.connections()):
                seat = self.seat_for(conn.player) if conn.player is not None else None
                previous = conn.log_sent if conn.log_tail else None
                key = (seat, None if not conn.log_tail else id(previous))
                entry = sent.get(key)
                if entry is None:
                    data = built.get(seat)
                    if data is None:
                        data = built[seat] = build(seat)
                    if conn.log_tail:
                        short, log = tail_frame(data, previous, shared)
                        entry = (short, encode(short), log, previous)  # previous kept alive: its id is in the key
                    else:
                        entry = (data, encode_frame(data, shared), None, None)
                    sent[key] = entry
                if self.ctx.observer is not None:
                    self.ctx.observer(self, conn, entry[0])
                conn.send_text(entry[1])
                if entry[2] is not None:
                    conn.log_sent = entry[2]
        finally:
            self._shared_logs = None

    def broadcast_room(self, event: str, player: int | None = None) -> None:
        """A change of the room itself (who is here, status, host)."""
        info = self.info().model_dump()
        self.broadcast(lambda _seat: frame("room", self.seq, event=event, player=player, room=info))

    # ================================================================== joining and connections
    async def join(self, name: str, seat: int | None) -> tuple[int, str]:
        """Take a free human seat in the lobby; returns ``(player, token)``."""
        clean = clean_name(name, self.config.name_max_chars)
        async with self.lock:
            if self.status != "lobby":
                raise ServerError("not_lobby", "the game has started; watch it as a spectator instead")
            if any(m.name is not None and m.name.casefold() == clean.casefold() for m in self.members):
                raise ServerError("name_taken", f"someone in this room is already called {clean!r}")
            if await self.store_call(self.ctx.persistence.is_computer_name(clean)):
                raise ServerError("name_taken", f"{clean!r} is the name of a computer player")
            free = [m for m in self.members if m.open and (seat is None or m.player == seat)]
            if not free:
                raise ServerError("room_full", "no free seat" if seat is None else f"seat {seat} is not free")
            member, token = free[0], new_token()
            member.name, member.token = clean, hash_token(token)
            if self.host is None and self.host_token is None:
                self.host = member.player
            self.broadcast_room("joined", member.player)
            return member.player, token

    def identify(self, token: str | None) -> tuple[int | None, bool]:
        """``(player, host)`` for a token: a member's seat, ``(None, True)`` for a host who watches, or
        ``(None, False)`` for a spectator without a token."""
        if token is None:
            if not self.options.spectators:
                raise ServerError("no_spectators", "this room takes no spectators; join with a seat token")
            if len(self.spectators) >= self.config.max_spectators:
                raise ServerError("too_many_spectators", f"this room has its {self.config.max_spectators} spectators")
            return None, False
        digest = hash_token(token)
        if self.host_token is not None and hmac.compare_digest(digest, self.host_token):
            return None, True
        for member in self.members:
            if member.token is not None and hmac.compare_digest(digest, member.token):
                return member.player, False
        raise ServerError("bad_token", "this token does not hold a seat in this room")

    def connect(self, conn: Connection, player: int | None, host: bool) -> None:
        """Attach a connection (a newer one for the same seat replaces the older) and send it a snapshot."""
        conn.player, conn.host = player, host
        self.empty_since = None
        if player is None:
            self.spectators.add(conn)
        else:
            member = self.members[player]
            old = member.connection
            member.connection = conn
            member.grace.stop()
            member.auto = False
            if old is not None:
                old.close(CLOSE_REPLACED, "replaced by a newer connection for this seat")
            self.autoplay.turn_started()
        self.send(conn, self.snapshot(conn, "connect"))
        if player is not None:  # spectators come and go silently: their count rides on the next room event
            self.broadcast_room("connected", player)

    def disconnect(self, conn: Connection) -> None:
        """Detach a closed connection; a player's seat waits for them for the grace period."""
        if conn.player is None:
            if conn not in self.spectators:
                return
            self.spectators.discard(conn)
        else:
            member = self.members[conn.player]
            if member.connection is not conn:
                return
            member.connection = None
            if self.status == "playing" and not member.left:
                member.grace.start()
        if next(self.connections(), None) is None:
            self.empty_since = self.ctx.clock.now()
        if not self.closed and conn.player is not None:
            self.broadcast_room("disconnected", conn.player)

    # ================================================================== messages
    async def handle(self, conn: Connection, message: ClientMessage) -> None:
        """Act on one validated message; refusals raise :class:`ServerError` (or an engine error)."""
        if isinstance(message, MoveMessage):
            await self._on_move(conn, message)
        elif isinstance(message, ChatMessage):
            await self._on_chat(conn, message)
        elif isinstance(message, ReactionMessage):
            fields = reaction_fields(conn.player, message.stamp, self.reactions, self.ctx.clock.now())
            self.broadcast(lambda _seat: frame("reaction", self.seq, **fields))
        elif isinstance(message, PingMessage):
            self.send(conn, frame("pong", self.seq, ref=message.id))
        elif isinstance(message, ResyncMessage):
            self.send(conn, self.snapshot(conn, "resync"))
        elif isinstance(message, StartMessage):
            self._require_host(conn)
            await self.start()
        elif isinstance(message, KickMessage):
            self._require_host(conn)
            await self._kick(conn, message.player)
        elif isinstance(message, LeaveMessage):
            await self._leave(conn)
        elif isinstance(message, RematchMessage):
            self._require_host(conn)
            await self.rematch()
        elif isinstance(message, PaceMessage):
            self._require_host(conn)
            await self._set_pace(message.pace)

    async def _set_pace(self, pace: Pace) -> None:
        """How fast computer players move from their next move on; everyone sees the new pace."""
        async with self.lock:
            self.options = replace(self.options, pace=pace)
            if self.status != "lobby" and self.session_id is not None:
                await self.store_call(self.ctx.persistence.update_room(self.session_id, self.stored()))
            self.broadcast_room("pace")

    def _require_host(self, conn: Connection) -> None:
        if not self.is_host(conn):
            raise ServerError("not_host", "only the host may do that")

    def _require_player(self, conn: Connection) -> int:
        if conn.player is None:
            raise ServerError("not_player", "spectators cannot play; join a free seat before the game starts")
        return conn.player

    async def _on_move(self, conn: Connection, message: MoveMessage) -> None:
        player = self._require_player(conn)
        async with self.lock:
            if self.status != "playing" or self.state is None or self.plan is None:
                if self._repeated(conn, player, message):  # e.g. the game's last move, resent after a reconnect
                    return
                raise ServerError("not_playing", "no round is being played", reason_key="refusal.not_playing", legal=[])
            expected = (self.round_index, len(self.state.actions) + 1)
            if (message.round, message.seq) != expected:
                self._out_of_sequence(conn, player, message, expected)
                return
            try:
                action = self.family.parse_action(message.action)
            except NotationError as exc:
                raise ServerError(
                    "bad_action", str(exc), reason_key="refusal.not_understood", action=message.action, legal=[]
                ) from None
            if str(action).startswith("ghost"):
                raise ServerError(
                    "illegal", "a ghost swap (B13) happens through chat, not as a move",
                    reason_key="refusal.ghost_by_chat", legal=[],
                )  # fmt: skip
            seat = self.seat_for(player)
            if seat is None or self.state.to_move != seat:
                mover = self.state.to_move
                whose = "nobody" if mover is None else f"player {self.player_in(mover)}"
                raise ServerError(
                    "not_your_turn", f"it is not your turn (to move: {whose})",
                    reason_key="refusal.not_your_turn", to_move_seat=mover, legal=[],
                )  # fmt: skip
            await self.commit(player, action, "player", conn=conn, ref=message.id)

    def _out_of_sequence(self, conn: Connection, player: int, message: MoveMessage, expected: tuple[int, int]) -> None:
        """A move that is not the next one: a repeat of this player's own move is acknowledged again (and not
        applied again); anything else is refused with a snapshot to resynchronise."""
        if self._repeated(conn, player, message):
            return
        stale = (message.round, message.seq) < expected
        code = "stale" if stale else "ahead"
        what = "already played" if stale else "not reached yet"
        self.send_error(
            conn, code,
            f"move {message.seq} of round {message.round} is {what}; the next move is {expected[1]} of round "
            f"{expected[0]} (a snapshot follows)",
            message.id,
        )  # fmt: skip
        self.send(conn, self.snapshot(conn, code))

    def _repeated(self, conn: Connection, player: int, message: MoveMessage) -> bool:
        """Acknowledge again (``duplicate``) a move this player already made, and say so."""
        logged = self.logs.get(message.round, [])
        entry = logged[message.seq - 1] if 1 <= message.seq <= len(logged) else None
        try:
            text = str(self.family.parse_action(message.action))
        except NotationError:
            text = message.action
        if entry is None or entry != (player, text):
            return False
        self.send(conn, frame("ack", self.seq, ref=message.id, round=message.round, turn=message.seq, action=text,
                              duplicate=True))  # fmt: skip
        return True

    # ================================================================== the one path that changes a game
    async def store_call(self, call: Awaitable[T]) -> T:
        """Await a store call; a refusal becomes ``store_unavailable`` (nothing was changed)."""
        try:
            return await timed_store_call(call)
        except StoreError as exc:
            log.error("room %s: store call failed: %s", self.code, exc)
            raise ServerError("store_unavailable", "the game could not be saved; try again") from exc

    async def commit(
        self, player: int | None, action: Any, by: str, conn: Connection | None = None, ref: int | None = None
    ) -> None:
        """Apply ``action`` to a copy, store it, make the copy current, then tell everyone (lock held)."""
        async with timed_move(by):
            await self._commit(player, action, by, conn, ref)

    async def _commit(self, player: int | None, action: Any, by: str, conn: Connection | None, ref: int | None) -> None:
        if self.closed:  # dropped or handed to another node: only the room's one owner may store a move
            raise ServerError("store_unavailable", "the room is moving to another server; reconnect")
        after = self.state.clone()
        after.apply(action)  # an illegal action raises here and changes nothing
        text, number = str(action), len(after.actions)
        assert self.round_id is not None
        await self.store_call(self.ctx.persistence.append_action(self.round_id, number, text))
        self.state = after
        round_index = self.round_index
        self.logs.setdefault(round_index, []).append((player, text))
        if by == "timeout":
            self.timeouts.add(number)
        if conn is not None:
            self.send(conn, frame("ack", self.seq, ref=ref, round=round_index, turn=number, action=text,
                                  duplicate=False))  # fmt: skip
        self.autoplay.turn_started()
        clock = self.clock_info()
        seat_players = [self.player_in(s) for s in range(after.players)]
        self.broadcast(
            lambda seat: frame("action", self.seq, round=round_index, turn=number, player=player, by=by, action=text,
                               seat_players=seat_players, you_seat=seat, clock=clock, view=self.view_for(seat))
        )  # fmt: skip
        if after.is_over():
            await self.finish_round()
        self.autoplay.schedule()

    async def finish_round(self) -> None:
        """Score the finished round (stored with its points and stars), then deal the next or end the session."""
        assert self.match is not None and self.plan is not None and self.round_id is not None
        state = self.state
        result = self.match.record(self.plan, state)
        engine_result = state.result().to_dict()
        stored = self.ctx.persistence.finish_round(self.round_id, engine_result, result.points, result.stars)
        await self.store_call(stored)
        self.results.append(result)
        over = self.match.is_over()
        seat_players = [self.player_in(s) for s in range(state.players)]
        scores, round_index = self.scores(), self.round_index
        self.broadcast(
            lambda _seat: frame("round_over", self.seq, round=round_index, result=engine_result,
                                seat_players=seat_players, scores=scores, session_over=over)
        )  # fmt: skip
        if over:
            assert self.session_id is not None
            await self.store_call(self.ctx.persistence.finish_session(self.session_id))
            self.status = "finished"
            self.autoplay.mark = None
            self.broadcast_room("finished")
        else:
            await self.begin_round()

    async def begin_round(self) -> None:
        """Deal and store the session's next round, and tell everyone."""
        assert self.match is not None and self.session_id is not None
        plan = self.match.next_plan()
        round_id = await self.store_call(
            self.ctx.persistence.start_round(
                self.session_id, plan.number, plan.dealer, plan.seed, plan.rules.to_dict(), plan.extra
            )
        )
        self.plan, self.state, self.round_id = plan, plan.state, round_id
        self.logs[self.round_index] = []
        self.timeouts = set()
        for old in [r for r in self.logs if r < self.round_index - 1]:
            del self.logs[old]
        self.autoplay.turn_started()
        self.broadcast(lambda seat: frame("round_start", self.seq, game=self.game_info(seat)))
        if plan.state.is_over():
            await self.finish_round()
        self.autoplay.schedule()

    # ================================================================== host controls
    async def start(self) -> None:
        """Start the game: free seats go to computer players; the room is stored from now on."""
        async with self.lock:
            if self.status != "lobby":
                raise ServerError("not_lobby", "the game has already started")
            agent = agent_or_fallback(self.family.name, self.config.default_bot)
            free = [m for m in self.members if m.open]
            for member in free:
                member.kind, member.agent, member.name = "bot", agent, bot_name(agent)
            try:
                await self._new_session(self.seed)
            except ServerError:
                for member in free:
                    member.kind, member.agent, member.name = "human", None, None
                raise
            self.broadcast_room("started")
            await self.begin_round()

    async def rematch(self) -> None:
        """A new session with the same seats once the session is over."""
        async with self.lock:
            if self.status != "finished":
                raise ServerError("not_finished", "a rematch can start once the session is over")
            self.round_offset += len(self.results)
            self.game += 1
            await self._new_session(derive_seed(self.seed, 1000 + self.game))
            self.broadcast_room("rematch")
            await self.begin_round()

    async def _new_session(self, seed: int) -> None:
        seats = [Seat(m.name or "", human=m.kind == "human") for m in self.members]
        self.session_id = await self.store_call(
            self.ctx.persistence.create_session(
                self.family.name, self.preset, self.rules.to_dict(), seed,
                [(s.name, s.human) for s in seats], self.stored(),
            )
        )  # fmt: skip
        self.match = self.new_match(seats, seed)
        self.results, self.plan, self.state, self.round_id = [], None, None, None
        self.status = "playing"
        if self.ctx.on_session is not None:
            self.ctx.on_session(self)

    def new_match(self, seats: Sequence[Seat], seed: int) -> Match:
        """This room's bookkeeping for one session: one round unless the host chose more (chips: the rules'
        deals); a broke human player stays on as a spectator, and once every human player is broke the session
        ends with the final standings (nobody waits through the computers' deals)."""
        rounds = self.options.rounds
        return make_match(
            self.family, self.preset, self.rules, seats, seed, rounds, default_rounds=1, human_broke_ends=True
        )

    async def _kick(self, conn: Connection, player: int) -> None:
        async with self.lock:
            if not 0 <= player < len(self.members):
                raise ServerError("invalid", f"there is no player {player}")
            member = self.members[player]
            if member.kind != "human" or member.open or member.left:
                raise ServerError("invalid", f"player {player} is not a human player in this room")
            if conn.player == player:
                raise ServerError("invalid", "to go, send leave")
            await self._remove(member, CLOSE_KICKED, "removed by the host", "kicked")

    async def _leave(self, conn: Connection) -> None:
        if conn.player is None:
            conn.close(CLOSE_LEFT, "left the room")
            return
        async with self.lock:
            member = self.members[conn.player]
            if member.connection is not conn:
                return
            await self._remove(member, CLOSE_LEFT, "left the room", "left")

    async def _remove(self, member: Member, code: int, reason: str, event: str) -> None:
        """A human leaves for good: a free seat again in the lobby, else a computer plays it; the token is
        revoked (and stored as revoked)."""
        conn = member.connection
        member.connection = None
        member.grace.stop()
        if self.status == "lobby":
            member.name = member.token = None
        else:
            member.left, member.token = True, None
        if self.host == member.player:
            self.host = self._next_host()
        if self.status != "lobby" and self.session_id is not None:
            await self.store_call(self.ctx.persistence.update_room(self.session_id, self.stored()))
        if conn is not None:
            conn.close(code, reason)
        self.broadcast_room(event, member.player)
        self.autoplay.turn_started()
        self.autoplay.schedule()

    def _next_host(self) -> int | None:
        humans = [m for m in self.members if m.kind == "human" and not m.open and not m.left]
        connected = [m for m in humans if m.connection is not None]
        chosen = connected or humans
        return chosen[0].player if chosen else None

    # ================================================================== chat and the ghost rule
    async def _on_chat(self, conn: Connection, message: ChatMessage) -> None:
        text, phrase = check_chat(message.text, message.phrase, self.options.kids, self.config.chat_max_chars)
        if not conn.chat_rate.allow():
            raise ServerError("chat_rate", "too many chat messages; wait a moment")
        async with self.lock:
            if conn.player is None:
                name, role = ("host" if conn.host else "spectator"), "spectator"
            else:
                name = self.members[conn.player].name or f"player {conn.player}"
                role = "ghost" if is_ghost(self, conn.player) else "player"
            line = self.chat.add(conn.player, name, role, text, phrase, message.reply_to)
            fields = line.to_frame_fields()
            self.broadcast(lambda _seat: frame("chat", self.seq, **fields))
            original = self.chat.get(line.reply_to) if line.reply_to is not None else None
            swap = addressed_ghost(self, conn.player, line, original)
            if swap is not None:
                await self.commit(conn.player, swap, "ghost")

    # ================================================================== lifetime
    async def tick(self) -> None:
        """Check the room's deadlines (see :class:`~sevens.server.autoplay.Autoplay`)."""
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
