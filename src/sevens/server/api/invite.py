"""A table's invite link as a QR code, drawn on the server as SVG (``segno``), so that a phone at the same table
joins by pointing its camera at the lobby: ``GET /api/rooms/{code}/invite.svg``.

The link is the one the page shares (``<the address the browser used>/#/room/CODE``): a browser that opened the
page as ``http://localhost:8000`` gets a code for ``localhost``, so for phones open the page by the LAN address
``sevens serve --host 0.0.0.0`` prints.

>>> invite_link("http://192.168.1.5:8000/", "ABC234")
'http://192.168.1.5:8000/#/room/ABC234'
>>> qr_svg("http://192.168.1.5:8000/#/room/ABC234").startswith("<svg")
True
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import segno
from fastapi import FastAPI, Request
from fastapi.responses import Response

from sevens.server.rooms import RoomRegistry
from sevens.server.site.operations import run_operation

QR_SCALE = 4  # pixels per module in the SVG's own size; the page scales it with CSS
QR_COLOUR = "#14342a"


def invite_link(base_url: str, code: str) -> str:
    """The page's link to room ``code`` on the server at ``base_url``."""
    return f"{base_url.rstrip('/')}/#/room/{code}"


def qr_svg(text: str) -> str:
    """``text`` as a QR code in an SVG document (medium error correction: readable off a screen at an angle)."""
    code = segno.make(text, error="m", micro=False)
    out = io.BytesIO()  # a whole SVG document (with its namespace: an <img> shows nothing without it)
    code.save(out, kind="svg", scale=QR_SCALE, border=2, dark=QR_COLOUR, light="#ffffff", title=text, xmldecl=False)
    return out.getvalue().decode()


def add_invite_route(app: FastAPI, registry_of: Callable[[Any], RoomRegistry]) -> None:
    """Register ``GET /api/rooms/{code}/invite.svg``: the QR code of an existing room's invite link (an unknown
    code is refused like every room request)."""

    @app.get("/api/rooms/{code}/invite.svg", include_in_schema=False)
    async def invite_qr(code: str, request: Request) -> Response:
        info = await run_operation(registry_of(request.app), "info", code, {})
        body = qr_svg(invite_link(str(request.base_url), info["code"]))
        return Response(body, media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})


__all__ = ["add_invite_route", "invite_link", "qr_svg"]
