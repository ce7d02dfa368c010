"""Issue 28: operators can see the server. ``/metrics`` (Prometheus text) after a game has been played: the
move counters and the move and store latency histograms moved by the moves made, the gauges count the rooms
and connections; it holds no token, code or name; only allowed addresses may read it (private networks by
default, judged on the client's address behind trusted proxies, so a forged header cannot reach it); and a
node of a site reports the rooms it owns and its Redis commands (a real redis-server)."""

from __future__ import annotations

import os
import shutil

import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from harness.process import redis_process

from .harness import Server, play_session, random_chooser, running, seated_room


def scrape(server: Server, address: str = "127.0.0.1") -> dict[str, float]:
    """Every sample of ``/metrics``, read by a client at ``address``: ``name{label="v",…}`` → value."""
    response = TestClient(server.http.app, client=(address, 9090)).get("/metrics")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    samples = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            labels = ",".join(f'{k}="{v}"' for k, v in sorted(sample.labels.items()))
            samples[f"{sample.name}{{{labels}}}"] = sample.value
    return samples


def test_metrics_move_with_the_moves_played() -> None:
    with running() as server:
        before = scrape(server)
        code, tokens = seated_room(server, ["Aiko"], ["random"], preset="killer", seed=3)
        aiko, watcher = server.connect(code, tokens[0]), server.connect(code)  # a player and a spectator
        server.start(code, tokens[0])
        play_session({0: aiko}, random_chooser(1), lead=watcher)
        room = server.room(code)
        moves = [player for log in room.logs.values() for player, _ in log]
        after = scrape(server)
        raw = TestClient(server.http.app, client=("127.0.0.1", 9090)).get("/metrics").text

    def moved(name: str) -> float:
        return after.get(name, 0.0) - before.get(name, 0.0)

    assert moved('sevens_moves_total{by="player"}') == moves.count(0) > 0
    assert moved('sevens_moves_total{by="bot"}') == moves.count(1) > 0
    assert moved("sevens_move_seconds_count{}") == len(moves)
    assert moved("sevens_move_seconds_sum{}") > 0
    assert moved("sevens_store_seconds_count{}") >= len(moves)  # each move stored, and the rounds around them
    assert after['sevens_rooms{status="finished"}'] == 1
    assert after["sevens_connections{}"] == 2
    assert after['sevens_rooms_owned{node="single"}'] == 1
    assert tokens[0] not in raw and code not in raw and "Aiko" not in raw


@pytest.mark.parametrize("address", ["testclient", "203.0.113.7", "8.8.8.8"])
def test_metrics_are_not_shown_to_the_public(address: str) -> None:
    with running() as server:
        response = TestClient(server.http.app, client=(address, 1)).get("/metrics")
        assert response.status_code == 404 and response.json()["error"] == "not_found"


def test_a_forged_header_does_not_reach_the_metrics_through_the_proxy() -> None:
    with running(trusted_proxies=("10.0.0.2",), metrics_allow=("10.0.0.0/8",)) as server:
        proxy = TestClient(server.http.app, client=("10.0.0.2", 1))
        forged = proxy.get("/metrics", headers={"X-Forwarded-For": "10.1.1.1, 203.0.113.7"})
        assert forged.status_code == 404  # the client is 203.0.113.7, whatever it wrote before
        assert proxy.get("/metrics", headers={"X-Forwarded-For": "10.1.1.1"}).status_code == 200
        assert scrape(server, "10.3.3.3")["sevens_connections{}"] == 0  # a scraper inside, straight to the node


def test_metrics_can_be_switched_off() -> None:
    with running(metrics_allow=()) as server:
        assert TestClient(server.http.app, client=("127.0.0.1", 1)).get("/metrics").status_code == 404


def test_a_node_reports_its_rooms_and_its_redis_commands() -> None:
    if shutil.which("redis-server") is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("redis-server is needed on CI")
        pytest.skip("redis-server is not installed")
    with redis_process() as url, running(redis_url=url, advertise="http://127.0.0.1:1") as server:
        before = scrape(server)
        code, tokens = seated_room(server, ["Aiko"], ["random"])
        server.start(code, tokens[0])
        after = scrape(server)
        assert server.registry.cluster is not None
        assert after[f'sevens_rooms_owned{{node="{server.registry.cluster.node}"}}'] == 1
        assert after["sevens_redis_seconds_count{}"] > before.get("sevens_redis_seconds_count{}", 0)
