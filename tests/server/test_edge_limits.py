"""Issue 28, limits a client cannot dodge, on a real server process (uvicorn, TCP, raw sockets):

- with ``FORWARDED_ALLOW_IPS=*`` in the environment (what docs/protocol.md once told operators to set),
  a client that writes its own ``X-Forwarded-For`` is still one client: per-address limits hold;
- Slowloris: a request whose headers never end gets ``408`` and is closed after ``--header-timeout``, and one
  address holding ``--http-connections-per-address`` connections open gets ``429`` for the next one, while
  every other address is served.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx2 as httpx
import pytest

from harness.process import ServerProcess, server_process

TIMEOUT = 30.0  # a hang guard: every wait returns as soon as its answer comes
SLOW_REFILL = ("--rooms-per-minute", "0.01", "--lobbies-per-address", "1000")  # a burst of 20, then ~nothing
HALF_REQUEST = b"GET /api/health HTTP/1.1\r\nHost: sevens\r\nX-Slow: 1\r\n"  # the blank line never comes


def raw_connection(server: ServerProcess, source: str) -> socket.socket:
    """A TCP connection to the server from the loopback address ``source`` (127.0.0.0/8 is all loopback)."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT, source_address=(source, 0))
    return sock


def read_until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (socket.timeout if it never does)."""
    chunks = []
    while chunk := sock.recv(4096):
        chunks.append(chunk)
    return b"".join(chunks)


def get(server: ServerProcess, source: str, path: str = "/api/health") -> bytes:
    with raw_connection(server, source) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: sevens\r\nConnection: close\r\n\r\n".encode())
        return read_until_closed(sock)


@contextmanager
def held(server: ServerProcess, source: str, count: int) -> Iterator[list[socket.socket]]:
    """``count`` connections from ``source``, each with half a request sent."""
    with ExitStack() as stack:
        socks = []
        for _ in range(count):
            sock = stack.enter_context(raw_connection(server, source))
            sock.sendall(HALF_REQUEST)
            socks.append(sock)
        yield socks


def test_a_forged_forwarded_for_does_not_bypass_the_room_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")  # uvicorn reads it; the server must not believe it
    with server_process(f"sqlite:///{tmp_path / 'limits.sqlite3'}", SLOW_REFILL) as server:
        client = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=TIMEOUT)
        with client:  # from 127.0.0.2: not the loopback proxy the server trusts by default (127.0.0.1)
            answers = [
                client.post(f"{server.url}/api/rooms", json={}, headers={"X-Forwarded-For": f"10.20.0.{i}"})
                for i in range(60)
            ]
        created = sum(a.status_code == 201 for a in answers)
        assert created == 20, created  # the burst of 20, nothing more (refilled at one room in 100 minutes)
        refused = [a for a in answers if a.status_code == 429]
        assert refused and all(int(a.headers["Retry-After"]) >= 1 for a in refused)


def test_headers_that_never_end_get_408_and_the_connection_closed(tmp_path: Path) -> None:
    options = ("--header-timeout", "1")
    with server_process(f"sqlite:///{tmp_path / 'slow.sqlite3'}", options) as server:
        with raw_connection(server, "127.0.0.2") as idle, raw_connection(server, "127.0.0.2") as slow:
            slow.sendall(HALF_REQUEST)
            started = time.monotonic()
            answer = read_until_closed(slow)  # a socket.timeout (TIMEOUT) here is the bug
            assert answer.startswith(b"HTTP/1.1 408 "), answer
            assert 0.9 <= time.monotonic() - started < TIMEOUT
            assert read_until_closed(idle).startswith(b"HTTP/1.1 408 ")  # silent from the start: the same
        # a keep-alive connection whose next request stalls is cut the same way
        with raw_connection(server, "127.0.0.2") as kept:
            kept.sendall(b"GET /api/health HTTP/1.1\r\nHost: sevens\r\n\r\n" + HALF_REQUEST)
            answer = read_until_closed(kept)
            assert answer.startswith(b"HTTP/1.1 200 ") and b"HTTP/1.1 408 " in answer
        assert get(server, "127.0.0.2").startswith(b"HTTP/1.1 200 ")


def test_one_address_holding_connections_open_locks_out_only_itself(tmp_path: Path) -> None:
    options = ("--header-timeout", "60", "--http-connections-per-address", "8")
    with server_process(f"sqlite:///{tmp_path / 'cap.sqlite3'}", options) as server:
        with held(server, "127.0.0.2", 8):
            with raw_connection(server, "127.0.0.2") as extra:  # answered at once, before it sends a byte
                refused = read_until_closed(extra)
            assert refused.startswith(b"HTTP/1.1 429 ") and b"retry-after: 5" in refused.lower()
            assert get(server, "127.0.0.3").startswith(b"HTTP/1.1 200 ")  # everyone else is served
            assert httpx.get(f"{server.url}/api/health", timeout=TIMEOUT).status_code == 200  # from 127.0.0.1
        # once they are closed, the address is served again (the server sees the closes in its own time)
        deadline = time.monotonic() + TIMEOUT
        while not served(server, "127.0.0.2"):
            assert time.monotonic() < deadline, "127.0.0.2 is still refused after closing its connections"


def served(server: ServerProcess, source: str) -> bool:
    try:
        return get(server, source).startswith(b"HTTP/1.1 200 ")
    except ConnectionResetError:  # refused at once, before the request was read
        return False
