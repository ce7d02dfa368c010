"""Every HTTP request is rate-limited per client address, for the whole site (:class:`~.limits.SiteBuckets`,
``requests_per_second`` with a burst of ``requests_burst``): past it, ``429 rate_limited`` with ``Retry-After``,
answered before any route runs, so a flood costs a bucket lookup per request. The client is the one
:class:`~.proxies.ClientAddressMiddleware` found (this middleware runs inside it). Not counted: ``/metrics``
(refused to the public anyway), the page's files under ``/static/`` (files of a fixed size, cheap to send, a
dozen per page load: a classroom behind one address must not be refused its page; the proxy in front limits
them with everything else), and WebSockets (capped per address as they are opened).

A request's body is read here whole before any route sees it: at most ``MAX_BODY_BYTES`` (64 KiB; the API's
bodies are a few hundred bytes) else ``413 too_large``, within ``header_timeout`` seconds else ``408`` (a body
sent a byte at a time holds no connection for ever, as the headers cannot: :mod:`.httpguard`), and a JSON object
that names a key twice is ``400 bad_request`` (a parser keeps the last, another the first: the client must say
what it means once)."""

from __future__ import annotations

import asyncio
import json
import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

NOT_COUNTED = ("/metrics",)
STATIC = "/static/"
MAX_BODY_BYTES = 64 * 1024
TOO_LARGE = f"the request body is larger than {MAX_BODY_BYTES // 1024} KiB; the API's bodies are a few hundred bytes"
TOO_SLOW = "the request body did not arrive in time"


class BodyRefused(Exception):
    def __init__(self, status: int, error: str, message: str) -> None:
        super().__init__(message)
        self.status, self.error = status, error


async def refuse(send: Send, status: int, error: str, message: str, retry_after: float | None = None) -> None:
    """A refusal in the project's error shape (a 429 with ``Retry-After`` in whole seconds)."""
    body = json.dumps({"error": error, "message": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if retry_after is not None:
        headers.append((b"retry-after", str(max(1, math.ceil(retry_after))).encode()))
    if status in (408, 413):
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def read_body(receive: Receive) -> list[Message]:
    """Every message of a request's body, refused past ``MAX_BODY_BYTES``."""
    messages: list[Message] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return messages
        size += len(message.get("body", b""))
        if size > MAX_BODY_BYTES:
            raise BodyRefused(413, "too_large", TOO_LARGE)
        if not message.get("more_body", False):
            return messages


def duplicate_key(body: bytes) -> str | None:
    """The first key a JSON object of ``body`` names twice, if any (``None`` also for a body that is not JSON:
    the route refuses that itself).

    >>> duplicate_key(b'{"seat": 1, "name": "a", "seat": 2}'), duplicate_key(b'{"a": {"b": 1}, "b": 2}')
    ('seat', None)
    """
    found: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [key for key, _value in items]
        if len(set(keys)) < len(keys) and not found:
            found.append(next(key for index, key in enumerate(keys) if key in keys[:index]))
        return dict(items)

    try:
        json.loads(body, object_pairs_hook=pairs)
    except ValueError:
        return None
    return found[0] if found else None


def replay(messages: list[Message], receive: Receive) -> Receive:
    """A ``receive`` that gives the messages read already, then the connection's own (a disconnect)."""
    pending = list(messages)

    async def replayed() -> Message:
        return pending.pop(0) if pending else await receive()

    return replayed


class RequestLimitMiddleware:
    """The per-address request rate of the site and the bounds of a body (see the module docstring)."""

    def __init__(self, app: ASGIApp, body_timeout: float = 10.0) -> None:
        self.app = app
        self.body_timeout = body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            registry: Any = getattr(scope["app"].state, "registry", None)
            client = scope.get("client")
            path = scope["path"]
            if registry is not None and path not in NOT_COUNTED and not path.startswith(STATIC):
                wait = await registry.requests.take(client[0] if client else "unknown")
                if wait > 0:
                    await refuse(send, 429, "rate_limited", "too many requests from this address; wait a moment", wait)
                    return
            if scope["method"] not in ("GET", "HEAD", "OPTIONS"):
                try:
                    messages = await asyncio.wait_for(read_body(receive), self.body_timeout)
                except TimeoutError:
                    await refuse(send, 408, "too_slow", TOO_SLOW)
                    return
                except BodyRefused as refused:
                    await refuse(send, refused.status, refused.error, str(refused))
                    return
                key = duplicate_key(b"".join(m.get("body", b"") for m in messages if m["type"] == "http.request"))
                if key is not None:
                    message = f"the JSON body names the key {key[:32]!r} twice; name each key once"
                    await refuse(send, 400, "bad_request", message)
                    return
                receive = replay(messages, receive)
        await self.app(scope, receive, send)


__all__ = ["MAX_BODY_BYTES", "RequestLimitMiddleware"]
