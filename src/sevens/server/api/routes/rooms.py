"""``/api/rooms``: create a room, list the lobby, one room, join, start (run where the room lives:
:func:`~sevens.server.site.operations.run_operation`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Header, Query, Request

from sevens.server.api.requests import bearer_token, client_address, config_of, registry_of
from sevens.server.api.routes import ERRORS
from sevens.server.messages import CreateRoom, JoinRoom, RoomInfo, SeatTicket
from sevens.server.site.operations import run_operation

MAX_PAGE_SIZE = 20  # rooms in one page of GET /api/rooms (1 kB each, 3.4 kB with 20 seats: at most 68 kB)
MAX_OFFSET = 1000  # the lobby list is for finding a table, not for crawling: later pages are not served

router = APIRouter(prefix="/api/rooms")


@router.post("", status_code=201, responses=ERRORS)
async def create_room(
    request: Request,
    body: Annotated[CreateRoom | None, Body()] = None,
    authorization: Annotated[str | None, Header()] = None,
) -> SeatTicket:
    """Create a room; the answer's token makes its holder the host. Every field is optional, and so is the body
    itself (no body: a room with the defaults). Rate-limited per client address and per bearer token (429
    ``rate_limited``)."""
    registry = registry_of(request.app)
    address = client_address(request)
    await registry.admit_creator(address, bearer_token(authorization))
    _room, ticket = await registry.create(body or CreateRoom(), address)
    return ticket


@router.get("", responses=ERRORS)
async def list_rooms(
    request: Request,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET)] = 0,
    limit: Annotated[int | None, Query(ge=1, le=MAX_PAGE_SIZE)] = None,
) -> list[RoomInfo]:
    """Listed rooms in the lobby with a free seat, newest first: one page of ``limit`` (default
    ``page_size``) from ``offset`` on; fewer than asked means the last page."""
    registry = registry_of(request.app)
    if registry.cluster is not None:
        found = await registry.cluster.lobby(offset, limit or config_of(request.app).page_size)
        return [RoomInfo.model_validate(info) for info in found]
    return registry.open_rooms(offset, limit)


@router.get("/{code}", responses=ERRORS)
async def room_info(code: str, request: Request) -> RoomInfo:
    """One room by its join code."""
    return RoomInfo.model_validate(await run_operation(registry_of(request.app), "info", code, {}))


@router.post("/{code}/join", responses=ERRORS)
async def join_room(code: str, body: JoinRoom, request: Request) -> SeatTicket:
    """Take a free seat in a room's lobby."""
    args = {"name": body.name, "seat": body.seat}
    return SeatTicket.model_validate(await run_operation(registry_of(request.app), "join", code, args))


@router.post("/{code}/start", responses=ERRORS)
async def start_room(code: str, request: Request, authorization: Annotated[str | None, Header()] = None) -> RoomInfo:
    """The host starts the game (free seats go to computer players)."""
    args = {"token": bearer_token(authorization)}
    return RoomInfo.model_validate(await run_operation(registry_of(request.app), "start", code, args))


__all__ = ["MAX_OFFSET", "MAX_PAGE_SIZE", "router"]
