"""What the store hands back: plain frozen dataclasses, detached from the database."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A player profile."""

    id: int
    name: str
    is_human: bool
    stars_total: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in ``seat`` (0-based) of a session."""

    seat: int
    player_id: int
    name: str
    is_human: bool


@dataclass(frozen=True, slots=True)
class RoundInfo:
    """A round with its actions (in order; action ``seq`` is ``actions[seq - 1]``) and, once finished, its result
    and per seat points and stars."""

    id: int
    number: int
    dealer: int
    seed: int
    rules: dict[str, Any]
    record_extra: dict[str, Any]
    status: str
    result: dict[str, Any] | None
    actions: list[str]
    points: list[int] | None
    stars: list[int] | None
    created_at: datetime
    finished_at: datetime | None

    @property
    def finished(self) -> bool:
        return self.status == "finished"


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """A whole session: seats, settings and every round (by number) with its actions, enough to resume it."""

    id: int
    family: str
    preset: str | None
    rules: dict[str, Any]
    seed: int
    settings: dict[str, Any]
    created_at: datetime
    finished: bool
    seats: list[SeatInfo]
    rounds: list[RoundInfo]

    @property
    def current_round(self) -> RoundInfo | None:
        """The round in progress, if any (the one to resume)."""
        return next((r for r in self.rounds if not r.finished), None)


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """One line of the history: a session without its rounds."""

    id: int
    family: str
    preset: str | None
    created_at: datetime
    finished: bool
    players: list[str]
    rounds_finished: int
    rounds_total: int  # rounds dealt so far (finished or in progress)
    rules: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)  # the front-end's own (e.g. the rounds it planned)


@dataclass(frozen=True, slots=True)
class SeatTotal:
    """Points and stars of one seat summed over a session's finished rounds."""

    seat: int
    name: str
    is_human: bool
    points: int
    stars: int


@dataclass(frozen=True, slots=True)
class PlayerGame:
    """One session a player sat in, for their profile: the session, their seat, their points (chips in Seven
    Twenty-Seven) and stars summed over its finished rounds, and their place by those totals (1 is best; tied
    totals share the better place)."""

    session: SessionSummary
    seat: int
    points: int
    stars: int
    place: int
    ui: str | None  # the front-end that started the session (its settings' "ui"): "server", "tui", …
