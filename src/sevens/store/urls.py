"""Which database the store uses: an explicit URL, else ``SEVENS_DATABASE_URL``, else a SQLite file in the user's
data directory. URLs are normalised so that ``postgresql://`` and ``postgres://`` use the psycopg 3 driver."""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from sevens.store.errors import StoreError

DATABASE_URL_ENV = "SEVENS_DATABASE_URL"
APP_NAME = "sevens"
DEFAULT_FILE_NAME = "sevens.sqlite3"


def default_path() -> Path:
    """The default SQLite file: ``<user data dir>/sevens.sqlite3`` (e.g. ``~/.local/share/sevens/`` on Linux)."""
    return Path(user_data_dir(APP_NAME, appauthor=False)) / DEFAULT_FILE_NAME


def default_url() -> str:
    """The URL of :func:`default_path`."""
    return f"sqlite:///{default_path()}"


def resolve_url(url: str | None = None) -> URL:
    """The URL to open: ``url`` if given, else ``$SEVENS_DATABASE_URL`` if set and not empty, else
    :func:`default_url`. Raises :class:`StoreError` for text that is not a database URL.

    >>> resolve_url("postgres://u:p@db/sevens").drivername
    'postgresql+psycopg'
    >>> resolve_url("sqlite:////tmp/x.db").database
    '/tmp/x.db'
    """
    text = url if url is not None else (os.environ.get(DATABASE_URL_ENV) or default_url())
    try:
        parsed = make_url(text.strip())
    except ArgumentError as exc:
        raise StoreError(
            f"{text!r} is not a database URL; use e.g. sqlite:///path/to/file.db or "
            "postgresql+psycopg://user:password@host/dbname",
            url=text,
        ) from exc
    if parsed.drivername in ("postgres", "postgresql"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def is_sqlite(url: URL) -> bool:
    """Whether ``url`` names a SQLite database."""
    return url.get_backend_name() == "sqlite"


def is_sqlite_memory(url: URL) -> bool:
    """Whether ``url`` names an in-memory SQLite database (one per process, gone when the store closes)."""
    return is_sqlite(url) and url.database in (None, "", ":memory:")


def sqlite_file(url: URL) -> Path | None:
    """The file of a SQLite URL (``None`` for other databases and in-memory SQLite)."""
    if not is_sqlite(url) or is_sqlite_memory(url) or url.database is None:
        return None
    if url.database.startswith("file:"):  # a URI filename (…?uri=true); leave it to SQLite
        return None
    return Path(url.database)


def describe(url: URL) -> str:
    """The URL as text with its password hidden, for messages and logs."""
    return url.render_as_string(hide_password=True)
