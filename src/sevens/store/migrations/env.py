"""Alembic environment: migrates the connection that :func:`sevens.store.migrate.upgrade` hands over in
``config.attributes["connection"]``, or else connects to the configured ``sqlalchemy.url`` (for the ``alembic``
command line during development). Importing this module outside Alembic does nothing."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from sevens.store.engine import make_engine
from sevens.store.models import Base
from sevens.store.urls import resolve_url


def _migrate(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying them
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run() -> None:
    """Run the migrations Alembic was asked for, online (offline SQL scripts are not supported)."""
    if context.is_offline_mode():
        raise RuntimeError("sevens migrations run online only")
    connection = context.config.attributes.get("connection")
    if isinstance(connection, Connection):
        _migrate(connection)
        return
    engine = make_engine(resolve_url(context.config.get_main_option("sqlalchemy.url")))
    try:
        with engine.connect() as own:
            _migrate(own)
            own.commit()
    finally:
        engine.dispose()


if getattr(context, "config", None) is not None:  # loaded by Alembic, not merely imported
    run()
