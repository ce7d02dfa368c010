"""What a room does on its own: the turn clock (E4), the end of a grace period, and computer moves.

Computer moves are made one at a time by one task per room, each through the room's normal commit path
(stored, then broadcast). Fast agents choose under the room's lock; slow ones (``search``) think in a worker
thread and their move is dropped if the game moved on meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from sevens.agents import Agent
from sevens.errors import SevensError
from sevens.server.errors import ServerError
from sevens.server.room.bots import Decision, agent_or_fallback, decide, new_agent, prepare
from sevens.server.room.members import PACE_FACTORS, Member
from sevens.server.room.shape import Keeping, RoomFacts, RoomServices, Seated
from sevens.server.timers import turn_clock
from sevens.session.clock import default_action

log = logging.getLogger("sevens.server")
Mark = tuple[int, int, int]  # (room round, moves played, seat to move): one turn


class PlayingRoom(RoomFacts, Seated, Keeping, Protocol):
    """What autoplay needs of its room beyond its facts: the lock, the round, the one commit path."""

    def broadcast_room(self, event: str, player: int | None = None) -> None: ...

    async def commit(self, player: int | None, action: Any, by: str) -> None: ...


class Autoplay:
    """The turn clock, grace periods and computer players of one room."""

    def __init__(self, room: PlayingRoom) -> None:
        self.room = room
        self.turn = turn_clock(room.options.turn_seconds, room.ctx.clock)
        self.mark: Mark | None = None  # the turn whose clock runs
        self._task: asyncio.Task[None] | None = None
        self._agents: dict[tuple[int, str], Agent] = {}
        self.unstored = 0  # computer moves in a row that could not be stored (logged once per outage)
        self.waiting_since: float | None = None  # when the computer to move began its wait (room clock)
        self.credit = 0.0  # seconds of that wait served on the node that handed the room over

    # ------------------------------------------------------------------ the turn clock (E4)
    def turn_started(self) -> None:
        """Start the clock when a new turn of a human player begins (call after every change)."""
        room, state = self.room, self.room.state
        if room.status != "playing" or state is None or state.is_over() or self.turn.limit is None:
            self.mark = None
            return
        seat = state.to_move
        if room.members[room.player_in(seat)].played_by_bot:
            self.mark = None
            return
        mark = self.current()
        if mark != self.mark:
            self.mark = mark
            self.turn.start(seat)

    def clock_info(self) -> dict[str, Any] | None:
        """The running turn clock, for frames."""
        if self.mark is None:
            return None
        seat = self.mark[2]
        player, remaining = self.room.player_in(seat), self.turn.remaining()
        return {"seat": seat, "player": player, "seconds": remaining, "limit": self.turn.limit}

    def current(self) -> Mark | None:
        """The turn being played now."""
        state = self.room.state
        if state is None or state.is_over():
            return None
        return (self.room.round_index, len(state.actions), state.to_move)

    # ------------------------------------------------------------------ deadlines
    async def tick(self) -> None:
        """Players away past the grace period get a computer; a turn out of time gets the default action."""
        room = self.room
        if room.closed or room.status != "playing":
            return
        away = [m for m in room.members if m.kind == "human" and not m.left and not m.auto
                and m.connection is None and m.grace.expired()]  # fmt: skip
        for member in away:
            member.auto = True
            room.broadcast_room("auto", member.player)
        if away:
            self.turn_started()
        if self.mark is not None and self.turn.expired():
            async with room.lock:
                mark = self.mark
                if mark is not None and self.turn.expired() and self.current() == mark:
                    action = default_action(room.state.legal_actions())
                    try:
                        await room.commit(room.player_in(mark[2]), action, "timeout")
                    except ServerError:
                        log.warning("room %s: the default action could not be stored; retrying", room.code)
        self.schedule()

    # ------------------------------------------------------------------ computer players
    def bot_to_move(self) -> int | None:
        """The player a computer moves for now, if any."""
        room = self.room
        if room.closed or room.status != "playing" or room.state is None or room.state.is_over():
            return None
        player = room.player_in(room.state.to_move)
        return player if room.members[player].played_by_bot else None

    def delay(self) -> float:
        """Seconds a computer player waits before its move: the server's delay at the room's pace."""
        return self.room.config.bot_delay * PACE_FACTORS[self.room.options.pace]

    def waited(self) -> float:
        """Seconds the computer to move has waited so far: carried to the node that adopts the room when this
        one stops, so a hand-over does not make it wait its whole delay again."""
        return 0.0 if self.waiting_since is None else max(0.0, self.room.ctx.clock.now() - self.waiting_since)

    def schedule(self) -> None:
        """Start the computer players' task if a computer is to move and none runs."""
        if self.bot_to_move() is not None and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(self._run(), name=f"bots-{self.room.code}")

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def _agent(self, member: Member) -> tuple[str, Agent]:
        room = self.room
        name = member.agent if member.kind == "bot" and member.agent else room.config.takeover_agent
        name = agent_or_fallback(room.family.name, name)
        agent = self._agents.get((member.player, name))
        if agent is None:
            agent = self._agents[(member.player, name)] = new_agent(room.family.name, name)
        return name, agent

    async def _run(self) -> None:
        """Computer moves, one at a time, while a computer is to move."""
        room = self.room
        try:
            while True:
                # the wait counts until the move is made: a drain that takes the lock first carries all of it
                served, self.credit = min(self.credit, self.delay()), 0.0
                self.waiting_since = room.ctx.clock.now() - served
                await asyncio.sleep(self.delay() - served)
                async with room.lock:
                    player = self.bot_to_move()
                    if player is None:
                        return
                    member = room.members[player]
                    name, agent = self._agent(member)
                    assert room.plan is not None
                    decision = prepare(agent, room.state, room.state.to_move, room.plan.seed)
                    mark = self.current()
                    by = "bot" if member.kind == "bot" else "auto"
                    if name in room.config.fast_agents:
                        await self._commit(player, decision, decide(decision), by)
                        continue
                loop = asyncio.get_running_loop()
                action = await loop.run_in_executor(room.ctx.bot_executor, decide, decision)
                async with room.lock:
                    if self.current() == mark and self.bot_to_move() == player:
                        await self._commit(player, decision, action, by)
        except asyncio.CancelledError:
            raise
        except ServerError as exc:
            self.unstored += 1
            if self.unstored == 1:
                log.warning("room %s: computer move not stored (%s); retried at every tick", room.code, exc)
        except Exception:
            log.exception("room %s: computer player failed", room.code)
        finally:
            self.waiting_since = None

    async def _commit(self, player: int, decision: Decision, action: Any, by: str) -> None:
        try:
            await self.room.commit(player, action, by)
            if self.unstored:
                log.warning("room %s: computer move stored after %d attempt(s)", self.room.code, self.unstored + 1)
                self.unstored = 0
        except SevensError as exc:
            if isinstance(exc, ServerError):
                raise
            log.error("room %s: agent chose an illegal action (%s); playing the default", self.room.code, exc)
            await self.room.commit(player, default_action(list(decision.legal)), by)


__all__ = ["Autoplay", "Mark", "PlayingRoom", "RoomServices"]
