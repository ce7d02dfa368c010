"""The FastAPI application: HTTP for rooms (OpenAPI at ``/docs``), one WebSocket per seat, and :func:`serve`.

HTTP (JSON bodies; refusals as ``{"error": code, "message": …}``):

- ``POST /api/rooms`` create a room → a :class:`~sevens.server.messages.SeatTicket` for the creator (the host);
- ``GET /api/rooms?offset=&limit=`` one page of the listed lobby rooms with a free seat; ``GET /api/rooms/{code}``
  one room;
- ``POST /api/rooms/{code}/join`` take a free seat → a ticket; ``POST /api/rooms/{code}/start`` the host starts
  (``Authorization: Bearer <token>``);
- ``GET /api/health``; ``GET /api/catalog`` families, presets, rules parameters, agents, kids phrases;
- ``GET /api/i18n`` every text a player sees, in Japanese and English (the page's one catalogue);
- ``GET /api/games`` finished games, ``GET /api/games/{id}`` one replayed with every hand (the replay viewer);
- ``GET /api/players/{name}`` a player's profile: stars and the games they played.

The browser front-end (static files in ``web/``, nothing to build) is served at ``/`` and ``/static``.

WebSocket ``/ws/{code}?token=…``: a seat (or the host's) token, or none to watch. docs/protocol.md describes
the frames. Without Redis, run one server process per database: the process is the only authority over its
rooms; with ``redis_url`` (``sevens serve --redis``) any number of nodes share one PostgreSQL (:mod:`.cluster`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import gc
import hashlib
import json
import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi import Path as ApiPath
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.requests import HTTPConnection

from sevens.errors import IllegalActionError, NotationError, SevensError
from sevens.i18n import catalogue
from sevens.server.catalog import catalog
from sevens.server.config import ServerConfig
from sevens.server.connection import (
    CLOSE_BAD_TOKEN,
    CLOSE_POLICY,
    CLOSE_TRY_LATER,
    CLOSE_UNKNOWN_ROOM,
    Connection,
)
from sevens.server.errors import ServerError
from sevens.server.invite import add_invite_route
from sevens.server.messages import (
    ClientMessage,
    CreateRoom,
    ErrorBody,
    JoinRoom,
    RoomInfo,
    SeatTicket,
    error_frame,
    parse_client_message,
)
from sevens.server.operations import OPERATIONS, run_operation
from sevens.server.persistence import Persistence
from sevens.server.profiles import player_profile
from sevens.server.replays import finished_games, game_replay
from sevens.server.room import FrameObserver, Room
from sevens.server.rooms import RoomRegistry
from sevens.server.security import RedactTokens, normalise_code, origin_allowed
from sevens.server.timers import Clock, MonotonicClock

log = logging.getLogger("sevens.server")
CLOSE_TIMEOUT = 2.0  # seconds a closed connection's peer has to answer the close
ERRORS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorBody} for code in (401, 403, 404, 409, 422, 429, 503)}
MAX_PAGE_SIZE = 200  # rooms in one page of GET /api/rooms
MAX_ID = 2**63 - 1  # the store's ids are 64-bit signed integers
CLOSE_CODES = {  # else CLOSE_BAD_TOKEN
    "unknown_room": CLOSE_UNKNOWN_ROOM, "too_many_spectators": CLOSE_TRY_LATER, "bad_request": CLOSE_POLICY,
}  # fmt: skip
LOG_MODES = ("full", "tail")  # /ws/CODE?log=…: every frame with the whole move log, or only its new entries
WEB_DIR = Path(__file__).parent / "web"
# The page loads only its own files and talks only to this server (no CDN, no inline script).
PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; style-src 'self'; "
        "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def create_app(
    database_url: str | None = None,
    clock: Clock | None = None,
    config: ServerConfig | None = None,
    observer: FrameObserver | None = None,
) -> FastAPI:
    """The server as an ASGI app. ``database_url``: the store's (``None``: ``$SEVENS_DATABASE_URL``, else the
    default SQLite file); ``clock``: where deadlines read the time (tests pass a
    :class:`~sevens.server.timers.ManualClock`); ``observer`` sees every frame as it is queued.

    The registry of rooms is ``app.state.registry`` once the app has started (see :func:`registry_of`)."""
    settings = config or ServerConfig()
    time_source = clock or MonotonicClock()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hide_tokens_in_access_log()
        loop = asyncio.get_running_loop()
        persistence = await loop.run_in_executor(None, Persistence.open, database_url, settings.sqlite_synchronous)
        registry = RoomRegistry(settings, time_source, persistence, observer)
        app.state.registry = registry
        cluster = None
        if settings.redis_url is not None:
            from sevens.server.cluster import Cluster  # Redis is needed by multi-node sites only

            address = settings.advertise or "http://127.0.0.1:8000"  # serve() always sets it
            cluster = Cluster(settings.redis_url, address, registry, OPERATIONS, settings.lease_seconds)
            registry.cluster = cluster
            await cluster.start()
        else:
            restored = await registry.restore()
            if restored:
                log.info("resumed %d room(s) from %s", restored, persistence.store.url)
        gc.collect()
        gc.freeze()  # what start-up loaded never changes: keep it out of every later collection
        ticker = None
        if settings.tick_interval is not None:
            ticker = loop.create_task(registry.run_ticker(settings.tick_interval), name="sevens-ticker")
        try:
            yield
        finally:
            if ticker is not None:
                ticker.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await ticker
            await registry.close()
            if cluster is not None:
                await cluster.stop()
            await loop.run_in_executor(None, persistence.close)

    app = FastAPI(
        title="sevens server",
        summary="Online 七並べ, Killer Sevens and Seven Twenty-Seven: rooms over HTTP, play over WebSocket.",
        version="1",
        lifespan=lifespan,
    )
    app.state.config = settings

    @app.exception_handler(SevensError)
    async def refused(_request: Request, exc: SevensError) -> JSONResponse:
        status, body = refusal(exc)
        return JSONResponse(body, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        """422 with ``error``/``message`` like every refusal, and FastAPI's ``detail`` without the inputs (a NaN
        or a huge number echoed back could not even be encoded)."""
        detail = [{"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]} for e in exc.errors()[:10]]
        where = "; ".join(f"{'.'.join(str(p) for p in d['loc'][1:]) or 'body'}: {d['msg']}" for d in detail[:3])
        body = {**ErrorBody(error="invalid", message=where[:300]).model_dump(), "detail": detail}
        return JSONResponse(body, status_code=422)

    @app.post("/api/rooms", status_code=201, responses=ERRORS)
    async def create_room(
        body: CreateRoom, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> SeatTicket:
        """Create a room; the answer's token makes its holder the host. Rate-limited per client address and per
        bearer token (429 ``rate_limited``)."""
        registry = registry_of(request.app)
        address = client_address(request)
        registry.admit_creator(address, bearer_token(authorization))
        _room, ticket = await registry.create(body, address)
        return ticket

    @app.get("/api/rooms")
    async def list_rooms(
        request: Request,
        offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
        limit: Annotated[int | None, Query(ge=1, le=MAX_PAGE_SIZE)] = None,
    ) -> list[RoomInfo]:
        """Listed rooms in the lobby with a free seat, newest first: one page of ``limit`` (default
        ``page_size``) from ``offset`` on; fewer than asked means the last page."""
        registry = registry_of(request.app)
        if registry.cluster is not None:
            found = await registry.cluster.lobby(offset, limit or settings.page_size)
            return [RoomInfo.model_validate(info) for info in found]
        return registry.open_rooms(offset, limit)

    @app.get("/api/rooms/{code}", responses=ERRORS)
    async def room_info(code: str, request: Request) -> RoomInfo:
        """One room by its join code."""
        return RoomInfo.model_validate(await run_operation(registry_of(request.app), "info", code, {}))

    @app.post("/api/rooms/{code}/join", responses=ERRORS)
    async def join_room(code: str, body: JoinRoom, request: Request) -> SeatTicket:
        """Take a free seat in a room's lobby."""
        args = {"name": body.name, "seat": body.seat}
        return SeatTicket.model_validate(await run_operation(registry_of(request.app), "join", code, args))

    @app.post("/api/rooms/{code}/start", responses=ERRORS)
    async def start_room(
        code: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> RoomInfo:
        """The host starts the game (free seats go to computer players)."""
        args = {"token": bearer_token(authorization)}
        return RoomInfo.model_validate(await run_operation(registry_of(request.app), "start", code, args))

    @app.get("/api/health")
    async def health(request: Request) -> dict[str, Any]:
        """Whether the server runs, and how many rooms it holds (and which node it is, with several)."""
        registry = registry_of(request.app)
        node = {"node": registry.cluster.node} if registry.cluster is not None else {}
        return {"ok": True, "rooms": len(registry.rooms), **node}

    @app.get("/api/catalog")
    async def game_catalog() -> dict[str, Any]:
        """Families, presets (with one-line summaries), rules parameters explained in English and Japanese,
        computer players, kids-mode phrases: what the lobby offers."""
        return cached_catalog()

    @app.get("/api/i18n")
    async def messages(request: Request) -> Response:
        """Every text a player sees, ``{"key": {"en": …, "ja": …}}`` (the catalogue of :mod:`sevens.i18n`):
        the page's words, game events and refusal reasons. Fixed while the server runs, so cacheable."""
        body, etag = catalogue_json()
        headers = {"ETag": etag, "Cache-Control": "public, max-age=300"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(body, media_type="application/json", headers=headers)

    @app.get("/api/games")
    async def list_games(request: Request, limit: Annotated[int, Query(ge=1, le=100)] = 20) -> list[dict[str, Any]]:
        """Finished games of this server, newest first."""
        persistence = registry_of(request.app).persistence
        return await persistence.run(lambda store: finished_games(store, limit))

    @app.get("/api/games/{game_id}", responses=ERRORS)
    async def replay_game(game_id: Annotated[int, ApiPath(ge=1, le=MAX_ID)], request: Request) -> dict[str, Any]:
        """A finished game, every round replayed into the public view after each move."""
        persistence = registry_of(request.app).persistence
        return await persistence.run(lambda store: game_replay(store, game_id))

    @app.get("/api/players/{name:path}", responses=ERRORS)  # a name may hold a "/"
    async def profile(name: str, request: Request, limit: Annotated[int, Query(ge=1, le=100)] = 20) -> dict[str, Any]:
        """A human player's profile: stars earned (E3) and their newest games with points, stars and place."""
        persistence = registry_of(request.app).persistence
        return await persistence.run(lambda store: player_profile(store, name, limit, settings.name_max_chars))

    @app.websocket("/ws/{code}")
    async def websocket_endpoint(websocket: WebSocket, code: str) -> None:
        await play(websocket, code, registry_of(websocket.app), settings)

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(WEB_DIR / "index.html", headers=PAGE_HEADERS)

    add_invite_route(app, registry_of)  # the invite link's QR code (invite.py)
    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    return app


@functools.cache
def cached_catalog() -> dict[str, Any]:
    """The catalog, built once (what the lobby offers never changes while the server runs)."""
    return catalog()


def refusal(exc: BaseException) -> tuple[int, dict[str, Any]]:
    """The HTTP status and body of a refused request (anything but a :class:`SevensError` is a 500)."""
    if isinstance(exc, ServerError):
        code, status = exc.code, exc.http_status
    elif isinstance(exc, SevensError):
        code, status = exc.key, 422
    else:
        log.error("request failed: %r", exc)
        return 500, ErrorBody(error="internal", message="the server could not handle this request").model_dump()
    return status, ErrorBody(error=code, message=str(exc)).model_dump()


def hide_tokens_in_access_log() -> None:
    """Seat tokens travel in the WebSocket URL (browsers cannot set headers there): keep them out of the logs
    (uvicorn logs HTTP requests on ``uvicorn.access``, WebSocket handshakes on ``uvicorn.error``)."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


def client_address(connection: HTTPConnection) -> str:
    """The client's address (behind a proxy, the one uvicorn's ``--forwarded-allow-ips`` trusts)."""
    return connection.client.host if connection.client is not None else "unknown"


def bearer_token(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if any."""
    scheme, _, token = (authorization or "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


@functools.cache
def catalogue_json() -> tuple[bytes, str]:
    """The message catalogue as JSON bytes and its ETag, built once."""
    body = json.dumps(catalogue(), ensure_ascii=False, sort_keys=True).encode()
    return body, f'"{hashlib.sha256(body).hexdigest()[:32]}"'


def registry_of(app: Any) -> RoomRegistry:
    """The rooms of a started app."""
    registry: RoomRegistry = app.state.registry
    return registry


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
    if registry.cluster is not None and await proxied(websocket, code, registry):
        return
    await websocket.accept()
    log_mode = websocket.query_params.get("log", "full")
    conn = Connection(websocket, config, registry.clock, log_tail=log_mode == "tail")
    writer = asyncio.get_running_loop().create_task(conn.run_writer())
    try:
        if log_mode not in LOG_MODES:
            allowed = " or ".join(LOG_MODES)
            raise ServerError("bad_request", f"log={log_mode[:20]!r} is not a log mode; allowed: {allowed}")
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
    """Carry the connection to the node that owns the room, if another one does (see :mod:`.cluster`)."""
    from sevens.server.cluster import Remote, proxy_websocket

    try:
        target = await registry.cluster.locate(code)
    except ServerError:
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
            room.send_error(conn, exc.code, str(exc))
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


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    config: ServerConfig | None = None,
    log_level: str = "info",
) -> None:
    """Run the server with uvicorn until interrupted (one process: it is the authority over its rooms)."""
    import uvicorn

    from sevens.server.logs import log_config

    settings = config or ServerConfig()
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    address = f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"
    if settings.redis_url is not None and settings.advertise is None:
        if shown != host:
            raise SystemExit("--advertise http://HOST:PORT is needed: other nodes cannot reach a wildcard address")
        settings = dataclasses.replace(settings, advertise=address)
    print(f"Open {address} in your browser / ブラウザで {address} を開いてください", file=sys.stdout, flush=True)
    uvicorn.run(
        create_app(database_url, config=settings),
        host=host,
        port=port,
        log_level=log_level,
        log_config=log_config(),  # no seat token in the log
        ws_max_size=settings.ws_max_size,
        ws_per_message_deflate=settings.ws_per_message_deflate,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        server_header=False,
    )


__all__ = ["create_app", "dispatch", "play", "read_frames", "registry_of", "serve"]
