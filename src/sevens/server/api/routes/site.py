"""The site itself: ``/api/health``, ``/api/catalog``, ``/api/i18n`` and the page at ``/``."""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, Response

from sevens.i18n import catalogue
from sevens.server.api.catalog import catalog
from sevens.server.api.requests import config_of
from sevens.server.site.embedding import embed_headers, embed_page

WEB_DIR = Path(__file__).parents[2] / "web"
# The page loads only its own files and talks only to this server (no CDN, no inline script).
PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; style-src 'self'; "
        "script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",  # older browsers: no site may frame the page (only /embed/… may be, see below)
}

router = APIRouter()


@router.get("/api/health")
async def health(request: Request) -> dict[str, Any]:
    """Whether the server runs, how many rooms it holds (and which node it is, with several), and which of the
    parts it depends on is down: ``"database"``, ``"redis"`` (``ok`` is false then, the status still 200: the
    process itself is alive and serves what it can)."""
    report: dict[str, Any] = await request.app.state.server.health()
    return report


@router.get("/api/catalog")
async def game_catalog() -> dict[str, Any]:
    """Families, presets (with one-line summaries), rules parameters explained in English and Japanese,
    computer players, kids-mode phrases: what the lobby offers."""
    return cached_catalog()


@router.get("/api/i18n")
async def messages(request: Request) -> Response:
    """Every text a player sees, ``{"key": {"en": …, "ja": …}}`` (the catalogue of :mod:`sevens.i18n`):
    the page's words, game events and refusal reasons. Fixed while the server runs, so cacheable."""
    body, etag = catalogue_json()
    headers = {"ETag": etag, "Cache-Control": "public, max-age=300"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.get("/", include_in_schema=False)
async def index() -> FileResponse:
    return FileResponse(WEB_DIR / "index.html", headers=PAGE_HEADERS)


@router.get("/embed", include_in_schema=False)
@router.get("/embed/{rest:path}", include_in_schema=False)
async def embedded(request: Request) -> HTMLResponse:
    """The table alone, for a family app's page to frame (docs/embed.md): framed only by the origins of
    ``--embed-origin``, and posting its results only to them."""
    origins = config_of(request.app).embed_origins
    return HTMLResponse(embed_page(WEB_DIR / "index.html", origins), headers=embed_headers(PAGE_HEADERS, origins))


@functools.cache
def cached_catalog() -> dict[str, Any]:
    """The catalog, built once (what the lobby offers never changes while the server runs)."""
    return catalog()


@functools.cache
def catalogue_json() -> tuple[bytes, str]:
    """The message catalogue as JSON bytes and its ETag, built once."""
    body = json.dumps(catalogue(), ensure_ascii=False, sort_keys=True).encode()
    return body, f'"{hashlib.sha256(body).hexdigest()[:32]}"'


__all__ = ["PAGE_HEADERS", "WEB_DIR", "cached_catalog", "catalogue_json", "router"]
