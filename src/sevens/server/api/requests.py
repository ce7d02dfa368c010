"""What every route reads from a request: the app's rooms and settings, the client's address, a bearer token."""

from __future__ import annotations

from typing import Any

from starlette.requests import HTTPConnection

from sevens.server.config import ServerConfig
from sevens.server.rooms import RoomRegistry


def registry_of(app: Any) -> RoomRegistry:
    """The rooms of a started app."""
    registry: RoomRegistry = app.state.registry
    return registry


def config_of(app: Any) -> ServerConfig:
    """The settings the app was created with."""
    config: ServerConfig = app.state.config
    return config


def client_address(connection: HTTPConnection) -> str:
    """The client's address (behind a proxy, the one uvicorn's ``--forwarded-allow-ips`` trusts)."""
    return connection.client.host if connection.client is not None else "unknown"


def bearer_token(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if any."""
    scheme, _, token = (authorization or "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


__all__ = ["bearer_token", "client_address", "config_of", "registry_of"]
