"""The first schema: players, sessions, session_seats, rounds, round_actions, round_points.

Revision ID: 0001
Revises:
Created: 2025-11-22
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _json() -> sa.types.TypeEngine[Any]:
    """JSON, as ``jsonb`` on PostgreSQL (written out here so that this revision never changes)."""
    return sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    """Create every table and index."""
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("is_human", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("stars_total", sa.Integer(), server_default="0", nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("name", name=op.f("uq_players_name")),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("family", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(64), nullable=True),
        sa.Column("rules", _json(), nullable=False),
        sa.Column("seed", sa.String(20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.Column("settings", _json(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sessions")),
    )
    op.create_index(op.f("ix_sessions_finished_created_at"), "sessions", ["finished", "created_at"])
    op.create_index(op.f("ix_sessions_created_at"), "sessions", ["created_at"])
    op.create_table(
        "session_seats",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.CheckConstraint("seat >= 0", name=op.f("ck_session_seats_seat_nonnegative")),
        sa.ForeignKeyConstraint(
            ["session_id"], ["sessions.id"], name=op.f("fk_session_seats_session_id_sessions"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_session_seats_player_id_players")),
        sa.PrimaryKeyConstraint("session_id", "seat", name=op.f("pk_session_seats")),
    )
    op.create_index(op.f("ix_session_seats_player_id"), "session_seats", ["player_id"])
    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("dealer", sa.Integer(), nullable=False),
        sa.Column("seed", sa.String(20), nullable=False),
        sa.Column("rules", _json(), nullable=False),
        sa.Column("record_extra", _json(), nullable=False),
        sa.Column("status", sa.String(16), server_default="in_progress", nullable=False),
        sa.Column("result", _json(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("status IN ('in_progress', 'finished')", name=op.f("ck_rounds_status_known")),
        sa.ForeignKeyConstraint(
            ["session_id"], ["sessions.id"], name=op.f("fk_rounds_session_id_sessions"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rounds")),
        sa.UniqueConstraint("session_id", "number", name=op.f("uq_rounds_session_id_number")),
    )
    op.create_table(
        "round_actions",
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("seq >= 1", name=op.f("ck_round_actions_seq_positive")),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_round_actions_round_id_rounds"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("round_id", "seq", name=op.f("pk_round_actions")),
    )
    op.create_table(
        "round_points",
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("stars", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_round_points_round_id_rounds"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("round_id", "seat", name=op.f("pk_round_points")),
    )


def downgrade() -> None:
    """Drop every table (and so every game stored)."""
    op.drop_table("round_points")
    op.drop_table("round_actions")
    op.drop_table("rounds")
    op.drop_index(op.f("ix_session_seats_player_id"), table_name="session_seats")
    op.drop_table("session_seats")
    op.drop_index(op.f("ix_sessions_created_at"), table_name="sessions")
    op.drop_index(op.f("ix_sessions_finished_created_at"), table_name="sessions")
    op.drop_table("sessions")
    op.drop_table("players")
