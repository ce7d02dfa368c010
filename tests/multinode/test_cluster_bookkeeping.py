"""The cluster's bookkeeping, one method at a time, on a real Redis and a node with no rooms, where a mutant of
the cluster survived every chaos test (issue 43): a lost reply to ``SET NX`` (the retried claim finds the lease
already its own), the settle window after a Redis outage (one lease, on the cluster's clock), and the dead
nodes' bookkeeping in a scan (a dead node's rooms leave its list once adopted or gone, and the node leaves the
site's list once it holds none)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from types import SimpleNamespace
from typing import Any, TypeVar, cast

import pytest
import redis as redis_client

import sevens.server.site.cluster as cluster_module
from harness.process import RedisServer
from sevens.server.rooms import RoomRegistry
from sevens.server.site.cluster import PREFIX, Cluster

T = TypeVar("T")


class Clock:
    """The monotonic clock the cluster module reads, standing still until a test moves it."""

    def __init__(self, now: float) -> None:
        self.now = now

    def monotonic(self) -> float:
        return self.now


def a_node(url: str, lease_seconds: float = 5.0) -> Cluster:
    """A node's cluster part with no rooms (a registry that holds none), never started: no task of its own runs."""
    registry = SimpleNamespace(rooms={}, ctx=SimpleNamespace(), rate_limits=list)  # no rate limits to share
    return Cluster(url, "http://127.0.0.1:9", cast(RoomRegistry, registry), {}, lease_seconds=lease_seconds)


def run(node: Cluster, work: Callable[[], Awaitable[T]]) -> T:
    """``work()`` on a new event loop, the node's Redis clients closed afterwards."""

    async def main() -> T:
        try:
            return await work()
        finally:
            await node.redis.aclose()
            await node._listener.aclose()

    return asyncio.run(main())


@pytest.fixture
def shared(redis: RedisServer) -> Iterator[redis_client.Redis]:
    with redis_client.Redis.from_url(redis.url, decode_responses=True) as r:
        yield r


def test_a_claim_whose_first_reply_was_lost_finds_the_lease_its_own(redis: RedisServer, shared: Any) -> None:
    """A ``SET NX`` retried after its reply was lost fails (the key exists: the first attempt set it); the claim
    is still this node's. A lease another node holds is not."""
    node = a_node(redis.url)
    shared.set(f"{PREFIX}owner:MINE22", node.node)  # what the first, unanswered attempt left
    shared.set(f"{PREFIX}owner:THEIRS", "another-node")
    claims = run(node, lambda: asyncio.gather(node.claim("MINE22"), node.claim("THEIRS"), node.claim("FREE22")))
    assert list(claims) == [True, False, True]
    assert shared.get(f"{PREFIX}owner:FREE22") == node.node and 0 < shared.pttl(f"{PREFIX}owner:FREE22") <= 5000


def test_a_handed_over_lease_passes_from_the_draining_node_to_its_heir_alone(redis: RedisServer, shared: Any) -> None:
    """Issue 42: a draining node keeps its lease while its heir adopts the room, so a third node (a client's
    request reaching it) cannot adopt it meanwhile; the heir takes the lease from the node named, or a free one
    (the draining node's lease ran out), and never one a third node holds."""
    node = a_node(redis.url)
    shared.set(f"{PREFIX}owner:HANDED", "draining-node", px=5000)
    shared.set(f"{PREFIX}owner:OTHERS", "third-node", px=5000)

    async def claims() -> list[bool]:
        return [
            await node._claim("HANDED"),  # a plain claim finds it held
            await node._claim("HANDED", handed_from="draining-node"),
            await node._claim("HANDED", handed_from="draining-node"),  # retried: already ours
            await node._claim("OTHERS", handed_from="draining-node"),  # not the draining node's any more
            await node._claim("LAPSED", handed_from="draining-node"),  # its lease ran out: free
        ]

    assert run(node, claims) == [False, True, True, False, True]
    assert shared.get(f"{PREFIX}owner:HANDED") == node.node and 0 < shared.pttl(f"{PREFIX}owner:HANDED") <= 5000
    assert shared.get(f"{PREFIX}owner:OTHERS") == "third-node"
    assert shared.get(f"{PREFIX}owner:LAPSED") == node.node


def test_after_a_redis_outage_the_node_settles_for_one_lease(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock(1000.0)
    monkeypatch.setattr(cluster_module, "time", clock)
    node = a_node("redis://127.0.0.1:9/0", lease_seconds=4.0)  # no Redis call is made
    assert not node.settling()  # never down
    node.redis_failed(ConnectionError("refused"))
    assert node.redis_down_since == 1000.0 and node.settling()
    clock.now = 1030.0
    node.redis_failed(ConnectionError("refused"))  # the same outage: it started at its first failure
    assert node.redis_down_since == 1000.0
    clock.now = 1060.0
    node._redis_back()  # Redis answers again at 1060: live owners renew within one lease (4 s)
    assert node.redis_down_since is None
    for now, settling in ((1060.0, True), (1063.9, True), (1064.0, False), (1100.0, False)):
        clock.now = now
        assert node.settling() is settling, now
    node._redis_back()  # a call with no outage behind it opens no new window
    assert not node.settling()
    run(node, lambda: asyncio.sleep(0))  # closes its clients


def test_a_scan_forgets_a_dead_nodes_rooms_once_adopted_or_gone_and_then_the_node(
    redis: RedisServer, shared: Any
) -> None:
    node = a_node(redis.url)
    held = f"{PREFIX}held:dead-node"
    shared.sadd(f"{PREFIX}nodes", "dead-node", "quiet-node")  # neither has a presence key: both are dead
    shared.set(f"{PREFIX}node:live-node", '{"address": "http://127.0.0.1:9"}', px=60_000)
    shared.sadd(f"{PREFIX}nodes", "live-node")
    shared.sadd(held, "GONE22", "TAKEN2", "STILL2")
    shared.hset(f"{PREFIX}rooms", mapping={"TAKEN2": "7", "STILL2": "8"})  # GONE22: finished, not in the index
    shared.set(f"{PREFIX}owner:TAKEN2", "live-node", px=60_000)  # adopted by a live node already
    shared.set(f"{PREFIX}owner:STILL2", "dead-node", px=60_000)  # the dead node's lease outlives it for now
    assert run(node, node.scan) == 0  # nothing this node could take: one lease is another's, one still the dead's
    assert shared.smembers(held) == {"STILL2"}  # gone and adopted are forgotten; the dead's own lease stays
    assert shared.smembers(f"{PREFIX}nodes") == {"dead-node", "live-node"}  # the quiet one held nothing: gone
    shared.delete(f"{PREFIX}owner:STILL2")
    shared.hdel(f"{PREFIX}rooms", "STILL2")  # finished meanwhile
    node = a_node(redis.url)
    assert run(node, node.scan) == 0
    assert not shared.exists(held)
    assert shared.smembers(f"{PREFIX}nodes") == {"live-node"}
    node = a_node(redis.url)
    assert run(node, node.nodes) == (["live-node"], [])
