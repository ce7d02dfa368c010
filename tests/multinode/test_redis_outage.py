"""Redis goes away mid-game (10 s, and a long outage) and comes back empty: rooms keep playing on their owners,
every request that needs Redis gets a 503 with ``Retry-After`` (never a 500 or a wrong 404), a failed room
creation leaves nothing behind, health says Redis is down, and once it is back every node serves every room
again, without a restart; no acknowledged move is lost or stored twice. (How soon: issue 28 asks within 5 s; the
test records the figure and bench/chaos_timings.py checks it.)"""

from __future__ import annotations

import time

import httpx2 as httpx
import pytest

from harness.process import RedisServer
from harness.timings import record_timing

from .helpers import (
    PATIENT_SECONDS,
    REDIS_OUTAGES,
    check_unavailable,
    started_room,
    status,
    wait_until,
)
from .site import site
from .table import Table, check_nothing_lost, stored_moves

NEW_ROOM = {"preset": "standard", "seats": [{"kind": "human"}] * 2, "host_name": "Mio"}  # listed: a seat is free


@pytest.mark.parametrize("outage", REDIS_OUTAGES, ids=lambda s: f"{s:g}s")
def test_a_redis_outage_is_weather(database_url: str, redis: RedisServer, outage: float) -> None:
    with site(database_url, redis.url) as nodes, httpx.Client(timeout=10) as http:
        owner, other = nodes.nodes
        code, tokens = started_room(http, owner.url, other.url)
        lobby = http.post(f"{other.url}/api/rooms", json=NEW_ROOM).raise_for_status().json()["code"]
        # The spectator goes through the proxy first.
        with Table(code, tokens, lambda: [other.address, owner.address]) as table:
            table.play(moves=6)
            redis.stop()
            down_at = time.monotonic()
            rooms_before = set(other.registry.rooms)
            check_unavailable(http.post(f"{other.url}/api/rooms", json=NEW_ROOM))
            assert set(other.registry.rooms) == rooms_before  # the refused creation left no room behind
            check_unavailable(http.get(f"{other.url}/api/rooms"))
            health = http.get(f"{other.url}/api/health").json()
            assert health["redis"] == "down" and health["down"] == ["redis"] and health["ok"] is False
            while time.monotonic() - down_at < outage:  # the owner's room plays on; the others refuse politely
                table.play(moves=2)
                assert http.get(f"{owner.url}/api/rooms/{code}").status_code == 200
                check_unavailable(http.get(f"{other.url}/api/rooms/{code}"))
                check_unavailable(http.get(f"{owner.url}/api/rooms/{lobby}"))
                time.sleep(0.5)  # the outage's pace, not a synchronisation
            redis.start()  # empty: every key is gone

            def everything_served() -> bool:
                urls = [f"{n.url}/api/rooms/{c}" for n in (owner, other) for c in (code, lobby)]
                listed = status(http, "GET", f"{owner.url}/api/rooms") == 200 and lobby in {
                    r["code"] for r in http.get(f"{owner.url}/api/rooms").json()
                }
                return listed and all(status(http, "GET", url) == 200 for url in urls)

            took = wait_until(everything_served, PATIENT_SECONDS, "every node serving every room")
            record_timing(f"redis outage {outage:g} s: every room served by every node after its return", took)
            assert http.get(f"{other.url}/api/health").json()["down"] == []
            assert other.cluster.listening.is_set() and owner.cluster.listening.is_set()  # subscribed again
            table.play(moves=6)
            ok = http.post(f"{other.url}/api/rooms", json=NEW_ROOM)
            assert ok.status_code == 201, ok.text
        record = http.get(f"{owner.url}/api/rooms/{code}").json()["record"]
    check_nothing_lost(table, stored_moves(database_url, record))
