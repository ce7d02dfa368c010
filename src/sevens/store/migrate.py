"""Schema migrations, run in code through Alembic's command API (no ``alembic.ini``).

:func:`upgrade` brings a database to the newest revision in one transaction; on PostgreSQL an advisory lock makes
concurrent openers (several server workers) wait for one another instead of racing.

To add a revision during development: change :mod:`sevens.store.models`, then in Python
``command.revision(alembic_config(url), message="…", rev_id="0002", autogenerate=True)`` against a database at
head; review the file written to ``migrations/versions/`` (rename it ``v0002_….py``) and test it.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text
from sqlalchemy.exc import SQLAlchemyError

from sevens.store.engine import WRITE_OPTION
from sevens.store.errors import StoreError

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
ADVISORY_LOCK_KEY = 0x5E7E45  # "sevens": serialises migrations of one PostgreSQL database


def alembic_config(url: str | None = None) -> Config:
    """An Alembic configuration for the packaged migrations (and ``url`` for the development command line)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("file_template", "v%%(rev)s_%%(slug)s")
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def head_revision() -> str:
    """The newest revision this program knows."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:
        raise StoreError(f"no migrations found in {MIGRATIONS_DIR}")
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (``None`` for an empty database)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Migrate the database to the newest revision, in one transaction. A database written by a newer program
    (an unknown revision) raises :class:`StoreError` without changing anything."""
    config = alembic_config()
    known = {script.revision for script in ScriptDirectory.from_config(config).walk_revisions()}
    try:
        with engine.execution_options(**{WRITE_OPTION: True}).begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": ADVISORY_LOCK_KEY})
            current = MigrationContext.configure(connection).get_current_revision()
            if current is not None and current not in known:
                raise StoreError(
                    f"the database is at schema revision {current!r}, which this version of sevens does not know; "
                    "upgrade sevens",
                    revision=current,
                )
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    except SQLAlchemyError as exc:
        raise StoreError(f"cannot migrate the database: {exc}") from exc
