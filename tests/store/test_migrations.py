"""The packaged migrations: an empty database reaches head, matches the models exactly, and stays put."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text

from sevens.store import Store, StoreError, migrate
from sevens.store.engine import make_engine
from sevens.store.models import Base
from sevens.store.urls import resolve_url

TABLES = {"alembic_version", "players", "sessions", "session_seats", "rounds", "round_actions", "round_points"}


def test_empty_database_migrates_to_head(db_url: str) -> None:
    engine = make_engine(resolve_url(db_url))
    try:
        assert migrate.current_revision(engine) is None
        assert not set(inspect(engine).get_table_names())
        migrate.upgrade(engine)
        assert migrate.current_revision(engine) == migrate.head_revision()
        assert set(inspect(engine).get_table_names()) == TABLES
        indexes = {i["name"] for i in inspect(engine).get_indexes("sessions")}
        assert {"ix_sessions_created_at", "ix_sessions_finished_created_at"} <= indexes
    finally:
        engine.dispose()


def test_migrated_schema_matches_the_models(store: Store, db_url: str) -> None:
    engine = make_engine(resolve_url(db_url))
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
    finally:
        engine.dispose()


def test_reopening_is_a_no_op_and_keeps_data(db_url: str) -> None:
    with Store.open(db_url) as first:
        first.create_player("Hana")
    with Store.open(db_url) as second:
        assert second.get_player("Hana").name == "Hana"
    engine = make_engine(resolve_url(db_url))
    try:
        assert migrate.current_revision(engine) == migrate.head_revision()
    finally:
        engine.dispose()


def test_downgrade_to_empty_and_back(db_url: str) -> None:
    engine = make_engine(resolve_url(db_url))
    try:
        migrate.upgrade(engine)
        config = migrate.alembic_config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "base")
        assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
        migrate.upgrade(engine)
        assert set(inspect(engine).get_table_names()) == TABLES
    finally:
        engine.dispose()


def test_a_database_from_a_newer_program_is_refused(db_url: str) -> None:
    Store.open(db_url).close()
    engine = make_engine(resolve_url(db_url))
    try:
        with engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    finally:
        engine.dispose()
    with pytest.raises(StoreError, match=r"revision '9999'.*upgrade sevens"):
        Store.open(db_url)


def test_sqlite_has_foreign_keys_and_wal(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/fk.sqlite3"
    with Store.open(url):
        pass
    engine = make_engine(resolve_url(url))
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    finally:
        engine.dispose()


def test_in_memory_sqlite_works() -> None:
    with Store.open("sqlite://") as store:
        store.create_player("Hana")
        assert store.player_stars("Hana") == 0


def test_unreachable_postgres_is_a_clear_error() -> None:
    with pytest.raises(StoreError, match=r"cannot open database postgresql\+psycopg://u:\*\*\*@127.0.0.1:1/x"):
        Store.open("postgresql://u:secret@127.0.0.1:1/x?connect_timeout=2")


def test_alembic_command_line_config_sees_no_pending_change(store: Store, db_url: str) -> None:
    """``alembic check`` through :func:`migrate.alembic_config` (env.py connecting by URL itself)."""
    command.check(migrate.alembic_config(db_url))
