"""Every HTTP request is rate-limited per client address, for the whole site (:class:`~.limits.SiteBuckets`,
``requests_per_second`` with a burst of ``requests_burst``): past it, ``429 rate_limited`` with ``Retry-After``,
answered before any route runs, so a flood costs a bucket lookup per request. The client is the one
:class:`~.proxies.ClientAddressMiddleware` found (this middleware runs inside it). ``/metrics`` is not counted
(it is refused to the public anyway), nor are WebSockets (capped per address as they are opened)."""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

NOT_COUNTED = ("/metrics",)


BODY = json.dumps({"error": "rate_limited", "message": "too many requests from this address; wait a moment"}).encode()


async def refuse(send: Send, wait: float) -> None:
    """429 in the project's error shape, with ``Retry-After`` in whole seconds."""
    headers = [
        (b"content-type", b"application/json"),
        (b"retry-after", str(max(1, math.ceil(wait))).encode()),
        (b"content-length", str(len(BODY)).encode()),
    ]
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": BODY})


class RequestLimitMiddleware:
    """The per-address request rate of the site (see the module docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"] not in NOT_COUNTED:
            registry = getattr(scope["app"].state, "registry", None)
            client = scope.get("client")
            if registry is not None:
                wait = await registry.requests.take(client[0] if client else "unknown")
                if wait > 0:
                    await refuse(send, wait)
                    return
        await self.app(scope, receive, send)


__all__ = ["RequestLimitMiddleware"]
