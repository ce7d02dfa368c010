"""Who the client is behind reverse proxies: trusted proxies are configured by address, and the client is the
right-most address of ``X-Forwarded-For`` that is not a trusted proxy.

A client writes whatever it likes into ``X-Forwarded-For``; every proxy appends the address it was reached
from. Reading the list from the right and stepping over trusted proxies only, the first other address is the
one a trusted proxy saw: the client. Nothing a client writes can move that (uvicorn's ``FORWARDED_ALLOW_IPS=*``
takes the left-most entry instead, which the client chose, so :func:`sevens.server.app.serve` switches it off).
A connection from an address that is not a trusted proxy is its own client, whatever its headers say.

>>> proxies = TrustedProxies(["127.0.0.1", "10.0.0.0/8"])
>>> proxies.client("127.0.0.1", "6.6.6.6, 203.0.113.9, 10.1.2.3")
'203.0.113.9'
>>> proxies.client("203.0.113.9", "1.2.3.4")  # not through a trusted proxy: the header means nothing
'203.0.113.9'
>>> proxies.client("127.0.0.1", None, real_ip="198.51.100.4")
'198.51.100.4'
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """Addresses (``10.0.0.5``) and networks (``10.0.0.0/8``, ``::1``) from text; ``ValueError`` names a bad one.

    >>> parse_networks(["127.0.0.1", "fd00::/8"])
    (IPv4Network('127.0.0.1/32'), IPv6Network('fd00::/8'))
    """
    networks = []
    for entry in entries:
        text = entry.strip()
        try:
            networks.append(ipaddress.ip_network(text, strict=False))
        except ValueError:
            raise ValueError(f"{text!r} is not an IP address or network (write 10.0.0.5 or 10.0.0.0/8)") from None
    return tuple(networks)


def split_list(text: str | None) -> list[str]:
    """A comma- or space-separated list from an option or environment variable.

    >>> split_list("127.0.0.1, 10.0.0.0/8 ::1"), split_list(None)
    (['127.0.0.1', '10.0.0.0/8', '::1'], [])
    """
    return [part for part in (text or "").replace(",", " ").split() if part]


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [::1]:443
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # 10.0.0.1:443
        text = text.split(":", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def in_networks(host: str, networks: tuple[Network, ...]) -> bool:
    """Whether ``host`` (an address as text) lies in one of ``networks``."""
    address = _address(host)
    return address is not None and any(address in network for network in networks)


class TrustedProxies:
    """The proxies whose ``X-Forwarded-For`` and ``X-Real-IP`` are believed."""

    def __init__(self, entries: Iterable[str]) -> None:
        self.networks = parse_networks(entries)

    def trusts(self, host: str) -> bool:
        return in_networks(host, self.networks)

    def client(self, peer: str, forwarded_for: str | None, real_ip: str | None = None) -> str:
        """The client's address for a connection from ``peer`` carrying these headers."""
        if not self.trusts(peer):
            return peer
        if forwarded_for is None:
            address = _address(real_ip) if real_ip is not None else None
            return str(address) if address is not None else peer
        client = peer
        for hop in reversed(forwarded_for.split(",")):
            address = _address(hop)
            if address is None:  # not written by a proxy of ours: the last address we can vouch for
                return client
            client = str(address)
            if not self.trusts(client):
                return client
        return client  # every hop is a trusted proxy: the left-most is as near the client as we know


class ClientAddressMiddleware:
    """Sets each HTTP and WebSocket connection's ``client`` to the real client's address (see
    :class:`TrustedProxies`), and its scheme to ``X-Forwarded-Proto``'s when a trusted proxy sent it."""

    def __init__(self, app: ASGIApp, proxies: TrustedProxies) -> None:
        self.app = app
        self.proxies = proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and self.proxies.networks and scope.get("client"):
            scope = self._resolved(scope)
        await self.app(scope, receive, send)

    def _resolved(self, scope: Scope) -> Scope:
        peer, port = scope["client"]
        if not self.proxies.trusts(peer):
            return scope
        headers: dict[str, list[str]] = {}
        for name, value in scope["headers"]:
            headers.setdefault(name.decode("latin-1").lower(), []).append(value.decode("latin-1"))
        forwarded = ",".join(headers["x-forwarded-for"]) if "x-forwarded-for" in headers else None
        real_ip = headers.get("x-real-ip", [None])[-1]
        resolved: dict[str, Any] = dict(scope)
        resolved["client"] = (self.proxies.client(peer, forwarded, real_ip), port)
        proto = headers.get("x-forwarded-proto", [""])[-1].strip().lower()
        if proto in ("http", "https"):
            secure = proto == "https"
            resolved["scheme"] = ("wss" if secure else "ws") if scope["type"] == "websocket" else proto
        return resolved


__all__ = ["ClientAddressMiddleware", "TrustedProxies", "in_networks", "parse_networks", "split_list"]
