"""The harness's free ports: each test worker draws from its own block below the kernel's ephemeral range (which
outgoing connections also use), and a port in use on any address is skipped."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from harness import process
from harness.process import FIRST_PORT, PORT_BLOCK, free_port


def test_a_worker_draws_from_its_own_block_below_the_ephemeral_ports(monkeypatch: pytest.MonkeyPatch) -> None:
    ephemeral_from = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    for worker in (40, 41):  # blocks no worker of a real run uses (its own may hold ports meanwhile)
        monkeypatch.setenv("PYTEST_XDIST_WORKER", f"gw{worker}")
        first = FIRST_PORT + worker * PORT_BLOCK
        ports = [free_port() for _ in range(5)]
        assert all(first <= port < first + PORT_BLOCK for port in ports), ports
        assert len(set(ports)) == 5  # one after another, not the same port again
        assert max(ports) < ephemeral_from


def test_a_port_in_use_on_any_address_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw42")
    monkeypatch.setattr(process, "_next_port", [0])
    held_port = free_port()  # the block's first free port, now taken by a listener on another address
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as held:
        held.bind(("127.0.0.2", held_port))
        held.listen()
        monkeypatch.setattr(process, "_next_port", [held_port - FIRST_PORT - PORT_BLOCK])
        assert free_port() == held_port + 1
