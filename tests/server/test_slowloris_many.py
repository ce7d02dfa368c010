"""Slowloris from many addresses (issue 42 item 4): each address stays under its own cap (64 connections), yet
together they held every file the server could open, and a real client got 0 answers of 27. The server holds at
most ``--half-open-connections`` connections still sending headers, all addresses together, and closes the one
waiting longest (408) when another comes: 100 addresses of 127.0.0.0/8 (all loopback: a client socket bound to
127.0.0.x is another address) against a server whose open-file limit is low, and a real client is served every
time. Through the shipped nginx the same: nginx's own header timeout and connection limits keep the nodes free."""

from __future__ import annotations

import resource
import socket
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx2 as httpx

from deploy.nginx import nginx_process
from harness.process import ServerProcess, server_process

from .test_edge_limits import HALF_REQUEST, TIMEOUT, get, read_until_closed

ADDRESSES = [f"127.0.0.{i}" for i in range(10, 110)]  # 100 attackers; the real client is 127.0.0.1
SERVER_FILES = 300  # the server's open-file limit in the direct test: fewer than the attackers' connections
HALF_OPEN = 100


@contextmanager
def files_of_children(limit: int) -> Iterator[None]:
    """Processes started inside inherit an open-file limit of ``limit`` (this process keeps its own after)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def slowloris(stack: ExitStack, port: int, per_address: int) -> list[socket.socket]:
    """``per_address`` connections from each attacking address, each with half a request sent, the addresses
    taking turns (as many machines would). A connection the server refuses or closes at once is let go."""
    held = []
    for _ in range(per_address):
        for source in ADDRESSES:
            try:
                sock = stack.enter_context(
                    socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT, source_address=(source, 0))
                )
                sock.sendall(HALF_REQUEST)
            except OSError:
                continue
            held.append(sock)
    return held


def test_slowloris_from_100_addresses_leaves_the_server_to_others(tmp_path: Path) -> None:
    options = ("--header-timeout", "60", "--half-open-connections", str(HALF_OPEN))
    with files_of_children(SERVER_FILES):
        context = server_process(f"sqlite:///{tmp_path / 'many.sqlite3'}", options)
        server: ServerProcess = context.__enter__()
    try:
        with ExitStack() as stack:
            attack = slowloris(stack, server.port, per_address=4)  # 400 half-open requests: more than its files
            assert len(attack) > SERVER_FILES
            answers = [get(server, "127.0.0.1") for _ in range(27)]
            assert all(answer.startswith(b"HTTP/1.1 200 ") for answer in answers), answers[:3]
            attack[0].settimeout(TIMEOUT)
            assert read_until_closed(attack[0]).startswith(b"HTTP/1.1 408 ")  # the longest waiting went first
            attack += slowloris(stack, server.port, per_address=2)  # they come back: still served
            assert get(server, "127.0.0.1").startswith(b"HTTP/1.1 200 ")
        assert "Too many open files" not in server.log(), server.log()[-3000:]
    finally:
        context.__exit__(None, None, None)


def test_slowloris_from_100_addresses_through_nginx_leaves_the_site_to_others(tmp_path: Path) -> None:
    with ExitStack() as stack:
        node = stack.enter_context(server_process(f"sqlite:///{tmp_path / 'nginx.sqlite3'}", ("--log-level", "info")))
        proxy = stack.enter_context(nginx_process(tmp_path / "nginx", [node.address]))
        attack = slowloris(stack, int(proxy.address.rsplit(":", 1)[1]), per_address=20)  # 2,000 half-open requests
        assert len(attack) >= 1000
        with httpx.Client(timeout=TIMEOUT) as http:
            answers = [http.get(f"{proxy.url}/api/health").status_code for _ in range(27)]
        assert answers == [200] * 27


def test_a_burst_of_real_connections_past_the_cap_is_served_whole(tmp_path: Path) -> None:
    """Connections the server has accepted but whose bytes it has not read yet (a busy loop, a burst of page loads)
    have begun nothing: the half-open cap closes slow requests, not them."""
    options = ("--half-open-connections", "10")
    with server_process(f"sqlite:///{tmp_path / 'burst.sqlite3'}", options) as server, ExitStack() as stack:
        burst = [stack.enter_context(socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT))
                 for _ in range(30)]  # fmt: skip
        # answered on a later connection: the server has accepted every one of the burst before it (in order)
        assert get(server, "127.0.0.1").startswith(b"HTTP/1.1 200 ")
        for sock in burst:
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: sevens\r\nConnection: close\r\n\r\n")
        answers = [read_until_closed(sock) for sock in burst]
    assert all(answer.startswith(b"HTTP/1.1 200 ") for answer in answers), [a[:20] for a in answers]
