"""A table's invite link as a QR code, drawn on the server as SVG (``segno``), so that a phone at the same table
joins by pointing its camera at the lobby: ``GET /api/rooms/{code}/invite.svg``.

The link is ``<public URL>/#/room/CODE``. The public URL is the operator's (``sevens serve --public-url
https://sevens.example.org``) when given: then the request's ``Host`` header plays no part. Without it, the link
is made from the address the browser used (``Host``), after a syntax check: a host name, an IPv4 address or an
``[IPv6]`` one, with an optional port, at most 261 characters; anything else is 400 ``bad_request``. So a
forged ``Host`` can neither make the QR code overflow (a 500) nor make it cost more than a real link (a browser
that opened the page as ``http://localhost:8000`` gets a code for ``localhost``: for phones open the page by the
LAN address ``sevens serve --host 0.0.0.0`` prints). The same link draws the same SVG: the last few are kept.

>>> invite_link("http://192.168.1.5:8000/", "ABC234")
'http://192.168.1.5:8000/#/room/ABC234'
>>> qr_svg("http://192.168.1.5:8000/#/room/ABC234").startswith("<svg")
True
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import segno
from fastapi import FastAPI, Request
from fastapi.responses import Response

from sevens.server.api.requests import client_address, config_of
from sevens.server.errors import ServerError
from sevens.server.rooms import RoomRegistry
from sevens.server.site.operations import run_operation

QR_SCALE = 4  # pixels per module in the SVG's own size; the page scales it with CSS
QR_COLOUR = "#14342a"
MAX_HOST_CHARS = 261  # a DNS name (253), a colon and a port
LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
HOST_HEADER = re.compile(rf"(?:{LABEL}(?:\.{LABEL})*\.?|\[[0-9A-Fa-f:.]{{2,45}}\])(?::[0-9]{{1,5}})?")
CACHED_CODES = 256  # SVGs kept (one per link: the site's own address, the rooms being joined now)


def checked_host(host: str | None) -> str:
    """A ``Host`` header that can name this server, or 400 ``bad_request``.

    >>> checked_host("192.168.1.5:8000"), checked_host("[::1]:8000"), checked_host("sevens.example.org")
    ('192.168.1.5:8000', '[::1]:8000', 'sevens.example.org')
    >>> checked_host("a" * 300)
    Traceback (most recent call last):
    sevens.server.errors.ServerError: the Host header is not a host name with an optional port ...
    """
    if host is None or len(host) > MAX_HOST_CHARS or HOST_HEADER.fullmatch(host) is None:
        raise ServerError(
            "bad_request",
            f"the Host header is not a host name with an optional port (at most {MAX_HOST_CHARS} characters); "
            "open the page by the server's address",
        )
    return host


def invite_link(base_url: str, code: str) -> str:
    """The page's link to room ``code`` on the server at ``base_url``."""
    return f"{base_url.rstrip('/')}/#/room/{code}"


@lru_cache(maxsize=CACHED_CODES)
def qr_svg(text: str) -> str:
    """``text`` as a QR code in an SVG document (medium error correction: readable off a screen at an angle)."""
    try:
        code = segno.make(text, error="m", micro=False)
    except segno.DataOverflowError:  # only a link far longer than a checked host and a public URL make
        raise ServerError("bad_request", "the invite link is too long for a QR code") from None
    out = io.BytesIO()  # a whole SVG document (with its namespace: an <img> shows nothing without it)
    code.save(out, kind="svg", scale=QR_SCALE, border=2, dark=QR_COLOUR, light="#ffffff", title=text, xmldecl=False)
    return out.getvalue().decode()


def add_invite_route(app: FastAPI, registry_of: Callable[[Any], RoomRegistry]) -> None:
    """Register ``GET /api/rooms/{code}/invite.svg``: the QR code of an existing room's invite link (an unknown
    code is refused like every room request)."""

    @app.get("/api/rooms/{code}/invite.svg", include_in_schema=False)
    async def invite_qr(code: str, request: Request) -> Response:
        registry = registry_of(request.app)
        wait = await registry.invites.take(client_address(request))
        if wait > 0:
            raise ServerError("rate_limited", "too many invite codes from this address; wait", retry_after=wait)
        public_url = config_of(request.app).public_url
        base = public_url or f"{request.url.scheme}://{checked_host(request.headers.get('host'))}"
        info = await run_operation(registry, "info", code, {})
        body = qr_svg(invite_link(base, info["code"]))
        return Response(body, media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})


__all__ = ["add_invite_route", "checked_host", "invite_link", "qr_svg"]
