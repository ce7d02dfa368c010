"""The FastAPI application: HTTP for rooms (OpenAPI at ``/docs``), one WebSocket per seat, and :func:`serve`.

HTTP (JSON bodies; refusals as ``{"error": code, "message": …}``; a 503 carries ``Retry-After``):

- ``POST /api/rooms`` create a room → a :class:`~sevens.server.messages.SeatTicket` for the creator (the host);
- ``GET /api/rooms?offset=&limit=`` one page of the listed lobby rooms with a free seat; ``GET /api/rooms/{code}``
  one room;
- ``POST /api/rooms/{code}/join`` take a free seat → a ticket; ``POST /api/rooms/{code}/start`` the host starts
  (``Authorization: Bearer <token>``);
- ``GET /api/health`` (and which dependency is down); ``GET /api/catalog`` families, presets, rules parameters,
  agents, kids phrases;
- ``GET /api/i18n`` every text a player sees, in Japanese and English (the page's one catalogue);
- ``GET /api/games`` finished games, ``GET /api/games/{id}`` one replayed with every hand (the replay viewer);
- ``GET /api/players/{name}`` a player's profile: stars and the games they played.

The routes live in :mod:`sevens.server.api.routes` (one router per subject), the WebSocket in
:mod:`sevens.server.api.play`, what the server holds while it runs in
:class:`~sevens.server.site.lifecycle.ServerState`. The browser front-end (static files in ``web/``, nothing to
build) is served at ``/`` and ``/static``.

Without Redis, run one server process per database: the process is the only authority over its rooms; with
``redis_url`` (``sevens serve --redis``) any number of nodes share one PostgreSQL (:mod:`sevens.server.site.cluster`).
"""

from __future__ import annotations

import dataclasses
import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from sevens.errors import SevensError
from sevens.server.api import play
from sevens.server.api.invite import add_invite_route
from sevens.server.api.refusals import refusal, refusal_headers
from sevens.server.api.requests import registry_of
from sevens.server.api.routes import records, rooms, site
from sevens.server.config import ServerConfig
from sevens.server.errors import retry_after_headers
from sevens.server.messages import ErrorBody
from sevens.server.room.room import FrameObserver
from sevens.server.security import RedactTokens
from sevens.server.site.edge import install as install_edge
from sevens.server.site.lifecycle import ServerState
from sevens.server.site.throttle import RequestLimitMiddleware
from sevens.server.timers import Clock, MonotonicClock

log = logging.getLogger("sevens.server")


def create_app(
    database_url: str | None = None,
    clock: Clock | None = None,
    config: ServerConfig | None = None,
    observer: FrameObserver | None = None,
) -> FastAPI:
    """The server as an ASGI app. ``database_url``: the store's (``None``: ``$SEVENS_DATABASE_URL``, else the
    default SQLite file); ``clock``: where deadlines read the time (tests pass a
    :class:`~sevens.server.timers.ManualClock`); ``observer`` sees every frame as it is queued.

    The registry of rooms is ``app.state.registry`` once the app has started (see :func:`registry_of`); the
    whole running server is ``app.state.server`` (a :class:`~sevens.server.site.lifecycle.ServerState`)."""
    settings = config or ServerConfig()
    server = ServerState(settings, clock or MonotonicClock(), database_url, observer)
    app = FastAPI(
        title="sevens server",
        summary="Online 七並べ, Killer Sevens and Seven Twenty-Seven: rooms over HTTP, play over WebSocket.",
        version="1",
        lifespan=lifespan,
    )
    app.state.config = settings
    app.state.server = server
    # inside the edge's middleware: it sees the client behind trusted proxies
    app.add_middleware(RequestLimitMiddleware, body_timeout=settings.header_timeout)
    install_edge(app, settings)  # trusted proxies, /metrics, the framework's refusals in the error shape
    app.add_exception_handler(SevensError, refused)
    app.add_exception_handler(RequestValidationError, invalid)
    for router in (rooms.router, records.router, site.router, play.router):
        app.include_router(router)
    add_invite_route(app, registry_of)  # the invite link's QR code (invite.py)
    app.mount("/static", StaticFiles(directory=site.WEB_DIR), name="static")
    return app


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    hide_tokens_in_access_log()
    server: ServerState = app.state.server
    app.state.registry = await server.start()
    try:
        yield
    finally:
        await server.stop()


async def refused(_request: Request, exc: Exception) -> JSONResponse:
    status, body = refusal(exc)
    # a 503 always says when to try again; a refusal that knows better (a rate limit's window) says so itself
    return JSONResponse(body, status_code=status, headers={**refusal_headers(status), **retry_after_headers(exc)})


async def invalid(_request: Request, exc: Exception) -> JSONResponse:
    """422 with ``error``/``message`` like every refusal, and FastAPI's ``detail`` without the inputs (a NaN
    or a huge number echoed back could not even be encoded)."""
    assert isinstance(exc, RequestValidationError)
    detail = [{"loc": list(e["loc"]), "msg": e["msg"], "type": e["type"]} for e in exc.errors()[:10]]
    where = "; ".join(f"{'.'.join(str(p) for p in d['loc'][1:]) or 'body'}: {d['msg']}" for d in detail[:3])
    body = {**ErrorBody(error="invalid", message=where[:300]).model_dump(), "detail": detail}
    return JSONResponse(body, status_code=422)


def hide_tokens_in_access_log() -> None:
    """Seat tokens travel in the WebSocket URL (browsers cannot set headers there): keep them out of the logs
    (uvicorn logs HTTP requests on ``uvicorn.access``, WebSocket handshakes on ``uvicorn.error``)."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database_url: str | None = None,
    config: ServerConfig | None = None,
    log_level: str = "info",
) -> None:
    """Run the server with uvicorn until interrupted (one process: it is the authority over its rooms). On
    ``SIGTERM`` or Ctrl-C the server drains (:meth:`ServerState.drain`) before it stops taking connections."""
    import socket

    import uvicorn

    from sevens.server.site.draining import DrainingServer
    from sevens.server.site.httpguard import guarded_http_protocol
    from sevens.server.site.logs import log_config

    settings = config or ServerConfig()
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    address = f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"
    if settings.redis_url is not None and settings.advertise is None:
        if shown != host:
            raise SystemExit("--advertise http://HOST:PORT is needed: other nodes cannot reach a wildcard address")
        settings = dataclasses.replace(settings, advertise=address)
    app = create_app(database_url, config=settings)
    uvicorn_config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        log_config=log_config(settings.log_format, log_level),  # no seat token in the log; text or JSON lines
        proxy_headers=False,  # never uvicorn's FORWARDED_ALLOW_IPS: the client is found by edge.install
        http=guarded_http_protocol(
            settings.header_timeout,
            settings.http_connections_per_address,
            settings.trusted_proxies,
            settings.half_open_connections,
        ),  # a deadline for headers, a cap on HTTP connections per address (Slowloris)
        ws_max_size=settings.ws_max_size,
        ws_per_message_deflate=settings.ws_per_message_deflate,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        server_header=False,
    )
    server = DrainingServer(uvicorn_config, app.state.server)
    if settings.log_format == "text":  # JSON logs: every line of the output is a JSON object
        startup = server.startup

        async def startup_then_announce(sockets: list[socket.socket] | None = None) -> None:
            # said once uvicorn listens, not before: a script that waits for the line may connect at once
            await startup(sockets)
            if server.started and not server.should_exit:
                print(
                    f"Open {address} in your browser / ブラウザで {address} を開いてください",
                    file=sys.stdout,
                    flush=True,
                )

        server.startup = startup_then_announce  # type: ignore[method-assign]
    server.run()


__all__ = ["create_app", "registry_of", "serve"]
