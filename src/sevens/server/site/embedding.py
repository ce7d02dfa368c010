"""The table another site may embed (``/embed/…``, docs/embed.md): which sites may frame it, the page's headers
for them, and the page itself with the list of sites it may post its results to.

Only the origins the operator names (``sevens serve --embed-origin https://family.example``, repeatable; none
by default) may show ``/embed/…`` in a frame: its ``Content-Security-Policy`` says ``frame-ancestors`` with
exactly those, and with none it says ``'none'`` and ``X-Frame-Options: DENY`` like every other page. The page
posts its messages to those origins only (``postMessage`` with each as the target origin, so a parent on any
other site receives nothing).

>>> parse_origin("https://Family.Example/")
'https://family.example'
>>> parse_origin("http://127.0.0.1:8080")
'http://127.0.0.1:8080'
>>> parse_origin("https://family.example/games")
Traceback (most recent call last):
...
ValueError: 'https://family.example/games' is not an origin: give scheme://host[:port] without a path (e.g. https://family.example)
>>> frame_ancestors(()), frame_ancestors(("https://a.example", "http://b.example:8080"))
("'none'", 'https://a.example http://b.example:8080')
"""

from __future__ import annotations

import functools
import html
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit

ORIGIN_SCHEMES = ("http", "https")
META_NAME = "sevens-embed-origins"


def parse_origin(text: str) -> str:
    """``text`` as a normalised origin (``scheme://host[:port]``, lower case, no trailing slash); ``ValueError``
    saying what is allowed when it is not one."""
    raw = text.strip()
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError:
        parts, port = None, None
    if (
        parts is None
        or parts.scheme.lower() not in ORIGIN_SCHEMES
        or not parts.hostname
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or parts.username
        or parts.password
    ):
        raise ValueError(
            f"{text!r} is not an origin: give scheme://host[:port] without a path (e.g. https://family.example)"
        )
    host = parts.hostname.lower()
    if ":" in host:  # an IPv6 address keeps its brackets
        host = f"[{host}]"
    return f"{parts.scheme.lower()}://{host}" + (f":{port}" if port is not None else "")


def frame_ancestors(origins: Sequence[str]) -> str:
    """The CSP ``frame-ancestors`` sources for these origins (``'none'``: no site may frame the page)."""
    return " ".join(origins) if origins else "'none'"


def embed_headers(page_headers: dict[str, str], origins: Sequence[str]) -> dict[str, str]:
    """The site's page headers with ``frame-ancestors`` opened to exactly ``origins``. ``X-Frame-Options``
    cannot name several sites: with origins it is left out (every current browser obeys ``frame-ancestors``
    first), without any it stays ``DENY``."""
    headers = {**page_headers}
    denied = "frame-ancestors 'none'"
    policy = headers["Content-Security-Policy"]
    assert denied in policy, "the page's policy no longer denies framing: embed_headers cannot open it"
    headers["Content-Security-Policy"] = policy.replace(denied, f"frame-ancestors {frame_ancestors(origins)}")
    if origins:
        headers.pop("X-Frame-Options", None)
    return headers


@functools.cache
def embed_page(index: Path, origins: tuple[str, ...]) -> str:
    """The page for ``/embed/…``: the site's page with the origins it may post to in a ``<meta>`` (the page's
    scripts read it; an inline script would break the policy)."""
    meta = f'<meta name="{META_NAME}" content="{html.escape(" ".join(origins), quote=True)}">'
    text = index.read_text(encoding="utf-8")
    return text.replace('<meta charset="utf-8">', f'<meta charset="utf-8">\n  {meta}', 1)


__all__ = ["META_NAME", "embed_headers", "embed_page", "frame_ancestors", "parse_origin"]
