"""A client's limits hold for the whole site, not per node (issue 42 item 4: one address once created 60 rooms
across 3 nodes where one node allows 20): the buckets live in Redis, shared by every node. While Redis is down
each node judges alone with its own buckets (service goes on; the limit is per node then)."""

from __future__ import annotations

import httpx2 as httpx

from harness.process import RedisServer

from .site import site

BURST = 20


def test_one_address_gets_its_allowance_once_across_three_nodes(database_url: str, redis: RedisServer) -> None:
    limits = {"rooms_burst": BURST, "rooms_per_minute": 0.01, "requests_per_second": 0.01, "requests_burst": 90}
    with site(database_url, redis.url, nodes=3, **limits) as nodes, httpx.Client(timeout=10) as http:
        urls = [node.url for node in nodes.nodes]
        created = [http.post(f"{urls[i % 3]}/api/rooms", json={}).status_code for i in range(3 * BURST)]
        assert created.count(201) == BURST, created
        assert set(created[BURST:]) == {429}
        # 60 requests so far of the 90 the address may make at once, wherever they land
        answers = [http.get(f"{urls[i % 3]}/api/health").status_code for i in range(45)]
        assert answers == [200] * 30 + [429] * 15, answers
        redis.stop()
        alone = [http.get(f"{urls[0]}/api/health").status_code for _ in range(100)]
        assert alone == [200] * 90 + [429] * 10  # the node's own bucket of 90, untouched while Redis answered
