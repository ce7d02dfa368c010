"""How a room describes itself: to everyone (:class:`RoomInfo`), to the store (:class:`StoredRoom`), and the
scores of its session."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from sevens.server.connection import Connection
from sevens.server.messages import RoomInfo
from sevens.server.persistence import StoredRoom
from sevens.server.room.shape import Made, RoomFacts, Status
from sevens.session.match import Match, RoundPlan, RoundResult
from sevens.session.standings import session_winners, standings_of_rounds


class DescribedRoom(RoomFacts, Made, Protocol):
    """What a room's descriptions read of it (read only: attributes here for brevity)."""

    status: Status
    code: str
    game: int
    round_offset: int
    host: int | None
    host_token: str | None
    spectators: set[Connection]
    session_id: int | None
    match: Match | None
    plan: RoundPlan | None
    results: list[RoundResult]

    @property
    def round_index(self) -> int: ...


def room_info(room: DescribedRoom) -> RoomInfo:
    """The room as everyone may see it."""
    options = room.options
    return RoomInfo(
        code=room.code,
        status=room.status,
        family=room.family.name,
        preset=room.preset,
        rules=room.rules.to_dict(),
        turn_seconds=options.turn_seconds,
        ghost=options.ghost,
        kids=options.kids,
        rounds=room.match.rounds_total if room.match is not None else default_rounds(room),
        rounds_played=len(room.results),
        round=room.round_index if room.plan is not None else None,
        game=room.game,
        listed=options.listed,
        spectators_allowed=options.spectators,
        spectators=len(room.spectators),
        pace=options.pace,
        host=room.host,
        members=[m.info() for m in room.members],
        record=room.session_id,
    )


def default_rounds(room: DescribedRoom) -> int | None:
    """Rounds of a session before it starts: the host's choice, else the rules' deals (Seven Twenty-Seven) or 1."""
    if room.options.rounds is not None:
        return room.options.rounds
    deals: int | None = getattr(room.rules, "deals", 1)
    return deals


def stored_room(room: DescribedRoom) -> StoredRoom:
    """What the store keeps of the room."""
    options = room.options
    return StoredRoom(
        code=room.code,
        turn_seconds=options.turn_seconds,
        ghost=options.ghost,
        kids=options.kids,
        rounds=options.rounds,
        listed=options.listed,
        spectators=options.spectators,
        pace=options.pace,
        host=room.host,
        host_token=room.host_token,
        members=[m.stored() for m in room.members],
        round_offset=room.round_offset,
        game=room.game,
        seed=room.seed,
    )


def session_scores(results: Sequence[RoundResult], players: int) -> dict[str, Any]:
    """A session's finished rounds, points (chips) and stars per player, and the standings the page shows as
    they are (best first, ties sharing a place: :func:`sevens.session.standings.session_standings`) with the
    players of the best total (``winners``)."""
    standings = standings_of_rounds([r.points for r in results], [r.stars for r in results], players)
    totals = [0] * players
    stars = [0] * players
    for standing in standings:
        totals[standing.player], stars[standing.player] = standing.total, standing.stars
    return {
        "rounds": [r.to_dict() for r in results],
        "totals": totals,
        "stars": stars,
        "standings": [standing.to_dict() for standing in standings],
        "winners": session_winners(totals) if results else [],
    }


__all__ = ["DescribedRoom", "default_rounds", "room_info", "session_scores", "stored_room"]
