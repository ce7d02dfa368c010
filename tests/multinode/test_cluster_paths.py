"""The cluster's paths one at a time, on in-process nodes with a real Redis and PostgreSQL: two nodes adopting
one room at once (one wins), a node paused past its lease (it drops the room, its clients go to the new owner),
an owner that cannot be reached (WebSocket 1012, HTTP 503), ``SIGTERM`` drains (rooms handed over, the games going
on; a lone node resumes them on restart); no move lost or stored twice. The longest pause of a hand-over is
recorded (issue 28 asks under 3 s; bench/chaos_timings.py checks it)."""

from __future__ import annotations

import asyncio

import httpx2 as httpx
import pytest
import redis as redis_client

from harness.process import PostgresServer, RedisServer, free_port
from harness.timings import record_timing
from server.harness import Closed
from sevens.server.timers import ManualClock

from .helpers import PATIENT_SECONDS, check_unavailable, started_room, status, wait_until
from .site import Node, Site, site
from .table import Table, check_nothing_lost, connect, stored_moves


async def lose(node: Node) -> None:
    """What a node's death leaves behind, without stopping its process: its upkeep and listener gone, its
    presence and leases expired, its rooms gone from memory (their clients closed)."""
    cluster = node.cluster
    for task in cluster._tasks:
        task.cancel()
    for code in list(node.registry.rooms):
        node.registry.rooms.pop(code).close_all(1012, "gone")


def expire(redis_url: str, *keys: str) -> None:
    with redis_client.Redis.from_url(redis_url) as r:
        r.delete(*keys)


def record_of(http: httpx.Client, node: Node, code: str) -> int:
    return int(http.get(f"{node.url}/api/rooms/{code}").json()["record"])


def test_two_nodes_adopting_one_room_at_once_one_wins(database_url: str, redis: RedisServer) -> None:
    with site(database_url, redis.url, nodes=3) as nodes, httpx.Client(timeout=10) as http:
        dead, first, second = nodes.nodes
        code, tokens = started_room(http, dead.url, first.url)
        session = dead.registry.rooms[code].session_id
        assert session is not None
        with Table(code, tokens, lambda: [first.address, second.address]) as table:
            table.play(moves=6)
            nodes.call(lose(dead))
            expire(redis.url, f"sevens:owner:{code}", f"sevens:node:{dead.cluster.node}")

            async def race() -> list[object]:
                return list(
                    await asyncio.gather(first.cluster.adopt(code, session), second.cluster.adopt(code, session))
                )

            adopted = nodes.call(race())
            winners = [room for room in adopted if room is not None]
            assert len(winners) == 1
            holders = [n for n in (first, second) if code in n.registry.rooms]
            assert len(holders) == 1
            with redis_client.Redis.from_url(redis.url, decode_responses=True) as r:
                assert r.get(f"sevens:owner:{code}") == holders[0].cluster.node
            table.play(moves=10)
        record = record_of(http, first, code)
    check_nothing_lost(table, stored_moves(database_url, record))


def test_a_node_paused_past_its_lease_drops_the_room_for_its_new_owner(database_url: str, redis: RedisServer) -> None:
    with site(database_url, redis.url, nodes=2) as nodes, httpx.Client(timeout=10) as http:
        paused, other = nodes.nodes
        code, tokens = started_room(http, paused.url, other.url)
        room = paused.registry.rooms[code]
        with Table(code, tokens, lambda: [paused.address, other.address]) as table:
            table.play(moves=6)
            for task in paused.cluster._tasks[1:]:  # the upkeep stops renewing, as in a long pause
                task.cancel()
            expire(redis.url, f"sevens:owner:{code}")
            assert room.session_id is not None
            assert nodes.call(other.cluster.adopt(code, room.session_id)) is not None
            nodes.call(paused.cluster.upkeep())  # back from the pause: the lease is another node's now
            assert code not in paused.registry.rooms and room.closed
            table.play(moves=10)  # the clients were closed (1012) and found the room through either node
            assert table.reconnects >= 1
        record = record_of(http, other, code)
    check_nothing_lost(table, stored_moves(database_url, record))


def test_an_owner_that_cannot_be_reached_is_a_reconnect_or_a_503(database_url: str, redis: RedisServer) -> None:
    with site(database_url, redis.url, nodes=1) as nodes, httpx.Client(timeout=10) as http:
        (node,) = nodes.nodes
        with redis_client.Redis.from_url(redis.url, decode_responses=True) as r:
            gone = f"http://127.0.0.1:{free_port()}"  # nothing listens there
            r.set("sevens:node:gone", f'{{"address": "{gone}", "rooms": 1, "connections": 0}}', px=60_000)
            r.set("sevens:owner:GONE22", "gone", px=60_000)
        with pytest.raises(Closed) as closed:
            connect(node.address, "GONE22", None)
        assert closed.value.code == 1012
        check_unavailable(http.get(f"{node.url}/api/rooms/GONE22"))  # nobody answers on its channel
        # A node in its first lease has not searched the durable log yet (it waits for live owners to renew after
        # a Redis that may have restarted): a code it cannot place is "try again", not "unknown" …
        if node.cluster.settling():
            check_unavailable(http.get(f"{node.url}/api/rooms/NOSUCH"))
        wait_until(lambda: not node.cluster.settling(), PATIENT_SECONDS, "the node settled")
        nodes.call(node.cluster.upkeep())
        assert http.get(f"{node.url}/api/rooms/NOSUCH").status_code == 404  # … and unknown once it has searched


def test_sigterm_hands_every_started_room_to_the_other_nodes(database_url: str, redis: RedisServer) -> None:
    with site(database_url, redis.url, nodes=3) as nodes, httpx.Client(timeout=10) as http:
        leaving, first, second = nodes.nodes
        rooms = [started_room(http, leaving.url, first.url, seed=seed) for seed in (1, 2, 3)]
        tables = [Table(code, tokens, lambda: [first.address, second.address]) for code, tokens in rooms]
        body = {"preset": "standard", "seats": [{"kind": "human"}] * 3, "host_name": "Mio", "turn_seconds": 30}
        lobby = http.post(f"{leaving.url}/api/rooms", json=body).raise_for_status().json()
        http.post(f"{first.url}/api/rooms/{lobby['code']}/join", json={"name": "Ren"}).raise_for_status()
        waiting = connect(leaving.address, lobby["code"], lobby["token"])  # the host, in the lobby
        try:
            for table in tables:
                table.play(moves=4)
            last_moves = [table.last_move_seen for table in tables]
            nodes.stop_node(leaving)  # as SIGTERM: drain, then stop
            for (code, _tokens), table, last_move in zip(rooms, tables, last_moves, strict=True):
                assert any(code in n.registry.rooms for n in (first, second))
                table.play(moves=6, timeout=PATIENT_SECONDS)
                pause = table.longest_pause(since=last_move)
                record_timing("SIGTERM hand-over of three rooms: the longest pause of a room", pause)
            assert waiting.closed_with().code == 1012  # the lobby moved too: the host reconnects to it
            waiting = connect(first.address, lobby["code"], lobby["token"])
            assert waiting.you is not None and waiting.you["player"] == 0 and waiting.you["host"] is True
            info = http.get(f"{second.url}/api/rooms/{lobby['code']}").json()
            assert [m["name"] for m in info["members"]] == ["Mio", "Ren", None] and info["turn_seconds"] == 30
            joined = http.post(f"{second.url}/api/rooms/{lobby['code']}/join", json={"name": "Sora"})
            assert joined.status_code == 200 and joined.json()["player"] == 2
            waiting.close()
        finally:
            for table in tables:
                table.close()
        records = [record_of(http, first, code) for code, _tokens in rooms]
    for table, record in zip(tables, records, strict=True):
        check_nothing_lost(table, stored_moves(database_url, record))


def test_a_handed_over_computer_does_not_wait_its_whole_delay_again(database_url: str, redis: RedisServer) -> None:
    """Issue 42: a drained room's computer to move had already waited most of its delay; the heir counts that
    wait, so the room's pause is the hand-over, not the hand-over plus a whole delay again. The delay (120 s)
    is longer than the test's patience, so a heir that started the wait anew fails it."""
    delay = 120.0
    clock = ManualClock()
    with site(database_url, redis.url, nodes=0, bot_delay=delay) as nodes, httpx.Client(timeout=10) as http:
        leaving, heir = nodes.start_node(clock=clock), nodes.start_node()
        body = {"seats": [{"kind": "bot", "agent": "greedy"}] * 4, "seed": 5, "rounds": 3, "listed": False}
        ticket = http.post(f"{leaving.url}/api/rooms", json=body).raise_for_status().json()
        code = ticket["code"]
        host = {"Authorization": f"Bearer {ticket['token']}"}
        started = http.post(f"{leaving.url}/api/rooms/{code}/start", headers=host)
        assert started.status_code == 200, started.text
        room = leaving.registry.rooms[code]
        wait_until(lambda: room.autoplay.waiting_since is not None, PATIENT_SECONDS, "the computer began its wait")
        clock.advance(delay - 0.5)
        assert room.autoplay.waited() == pytest.approx(delay - 0.5)
        assert room.state is not None
        played = tuple(room.state.actions)
        nodes.stop_node(leaving)  # as SIGTERM: drain (the room handed to the heir), then stop
        adopted = heir.registry.rooms[code]
        assert adopted.state is not None and adopted.state.actions[: len(played)] == played
        wait_until(lambda: len(adopted.state.actions) > len(played), PATIENT_SECONDS, "the heir's computer moved")


@pytest.mark.parametrize("redis_down", [False, True], ids=["redis-up", "redis-down-at-start"])
def test_a_lone_node_stopped_resumes_its_games_when_it_starts_again(
    database_url: str, redis: RedisServer, redis_down: bool
) -> None:
    """Alone, a drained node keeps its games in the store; started again (even while Redis is down: it starts
    all the same and joins once Redis is back) it resumes them."""
    nodes = Site(database_url, redis.url)
    try:
        with httpx.Client(timeout=10) as http:
            node = nodes.start_node()
            code, tokens = started_room(http, node.url, node.url)
            with Table(code, tokens, nodes.addresses) as table:
                table.play(moves=4)
                nodes.stop_node(node)
                if redis_down:
                    redis.stop()
                node = nodes.start_node()
                if redis_down:
                    assert http.get(f"{node.url}/api/health").json()["down"] == ["redis"]
                    check_unavailable(http.get(f"{node.url}/api/rooms/{code}"))  # not "unknown": it may exist
                    redis.start()
                    served = lambda: status(http, "GET", f"{node.url}/api/rooms/{code}") == 200  # noqa: E731
                    took = wait_until(served, PATIENT_SECONDS, "the stored game served")
                    record_timing("a node started during a Redis outage: its stored game served after Redis", took)
                table.play(moves=6)
            record = record_of(http, node, code)
    finally:
        nodes.close()
    check_nothing_lost(table, stored_moves(database_url, record))


def test_a_room_whose_owner_dies_while_the_database_is_down_is_adopted_once_it_is_back(
    database_url: str, postgres: PostgresServer, redis: RedisServer
) -> None:
    with site(database_url, redis.url, nodes=2) as nodes, httpx.Client(timeout=10) as http:
        dead, heir = nodes.nodes
        code, tokens = started_room(http, dead.url, heir.url)
        with Table(code, tokens, lambda: [heir.address]) as table:
            table.play(moves=4)
            postgres.stop("immediate")
            try:
                nodes.call(lose(dead))
                expire(redis.url, f"sevens:owner:{code}", f"sevens:node:{dead.cluster.node}")
                with pytest.raises(Closed) as refused:  # an error frame, then "try again later"
                    connect(heir.address, code, tokens[0])
                assert refused.value.code == 1013
                check_unavailable(http.get(f"{heir.url}/api/rooms/{code}"))
            finally:
                postgres.start()
            served = lambda: status(http, "GET", f"{heir.url}/api/rooms/{code}") == 200  # noqa: E731
            took = wait_until(served, PATIENT_SECONDS, "the room adopted once the database is back")
            record_timing("an owner dead while the database was down: its room adopted after the database", took)
            table.play(moves=6)
        record = record_of(http, heir, code)
    check_nothing_lost(table, stored_moves(database_url, record))
