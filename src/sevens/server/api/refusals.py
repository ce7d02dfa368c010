"""The HTTP shape of every refusal, in one place: the routes' exception handlers and the answers a node sends
for requests carried to it from another node (:mod:`sevens.server.site.cluster`) both use :func:`refusal`.

A refusal is ``{"error": code, "message": …}`` with the status of :data:`~sevens.server.errors.HTTP_STATUS`; a
dependency that is down (the database, the site's Redis) is a 503 ``store_unavailable`` with ``Retry-After``,
whose message names no host (the driver's error goes to the log only).
"""

from __future__ import annotations

import logging
from typing import Any

from sevens.errors import SevensError
from sevens.server.errors import ServerError
from sevens.server.messages import ErrorBody
from sevens.store import StoreUnavailableError

log = logging.getLogger("sevens.server")

RETRY_AFTER_SECONDS = 5  # what a 503 asks a client to wait: about one lease, the time a dependency takes to return
UNAVAILABLE = "store_unavailable"
DATABASE_DOWN = "the game records are not reachable right now; try again in a few seconds"


def refusal(exc: BaseException) -> tuple[int, dict[str, Any]]:
    """The HTTP status and body of a refused request (anything but a :class:`SevensError` is a 500)."""
    if isinstance(exc, StoreUnavailableError):
        log.warning("the database is not reachable: %r", exc.__cause__ or exc)
        code, status, message = UNAVAILABLE, 503, DATABASE_DOWN
    elif isinstance(exc, ServerError):
        code, status, message = exc.code, exc.http_status, str(exc)
    elif isinstance(exc, SevensError):
        code, status, message = exc.key, 422, str(exc)
    else:
        log.error("request failed: %r", exc)
        return 500, ErrorBody(error="internal", message="the server could not handle this request").model_dump()
    return status, ErrorBody(error=code, message=message).model_dump()


def refusal_headers(status: int) -> dict[str, str]:
    """Headers of a refusal: a 503 says when to try again."""
    return {"Retry-After": str(RETRY_AFTER_SECONDS)} if status == 503 else {}


__all__ = ["DATABASE_DOWN", "RETRY_AFTER_SECONDS", "UNAVAILABLE", "refusal", "refusal_headers"]
