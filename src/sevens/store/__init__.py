"""Persistence: players, sessions, rounds and their actions in a SQL database (SQLAlchemy 2, Alembic migrations).

A SQLite file in the user's data directory by default; any SQLAlchemy URL (e.g. ``postgresql+psycopg://…``) through
``Store.open(url)`` or ``$SEVENS_DATABASE_URL``. Opening migrates the schema to the newest revision.

- :mod:`.urls` which database; :mod:`.engine` connection settings; :mod:`.migrate` schema upgrades;
- :mod:`.models` the tables; :mod:`.columns` portable column types; :mod:`.data` what calls return;
- :mod:`.store` the API (:class:`Store`), one transaction per call.
"""

from sevens.store.data import PlayerGame, PlayerInfo, RoundInfo, SeatInfo, SeatTotal, SessionInfo, SessionSummary
from sevens.store.errors import StoreError, StoreUnavailableError
from sevens.store.store import Store
from sevens.store.urls import DATABASE_URL_ENV, default_path, default_url, resolve_url

__all__ = [
    "DATABASE_URL_ENV",
    "PlayerGame",
    "PlayerInfo",
    "RoundInfo",
    "SeatInfo",
    "SeatTotal",
    "SessionInfo",
    "SessionSummary",
    "Store",
    "StoreError",
    "StoreUnavailableError",
    "default_path",
    "default_url",
    "resolve_url",
]
