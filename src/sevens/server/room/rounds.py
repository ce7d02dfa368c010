"""A room's game: sessions (start, rematch), their rounds (dealt, scored), and the one path that changes a game.

Authority: only the room applies actions, one at a time (under the room's lock). An action is tried on a clone
of the state, committed to the store, and only then made current and broadcast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from sevens.rng import derive_seed
from sevens.server.connection import Connection
from sevens.server.errors import ServerError
from sevens.server.messages import frame
from sevens.server.persistence import StoredRoom
from sevens.server.room.bots import agent_or_fallback
from sevens.server.room.members import bot_name
from sevens.server.room.shape import Keeping, Made, RoomFacts, Seated, Speaking, Status
from sevens.server.site.metrics import timed_move
from sevens.session.match import Match, RoundPlan, RoundResult, make_match
from sevens.session.session import Seat


class PlayedRoom(RoomFacts, Made, Seated, Speaking, Keeping, Protocol):
    """What the game's lifecycle reads and changes of its room."""

    status: Status
    state: Any
    match: Match | None
    plan: RoundPlan | None
    round_id: int | None
    session_id: int | None
    results: list[RoundResult]
    timeouts: set[int]
    round_offset: int
    game: int

    @property
    def logs(self) -> dict[int, list[tuple[int | None, str]]]: ...

    def view_for(self, seat: int | None) -> dict[str, Any]: ...

    def game_info(self, seat: int | None) -> dict[str, Any] | None: ...

    def clock_info(self) -> dict[str, Any] | None: ...

    def scores(self) -> dict[str, Any]: ...

    def stored(self) -> StoredRoom: ...

    def session_started(self) -> None: ...


class Rounds:
    """The sessions and rounds of one room, and the commit of each move."""

    def __init__(self, room: PlayedRoom) -> None:
        self.room = room

    # ------------------------------------------------------------------ the one path that changes a game
    async def commit(
        self, player: int | None, action: Any, by: str, conn: Connection | None = None, ref: int | None = None
    ) -> None:
        """Apply ``action`` to a copy, store it, make the copy current, then tell everyone (lock held)."""
        async with timed_move(by):
            await self._commit(player, action, by, conn, ref)

    async def _commit(self, player: int | None, action: Any, by: str, conn: Connection | None, ref: int | None) -> None:
        room = self.room
        if room.closed:  # dropped or handed to another node: only the room's one owner may store a move
            raise ServerError("store_unavailable", "the room is moving to another server; reconnect")
        after = room.state.clone()
        after.apply(action)  # an illegal action raises here and changes nothing
        text, number = str(action), len(after.actions)
        assert room.round_id is not None
        await room.store_call(room.ctx.persistence.append_action(room.round_id, number, text))
        room.state = after
        room.logs.setdefault(room.round_index, []).append((player, text))
        if by == "timeout":
            room.timeouts.add(number)
        if conn is not None:
            room.send(conn, frame("ack", room.seq, ref=ref, round=room.round_index, turn=number, action=text,
                                  duplicate=False))  # fmt: skip
        room.autoplay.turn_started()
        self._tell_action(player, by, text)
        if after.is_over():
            await self.finish_round()
        room.autoplay.schedule()

    def _tell_action(self, player: int | None, by: str, text: str) -> None:
        """Broadcast the action just made current: each seat with its own view."""
        room = self.room
        clock, round_index, number = room.clock_info(), room.round_index, len(room.state.actions)
        seat_players = [room.player_in(s) for s in range(room.state.players)]
        room.broadcast(
            lambda seat: frame("action", room.seq, round=round_index, turn=number, player=player, by=by, action=text,
                               seat_players=seat_players, you_seat=seat, clock=clock, view=room.view_for(seat))
        )  # fmt: skip

    # ------------------------------------------------------------------ rounds
    async def finish_round(self) -> None:
        """Score the finished round (stored with its points and stars), then deal the next or end the session."""
        room = self.room
        assert room.match is not None and room.plan is not None and room.round_id is not None
        state = room.state
        result = room.match.record(room.plan, state)
        engine_result = state.result().to_dict()
        stored = room.ctx.persistence.finish_round(room.round_id, engine_result, result.points, result.stars)
        await room.store_call(stored)
        room.results.append(result)
        over = room.match.is_over()
        if over:  # stored as finished before anyone hears of it: the replay link a page then shows must answer
            assert room.session_id is not None
            await room.store_call(room.ctx.persistence.finish_session(room.session_id))
        seat_players = [room.player_in(s) for s in range(state.players)]
        scores, round_index = room.scores(), room.round_index
        room.broadcast(
            lambda _seat: frame("round_over", room.seq, round=round_index, result=engine_result,
                                seat_players=seat_players, scores=scores, session_over=over)
        )  # fmt: skip
        if over:
            self._finish_session()
        else:
            await self.begin_round()

    def _finish_session(self) -> None:
        room = self.room
        room.status = "finished"
        room.autoplay.turn_started()  # no game: the turn clock stops
        room.broadcast_room("finished")

    async def begin_round(self) -> None:
        """Deal and store the session's next round, and tell everyone."""
        room = self.room
        assert room.match is not None and room.session_id is not None
        plan = room.match.next_plan()
        round_id = await room.store_call(
            room.ctx.persistence.start_round(
                room.session_id, plan.number, plan.dealer, plan.seed, plan.rules.to_dict(), plan.extra
            )
        )
        room.plan, room.state, room.round_id = plan, plan.state, round_id
        room.logs[room.round_index] = []
        room.timeouts = set()
        for old in [r for r in room.logs if r < room.round_index - 1]:
            del room.logs[old]
        room.autoplay.turn_started()
        room.broadcast(lambda seat: frame("round_start", room.seq, game=room.game_info(seat)))
        if plan.state.is_over():
            await self.finish_round()
        room.autoplay.schedule()

    # ------------------------------------------------------------------ sessions
    async def start(self) -> None:
        """Start the game: free seats go to computer players; the room is stored from now on."""
        room = self.room
        async with room.lock:
            if room.status != "lobby":
                raise ServerError("not_lobby", "the game has already started")
            agent = agent_or_fallback(room.family.name, room.config.default_bot)
            free = [m for m in room.members if m.open]
            for member in free:
                member.kind, member.agent, member.name = "bot", agent, bot_name(agent)
            try:
                await self._new_session(room.seed)
            except ServerError:
                for member in free:
                    member.kind, member.agent, member.name = "human", None, None
                raise
            room.broadcast_room("started")
            await self.begin_round()

    async def rematch(self) -> None:
        """A new session with the same seats once the session is over."""
        room = self.room
        async with room.lock:
            if room.status != "finished":
                raise ServerError("not_finished", "a rematch can start once the session is over")
            room.round_offset += len(room.results)
            room.game += 1
            await self._new_session(derive_seed(room.seed, 1000 + room.game))
            room.broadcast_room("rematch")
            await self.begin_round()

    async def _new_session(self, seed: int) -> None:
        room = self.room
        seats = [Seat(m.name or "", human=m.kind == "human") for m in room.members]
        room.session_id = await room.store_call(
            room.ctx.persistence.create_session(
                room.family.name, room.preset, room.rules.to_dict(), seed,
                [(s.name, s.human) for s in seats], room.stored(),
            )
        )  # fmt: skip
        room.match = self.new_match(seats, seed)
        room.results, room.plan, room.state, room.round_id = [], None, None, None
        room.status = "playing"
        room.session_started()

    def new_match(self, seats: Sequence[Seat], seed: int) -> Match:
        """This room's bookkeeping for one session: one round unless the host chose more (chips: the rules'
        deals); a broke human player stays on as a spectator, and once every human player is broke the session
        ends with the final standings (nobody waits through the computers' deals)."""
        room = self.room
        return make_match(
            room.family, room.preset, room.rules, seats, seed, room.options.rounds, default_rounds=1,
            human_broke_ends=True,
        )  # fmt: skip


__all__ = ["PlayedRoom", "Rounds"]
