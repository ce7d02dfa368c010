"""The ghost rule (B13) in a room: when does a chat message swap a player still in with a ghost.

Eliminated players are ghosts and may chat. A message from a player still in the round that is addressed to a
ghost — a reply to one of the ghost's messages, or a message naming the ghost (``@Ken`` or ``Ken`` as a whole
word) — gives the engine's ``ghost G S`` action (G the ghost's seat, S the speaker's). The room applies it
like any move.
"""

from __future__ import annotations

from typing import Any, Protocol

from sevens.server.room.chat import ChatLine, addressed_names
from sevens.server.room.shape import RoomFacts


class Room(RoomFacts, Protocol):
    """What the ghost rule reads of a room: its facts and who plays which seat."""

    def seat_for(self, player: int) -> int | None: ...


GHOST = "eliminated"  # the engine's status of a ghost
IN = "in"


def status_of(room: Room, seat: int) -> str | None:
    """The engine's status of ``seat`` (``in``, ``eliminated``, …), for families that have one."""
    status = getattr(room.state, "status", None)
    return status(seat) if callable(status) else None


def is_ghost(room: Room, player: int) -> bool:
    seat = room.seat_for(player)
    return seat is not None and status_of(room, seat) == GHOST


def addressed_ghost(room: Room, speaker: int | None, line: ChatLine, original: ChatLine | None) -> Any | None:
    """The ``ghost G S`` action ``line`` triggers, or ``None``."""
    if not room.options.ghost or room.status != "playing" or room.state is None or room.state.is_over():
        return None
    if speaker is None:
        return None
    speaker_seat = room.seat_for(speaker)
    if speaker_seat is None or status_of(room, speaker_seat) != IN:
        return None
    ghosts: dict[int, int] = {}
    for member in room.members:
        seat = room.seat_for(member.player)
        if seat is not None and status_of(room, seat) == GHOST:
            ghosts[member.player] = seat
    target = original.player if original is not None and original.player in ghosts else None
    if target is None and line.text is not None:
        names = {room.members[p].name or "": p for p in ghosts}
        mentioned = addressed_names(line.text, [n for n in names if n])
        target = names[mentioned[0]] if mentioned else None
    if target is None:
        return None
    return room.family.parse_action(f"ghost {ghosts[target]} {speaker_seat}")


__all__ = ["addressed_ghost", "is_ghost", "status_of"]
