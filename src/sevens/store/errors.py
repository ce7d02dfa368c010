"""The one error the store raises for refused requests and unusable databases."""

from __future__ import annotations

from sqlalchemy.exc import DisconnectionError, InterfaceError, OperationalError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError

from sevens.errors import SevensError


class StoreError(SevensError):
    """A request the store refused (unknown id, conflicting action, finished round …) or a database it cannot
    open or migrate. Nothing was changed when it is raised."""

    key = "store"


class StoreUnavailableError(StoreError):
    """The database could not be reached (down, restarting, or its connections broken): the request may succeed
    if tried again later. The message names no host; the driver's error is the ``__cause__``."""

    key = "store_unavailable"


UNREACHABLE = (OperationalError, InterfaceError, DisconnectionError, PoolTimeoutError)


def database_error(exc: SQLAlchemyError) -> StoreError:
    """The store's error for a failed database call: :class:`StoreUnavailableError` when the database could not
    be reached or its connection broke (the driver's text, which names the host, stays out of the message)."""
    if isinstance(exc, UNREACHABLE) or getattr(exc, "connection_invalidated", False):
        return StoreUnavailableError("the database is not reachable; try again later")
    return StoreError(f"database error: {exc}")


__all__ = ["StoreError", "StoreUnavailableError", "database_error"]
