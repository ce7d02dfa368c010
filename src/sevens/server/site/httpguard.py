"""Slowloris, answered where the bytes arrive: uvicorn's HTTP protocol with a deadline for a request's line and
headers, and a cap on the HTTP connections one address holds open.

uvicorn times out idle keep-alive connections, but not a request that is being sent: a client that opens
connections and sends a header line now and then holds each one for ever, until the server has no file left
to open. :func:`guarded_http_protocol` makes a subclass of uvicorn's ``httptools`` protocol that

- gives each request ``header_timeout`` seconds from its first byte (or from the connection, for the first
  request) to its last header, then answers ``408`` and closes the connection;
- refuses a connection from an address that holds ``per_address`` open HTTP connections already (``429`` with
  ``Retry-After``, then closed). Trusted proxies (docs/deploy.md) carry many clients and are not limited here:
  the proxy limits each client itself. A connection upgraded to a WebSocket leaves this count (the app limits
  WebSockets per client address, ``--connections-per-address``);
- holds at most ``half_open`` connections that are still sending a request's line and headers, all addresses
  together: one more closes the one that has been waiting longest (``408``) among those that began a request
  and did not finish its headers, or sent nothing for ``SILENT_GRACE`` seconds. Slowloris from many addresses
  (each under its own cap) then holds about that many files open, and a real client, whose headers arrive in
  one packet, is never among them: it is served (``--half-open-connections``). A burst of real connections that
  the busy server has accepted but not read yet is not closed either (they have begun nothing yet).
"""

from __future__ import annotations

import asyncio
import itertools
from collections import Counter, OrderedDict

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from sevens.server.site.proxies import in_networks, parse_networks

TIMEOUT_RESPONSE = b"HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n"
BUSY_RESPONSE = (
    b"HTTP/1.1 429 Too Many Requests\r\nretry-after: 5\r\nconnection: close\r\ncontent-type: text/plain\r\n"
    b"content-length: 44\r\n\r\ntoo many open connections from this address\n"
)
SILENT_GRACE = 2.0  # seconds a connection that has sent nothing is left alone when half-open ones are too many
EVICTION_SCAN = 64  # half-open connections looked at for one eviction at most (the oldest first)


def guarded_http_protocol(
    header_timeout: float, per_address: int, trusted_proxies: tuple[str, ...] = (), half_open: int = 512
) -> type[HttpToolsProtocol]:
    """uvicorn's HTTP protocol (``uvicorn.run(http=…)``) with these limits."""
    trusted = parse_networks(trusted_proxies)
    held: Counter[str] = Counter()  # open HTTP connections by peer address, for this server
    waiting: OrderedDict[GuardedHttpProtocol, None] = OrderedDict()  # sending headers, the longest waiting first

    class GuardedHttpProtocol(HttpToolsProtocol):
        _header_timer: asyncio.TimerHandle | None = None
        _counted: str | None = None
        _armed_at = 0.0
        _begun = False  # a request's first bytes were read, its headers not complete

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = self.client[0] if self.client else None
            if peer is not None and not in_networks(peer, trusted):
                if held[peer] >= per_address:
                    transport.write(BUSY_RESPONSE)
                    transport.close()
                    return
                held[peer] += 1
                self._counted = peer
            self._arm_header_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            self._release()
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm_header_timer()
            self._begun = True

        def on_headers_complete(self) -> None:
            self._disarm_header_timer()
            super().on_headers_complete()

        def handle_websocket_upgrade(self) -> None:
            self._release()  # the WebSocket protocol owns the connection from here
            super().handle_websocket_upgrade()

        def _arm_header_timer(self) -> None:
            self._disarm_header_timer()
            self._header_timer = self.loop.call_later(header_timeout, self._headers_too_slow)
            self._armed_at = self.loop.time()
            waiting[self] = None
            if len(waiting) > half_open:
                self._evict()

        def _evict(self) -> None:
            """Close the longest waiting slow ones until the half-open are few enough (or none is slow)."""
            silent_since = self.loop.time() - SILENT_GRACE
            slow = [c for c in itertools.islice(waiting, EVICTION_SCAN) if c._begun or c._armed_at <= silent_since]
            for connection in slow[: len(waiting) - half_open]:
                connection._headers_too_slow()

        def _disarm_header_timer(self) -> None:
            waiting.pop(self, None)
            self._begun = False
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_too_slow(self) -> None:
            self._disarm_header_timer()
            if not self.transport.is_closing():
                self.transport.write(TIMEOUT_RESPONSE)
                self.transport.close()

        def _release(self) -> None:
            self._disarm_header_timer()
            if self._counted is not None:
                held[self._counted] -= 1
                if held[self._counted] <= 0:
                    del held[self._counted]
                self._counted = None

    return GuardedHttpProtocol


__all__ = ["guarded_http_protocol"]
