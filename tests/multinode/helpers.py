"""Rooms and checks the chaos tests share."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from typing import Any

import httpx2 as httpx

HUMANS_AND_BOTS = [{"kind": "human"}] * 2 + [{"kind": "bot", "agent": "greedy"}] * 2
# How long a chaos test waits for what must happen (a room served again, the game going on): generous, since a
# loaded machine is slow and a wait returns as soon as its event happens. Issue 28's bounds on these durations
# (every room served again within 5 s of a dependency's return, no game paused 3 s or more by a drained node, a
# dead owner's room adopted within 10 s) are a benchmark's: bench/chaos_timings.py runs these tests, reads the
# durations they record (harness.timings.record_timing) and checks the bounds on a quiet machine (issue 43).
PATIENT_SECONDS = 60.0
# The outages the tests simulate. A short one outlasts every timer an outage trips (a lease 5 s, a Redis command
# 2 s, a node-to-node call 5 s, a health probe 2 s, the re-subscription's backoff capped at 1 s); the long one
# (30 s, six leases; SEVENS_CHAOS_LONG_OUTAGE changes it, bench/chaos_timings.py runs 60 s: docs/operations.md)
# runs once, on Redis, whose recovery is the
# one that depends on how long it was away (every lease and presence key gone, the backoff at its cap). A
# database outage's recovery (the pool's pre-ping, the computer's move tried each second) is the same after
# 10 s as after 60 s; SEVENS_CHAOS_EVERY_LONG_OUTAGE=1 runs the long one there too (bench/chaos_timings.py).
SHORT_OUTAGE = 10.0
LONG_OUTAGE = float(os.environ.get("SEVENS_CHAOS_LONG_OUTAGE", "30"))
REDIS_OUTAGES = (SHORT_OUTAGE, LONG_OUTAGE)
DATABASE_OUTAGES = (
    (SHORT_OUTAGE, LONG_OUTAGE) if os.environ.get("SEVENS_CHAOS_EVERY_LONG_OUTAGE") == "1" else (SHORT_OUTAGE,)
)
HOST_PATTERN = re.compile(r"127\.0\.0\.1|localhost|:\d{2,5}\b|postgres(ql)?://|redis://")


def started_room(
    http: httpx.Client, owner: str, via: str, rounds: int = 50, seed: int = 21
) -> tuple[str, dict[int, str]]:
    """A room created on ``owner`` (two humans, two computers), joined and started through ``via``: its code and
    the humans' tokens."""
    body = {"preset": "standard", "seats": HUMANS_AND_BOTS, "host_name": "Aiko", "seed": seed, "rounds": rounds}
    ticket = http.post(f"{owner}/api/rooms", json=body).raise_for_status().json()
    code, tokens = ticket["code"], {0: ticket["token"]}
    joined = http.post(f"{via}/api/rooms/{code}/join", json={"name": "Ken"}).raise_for_status().json()
    tokens[1] = joined["token"]
    started = http.post(f"{via}/api/rooms/{code}/start", headers={"Authorization": f"Bearer {tokens[0]}"})
    assert started.status_code == 200, started.text
    return code, tokens


def check_unavailable(response: httpx.Response) -> None:
    """A 503 ``store_unavailable`` with ``Retry-After`` whose message names no host or port."""
    assert response.status_code == 503, (response.status_code, response.text)
    assert int(response.headers["retry-after"]) > 0
    body = response.json()
    assert body["error"] == "store_unavailable" and not HOST_PATTERN.search(response.text), body


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> float:
    """Poll ``condition`` (it asks another process or thread) until it holds; the seconds it took."""
    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < timeout, f"{what} not within {timeout:g} s"
        time.sleep(0.05)
    return time.monotonic() - start


def status(http: httpx.Client, method: str, url: str, **kwargs: Any) -> int:
    try:
        return http.request(method, url, **kwargs).status_code
    except httpx.HTTPError:
        return 0


__all__ = ["DATABASE_OUTAGES", "HOST_PATTERN", "HUMANS_AND_BOTS", "PATIENT_SECONDS", "REDIS_OUTAGES",
           "check_unavailable", "started_room", "status", "wait_until"]  # fmt: skip
