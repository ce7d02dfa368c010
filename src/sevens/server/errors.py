"""The error the server turns into an ``error`` frame (WebSocket) or an error body (HTTP), and the headers that
go with a refusal over HTTP (``Retry-After`` on every 429 and 503).

>>> retry_after_headers(ServerError("rate_limited", "slow down", retry_after=2.2))
{'Retry-After': '3'}
>>> retry_after_headers(ServerError("store_unavailable", "the store is down"))
{'Retry-After': '5'}
>>> retry_after_headers(ServerError("unknown_room", "no room"))
{}
"""

from __future__ import annotations

import math

from sevens.errors import SevensError

HTTP_STATUS = {
    "bad_request": 400,
    "unknown_room": 404,
    "unknown_game": 404,
    "unknown_player": 404,
    "bad_token": 401,
    "not_host": 403,
    "room_full": 409,
    "name_taken": 409,
    "not_lobby": 409,
    "rate_limited": 429,
    "too_many_rooms": 503,
    "store_unavailable": 503,
}
RETRY_AFTER_STATUSES = (429, 503)
DEFAULT_RETRY_AFTER = {429: 60.0, 503: 5.0}  # seconds, when the refusal does not know better


class ServerError(SevensError):
    """A request the server refused; ``code`` is the stable machine-readable reason (see docs/protocol.md)."""

    key = "server"

    def __init__(
        self,
        code: str,
        message: str,
        reason_key: str | None = None,
        *,
        retry_after: float | None = None,
        ref: int | None = None,
        **params: object,
    ) -> None:
        super().__init__(message, **params)
        self.code = code
        self.reason_key = reason_key  # a refusal the page can say in the player's language (locale/game.json)
        self.retry_after = retry_after  # seconds until the same request may succeed (429, 503)
        self.ref = ref  # the ``id`` of the client message this answers, when it could be read

    @property
    def http_status(self) -> int:
        """The HTTP status for this refusal (422 for bad input unless listed in :data:`HTTP_STATUS`)."""
        return HTTP_STATUS.get(self.code, 422)


def retry_after_headers(exc: BaseException) -> dict[str, str]:
    """``Retry-After`` (whole seconds, at least 1) for a refusal answered with 429 or 503, else nothing."""
    if not isinstance(exc, ServerError) or (status := exc.http_status) not in RETRY_AFTER_STATUSES:
        return {}
    seconds = exc.retry_after if exc.retry_after is not None else DEFAULT_RETRY_AFTER[status]
    return {"Retry-After": str(max(1, math.ceil(seconds)))}


__all__ = ["HTTP_STATUS", "ServerError", "retry_after_headers"]
