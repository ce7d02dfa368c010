"""The HTTP operations on one room, as plain functions of the registry: the routes call them here, or on the
node that owns the room (:mod:`.cluster` carries the call over Redis pub/sub). Each returns a JSON-ready dict."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sevens.server.errors import ServerError
from sevens.server.room.room import Room
from sevens.server.rooms import RoomRegistry


async def room_info(registry: RoomRegistry, code: str, _args: dict[str, Any]) -> dict[str, Any]:
    """``GET /api/rooms/{code}``."""
    return registry.get(code).info().model_dump()


async def join_room(registry: RoomRegistry, code: str, args: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/rooms/{code}/join`` with ``name`` and ``seat``."""
    return (await registry.join(code, args["name"], args.get("seat"))).model_dump()


async def start_room(registry: RoomRegistry, code: str, args: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/rooms/{code}/start`` with the host's ``token``."""
    room = registry.get(code)
    token = args.get("token")
    if not token:
        raise ServerError("bad_token", "send the host's token as 'Authorization: Bearer <token>'")
    player, host = room.identify(token)
    if not host and (player is None or player != room.host):
        raise ServerError("not_host", "only the host may start the game")
    await room.start()
    return room.info().model_dump()


Operation = Callable[[RoomRegistry, str, dict[str, Any]], Awaitable[dict[str, Any]]]
OPERATIONS: dict[str, Operation] = {"info": room_info, "join": join_room, "start": start_room}


async def run_operation(registry: RoomRegistry, name: str, code: str, args: dict[str, Any]) -> dict[str, Any]:
    """Run operation ``name`` where the room lives: here, or on its owner (its refusal raised here alike)."""
    cluster = registry.cluster
    if cluster is not None:
        target = await cluster.locate(code)
        if not isinstance(target, Room):  # another node's (a :class:`~sevens.server.site.cluster.Remote`)
            status, body = await cluster.call(target, name, code, args)
            if status != 200:
                raise ServerError(body.get("error", "internal"), body.get("message", ""))  # same code, same status
            result: dict[str, Any] = body
            return result
    return await OPERATIONS[name](registry, code, args)


__all__ = ["OPERATIONS", "Operation", "join_room", "room_info", "run_operation", "start_room"]
