"""The error the server turns into an ``error`` frame (WebSocket) or an error body (HTTP)."""

from __future__ import annotations

from sevens.errors import SevensError

HTTP_STATUS = {
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


class ServerError(SevensError):
    """A request the server refused; ``code`` is the stable machine-readable reason (see docs/protocol.md)."""

    key = "server"

    def __init__(self, code: str, message: str, reason_key: str | None = None, **params: object) -> None:
        super().__init__(message, **params)
        self.code = code
        self.reason_key = reason_key  # a refusal the page can say in the player's language (locale/game.json)

    @property
    def http_status(self) -> int:
        """The HTTP status for this refusal (422 for bad input unless listed in :data:`HTTP_STATUS`)."""
        return HTTP_STATUS.get(self.code, 422)


__all__ = ["HTTP_STATUS", "ServerError"]
