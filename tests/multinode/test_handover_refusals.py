"""A room that exists but cannot be served this moment is 503 + ``Retry-After``, never 404 ``unknown_room``
(issue 42 item 6: a live non-owner answered 404 during a SIGTERM hand-over; with PostgreSQL down and the owner
dead 2 of 67 refusals were 404). The moment is held still here: the owner has let go of the room (draining) but
its lease still names it, so the other node carries the request to it; the owner's answer is "moving", a 503."""

from __future__ import annotations

import httpx2 as httpx

from harness.process import RedisServer

from .helpers import check_unavailable, started_room
from .site import Node, site


async def let_go_mid_handover(node: Node, code: str) -> None:
    """What a draining owner looks like between taking a room out of its registry and releasing its lease."""
    node.cluster.draining = True
    node.registry.rooms.pop(code)


def test_a_room_moving_between_nodes_is_503_through_every_node(database_url: str, redis: RedisServer) -> None:
    with site(database_url, redis.url, nodes=2) as nodes, httpx.Client(timeout=10) as http:
        owner, other = nodes.nodes
        code, tokens = started_room(http, owner.url, other.url)
        room = owner.registry.rooms[code]
        nodes.call(let_go_mid_handover(owner, code))
        for node in (other, owner):
            check_unavailable(http.get(f"{node.url}/api/rooms/{code}"))
            check_unavailable(http.post(f"{node.url}/api/rooms/{code}/join", json={"name": "Ren"}))
        owner.registry.rooms[code] = room  # the hand-over called off: the room is served again
        owner.cluster.draining = False
        assert http.get(f"{other.url}/api/rooms/{code}").status_code == 200
        assert tokens
