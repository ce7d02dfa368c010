"""The WebSocket ``/ws/{code}?token=…``: one connection from handshake to close (a seat's or the host's token,
or none to watch; docs/protocol.md describes the frames). With several nodes, a connection for a room another
node owns is carried to it (:func:`~sevens.server.site.cluster.proxy_websocket`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re

from fastapi import APIRouter, WebSocket

from sevens.errors import IllegalActionError, NotationError, SevensError
from sevens.server.api.refusals import UNAVAILABLE
from sevens.server.api.requests import client_address, config_of, registry_of
from sevens.server.config import ServerConfig
from sevens.server.connection import (
    CLOSE_BAD_TOKEN,
    CLOSE_POLICY,
    CLOSE_TRY_LATER,
    CLOSE_UNKNOWN_ROOM,
    Connection,
)
from sevens.server.errors import ServerError
from sevens.server.messages import ClientMessage, error_frame, parse_client_message
from sevens.server.room.room import Room
from sevens.server.rooms import RoomRegistry
from sevens.server.security import normalise_code, origin_allowed

log = logging.getLogger("sevens.server")
CLOSE_TIMEOUT = 2.0  # seconds a closed connection's peer has to answer the close
CLOSE_CODES = {  # else CLOSE_BAD_TOKEN
    "unknown_room": CLOSE_UNKNOWN_ROOM, "too_many_spectators": CLOSE_TRY_LATER, "bad_request": CLOSE_POLICY,
    "store_unavailable": CLOSE_TRY_LATER,
}  # fmt: skip
LOG_MODES = ("full", "tail")  # /ws/CODE?log=…: every frame with the whole move log, or only its new entries

router = APIRouter()


@router.websocket("/ws/{code}")
async def websocket_endpoint(websocket: WebSocket, code: str) -> None:
    await play(websocket, code, registry_of(websocket.app), config_of(websocket.app))


async def play(websocket: WebSocket, code: str, registry: RoomRegistry, config: ServerConfig) -> None:
    """One WebSocket connection from handshake to close, counted against its address's limit."""
    address = client_address(websocket)
    if not registry.connections.take(address):
        await websocket.close(code=CLOSE_POLICY, reason="too many connections from this address")  # HTTP 403
        return
    try:
        await _play(websocket, code, registry, config)
    finally:
        registry.connections.release(address)


async def _play(websocket: WebSocket, code: str, registry: RoomRegistry, config: ServerConfig) -> None:
    if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), config.allowed_origins):
        await websocket.close(code=CLOSE_POLICY, reason="origin not allowed")  # refused handshake: HTTP 403
        return
    unreachable: ServerError | None = None  # the room's owner cannot be looked up now (Redis is down)
    try:
        if registry.cluster is not None and await proxied(websocket, code, registry):
            return
    except ServerError as exc:
        unreachable = exc
    await websocket.accept()
    log_mode = websocket.query_params.get("log", "full")
    conn = Connection(websocket, config, registry.clock, log_tail=log_mode == "tail")
    writer = asyncio.get_running_loop().create_task(conn.run_writer())
    try:
        if log_mode not in LOG_MODES:
            allowed = " or ".join(LOG_MODES)
            # A query joined with ';' puts the seat token in this value (log=tail;token=…): only a word is echoed.
            said = f"log={log_mode!r}" if re.fullmatch(r"[a-z]{1,12}", log_mode) else "the log parameter"
            raise ServerError("bad_request", f"{said} is not a log mode; allowed: {allowed}")
        if unreachable is not None and normalise_code(code) not in registry.rooms:
            raise unreachable
        room = registry.get(code)
        player, host = room.identify(websocket.query_params.get("token"))
    except ServerError as exc:
        conn.send(error_frame(0, exc.code, str(exc)))
        conn.close(CLOSE_CODES.get(exc.code, CLOSE_BAD_TOKEN), str(exc))
        await writer
        return
    room.connect(conn, player, host)
    reader = asyncio.get_running_loop().create_task(read_frames(websocket, conn, room, config))
    try:
        await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        if not reader.done():  # we closed the connection (or could not write): wait briefly for the peer's close
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(reader, CLOSE_TIMEOUT)
    finally:
        room.disconnect(conn)
        reader.cancel()
        writer.cancel()
    if reader.done() and not reader.cancelled() and reader.exception() is not None:
        log.debug("room %s: connection ended: %r", room.code, reader.exception())


async def proxied(websocket: WebSocket, code: str, registry: RoomRegistry) -> bool:
    """Carry the connection to the node that owns the room, if another one does (see
    :mod:`sevens.server.site.cluster`); a ``store_unavailable`` refusal if nobody can tell now."""
    from sevens.server.site.cluster import Remote, proxy_websocket

    try:
        target = await registry.cluster.locate(code)
    except ServerError as exc:
        if exc.code == UNAVAILABLE:
            raise
        return False  # unknown here too: refused below like any unknown room
    if not isinstance(target, Remote):
        return False
    await websocket.accept()
    query = websocket.url.query
    path = f"/ws/{normalise_code(code)}" + (f"?{query}" if query else "")
    await proxy_websocket(websocket, target, path, client_address(websocket))
    return True


async def read_frames(websocket: WebSocket, conn: Connection, room: Room, config: ServerConfig) -> None:
    """Read client frames until the peer goes: each is checked (rate, size, JSON, schema) and handled, or
    answered with an ``error`` frame. Only a flood past ``rate_strikes`` closes the connection (1008)."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        if conn.closing:
            continue
        if not conn.rate.allow():
            conn.strikes += 1
            if conn.strikes > config.rate_strikes:
                conn.close(CLOSE_POLICY, "too many messages: rate limit exceeded")
            else:
                room.send_error(conn, "rate_limited", f"at most {config.messages_per_second:g} messages a second")
            continue
        text = message.get("text")
        if text is None:
            room.send_error(conn, "binary", "send JSON as text frames")
            continue
        limit = config.max_message_bytes
        if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
            room.send_error(conn, "too_large", f"a message has at most {config.max_message_bytes} bytes")
            continue
        try:
            parsed = parse_client_message(text)
        except ServerError as exc:
            room.send_error(conn, exc.code, str(exc), exc.ref)
            continue
        await dispatch(room, conn, parsed)


async def dispatch(room: Room, conn: Connection, message: ClientMessage) -> None:
    """Let the room act on a message; whatever it refuses becomes an ``error`` frame (never a crash)."""
    ref = message.id
    try:
        await asyncio.shield(room.handle(conn, message))  # a commit in flight finishes even if we are cancelled
    except ServerError as exc:
        if exc.reason_key is None:
            room.send_error(conn, exc.code, str(exc), ref)
        else:
            room.send_error(conn, exc.code, str(exc), ref, reason_key=exc.reason_key, params=exc.params)
    except IllegalActionError as exc:  # the engine's refusal: its key and parameters, the legal actions among them
        room.send_error(conn, "illegal", str(exc), ref, reason_key=exc.reason, params=exc.params)
    except NotationError as exc:
        room.send_error(conn, "bad_action", str(exc), ref)
    except SevensError as exc:
        room.send_error(conn, exc.key, str(exc), ref)
    except Exception:
        log.exception("room %s: message %s failed", room.code, type(message).__name__)
        room.send_error(conn, "internal", "the server could not handle this message", ref)


__all__ = ["dispatch", "play", "read_frames", "router"]
