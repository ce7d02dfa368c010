"""The tables, as SQLAlchemy 2 typed ORM models. The migrations in :mod:`sevens.store.migrations` create exactly
these (a test compares them); change both together.

- ``players``: profiles, unique by name; ``stars_total`` accumulates E3 stars of human players.
- ``sessions``: a series of rounds of one game family with the same seats (E1), with its rules and settings.
- ``session_seats``: who sits in each seat of a session.
- ``rounds``: one dealt game of a session: dealer, seed, rules, ``in_progress`` or ``finished`` with its result.
- ``round_actions``: the actions of a round in order, numbered from 1 (``seq``).
- ``round_points``: per seat points (E2) and stars (E3) of a finished round.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from sevens.store.columns import Seed, UTCDateTime, json_type, utc_now

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_N_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

IN_PROGRESS = "in_progress"
FINISHED = "finished"
ROUND_STATUSES = (IN_PROGRESS, FINISHED)
NAME_LENGTH = 64


class Base(DeclarativeBase):
    """Declarative base with deterministic constraint names (so later migrations can refer to them)."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: json_type(), datetime: UTCDateTime()}


class Player(Base):
    """A player profile: a human or a computer player, known by a unique name."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH), unique=True)
    is_human: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    stars_total: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class GameSession(Base):
    """A session (E1): several rounds of one game family with the same seats."""

    __tablename__ = "sessions"
    __table_args__ = (Index(None, "finished", "created_at"), Index(None, "created_at"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    family: Mapped[str] = mapped_column(String(32))
    preset: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    rules: Mapped[dict[str, Any]]
    seed: Mapped[int] = mapped_column(Seed)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    finished: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    settings: Mapped[dict[str, Any]]

    seats: Mapped[list[SessionSeat]] = relationship(
        back_populates="session", order_by="SessionSeat.seat", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="session", order_by="Round.number", cascade="all, delete-orphan"
    )


class SessionSeat(Base):
    """The player in one seat (0-based) of a session."""

    __tablename__ = "session_seats"
    __table_args__ = (CheckConstraint("seat >= 0", name="seat_nonnegative"), Index(None, "player_id"))

    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))

    session: Mapped[GameSession] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")


class Round(Base):
    """One dealt game of a session. ``record_extra`` holds what a family's record needs beyond the common
    fields (e.g. Seven Twenty-Seven's ``starting_stacks``)."""

    __tablename__ = "rounds"
    __table_args__ = (
        UniqueConstraint("session_id", "number"),
        CheckConstraint("status IN ('in_progress', 'finished')", name="status_known"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    dealer: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Seed)
    rules: Mapped[dict[str, Any]]
    record_extra: Mapped[dict[str, Any]]
    status: Mapped[str] = mapped_column(String(16), default=IN_PROGRESS, server_default=IN_PROGRESS)
    result: Mapped[dict[str, Any] | None]
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    finished_at: Mapped[datetime | None]

    session: Mapped[GameSession] = relationship(back_populates="rounds")
    actions: Mapped[list[RoundAction]] = relationship(order_by="RoundAction.seq", cascade="all, delete-orphan")
    points: Mapped[list[RoundPoints]] = relationship(order_by="RoundPoints.seat", cascade="all, delete-orphan")


class RoundAction(Base):
    """Action number ``seq`` (1, 2, …) of a round, as the family's action text."""

    __tablename__ = "round_actions"
    __table_args__ = (CheckConstraint("seq >= 1", name="seq_positive"),)

    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class RoundPoints(Base):
    """Points (E2) and stars (E3) of one seat in a finished round."""

    __tablename__ = "round_points"

    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    points: Mapped[int] = mapped_column(Integer)
    stars: Mapped[int] = mapped_column(Integer)
