"""Resuming a room after a restart, from what the store kept: its session, rounds and actions.

Finished rounds are replayed and scored again (the same bookkeeping as when they were played), the round in
progress goes on from its last stored action, and a session stopped between rounds deals its next round.
Every human is away (their grace period running) until they reconnect with their token.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sevens.errors import RecordError
from sevens.session.session import Seat
from sevens.store import SessionInfo

if TYPE_CHECKING:
    from sevens.server.room.room import Room


async def resume(room: Room, info: SessionInfo, waiting_since: float | None = None) -> None:
    """Rebuild ``room`` (fresh from its stored metadata) at the point the stored session ``info`` reached;
    ``waiting_since``: when its computer to move began its wait (a hand-over: on the node it comes from, then
    through the adoption), so that it does not wait its whole delay again."""
    seats = [Seat(m.name or "", human=m.kind == "human") for m in room.members]
    room.session_id = info.id
    room.match = room.new_match(seats, info.seed)
    room.status = "playing"
    await replay_rounds(room, info)
    if room.round_id is None:  # stopped between two rounds: the next one, or the end of the session
        if room.match.is_over():
            await room.store_call(room.ctx.persistence.finish_session(info.id))
            room.status = "finished"
        else:
            await room.begin_round()
    for old in [r for r in room.logs if r < room.round_index - 1]:
        del room.logs[old]
    for member in room.members:
        if member.kind == "human" and not member.left and room.status == "playing":
            member.grace.start()
    room.autoplay.turn_started()
    if waiting_since is not None:
        room.autoplay.credit = max(0.0, room.ctx.clock.now() - waiting_since)
    room.autoplay.schedule()


async def replay_rounds(room: Room, info: SessionInfo) -> None:
    """Replay the stored rounds: the finished ones scored again, the one in progress made current."""
    assert room.match is not None
    for stored in sorted(info.rounds, key=lambda r: r.number):
        plan = room.match.next_plan()
        if (plan.number, plan.seed, plan.dealer) != (stored.number, stored.seed, stored.dealer):
            raise RecordError(f"room {room.code}: stored round {stored.number} does not match its session")
        room.plan, room.state = plan, plan.state
        replay_actions(room, stored.actions)
        if stored.finished:
            room.results.append(room.match.record(plan, room.state))
            continue
        room.round_id = stored.id
        if room.state.is_over():  # stopped between its last action and its score
            await room.finish_round()
        return


def replay_actions(room: Room, actions: Sequence[str]) -> None:
    """Apply a round's stored actions to the room's state, logging who made each (for duplicate moves)."""
    played = room.logs.setdefault(room.round_index, [])
    for text in actions:
        action = room.family.parse_action(text)
        actor = actor_of(room, text)
        room.state.apply(action)
        played.append((actor, text))


def actor_of(room: Room, text: str) -> int | None:
    """Who made the stored action ``text``, about to be applied to the room's state (for duplicate moves)."""
    words = text.split()
    if words and words[0] == "ghost" and len(words) == 3:
        return room.player_in(int(words[2]))  # the speaker who triggered the swap
    seat = room.state.to_move
    return None if seat is None else room.player_in(seat)


__all__ = ["actor_of", "replay_actions", "replay_rounds", "resume"]
