"""``/api/health`` of a lone server: alive, its rooms, and each part it depends on (only the database without
Redis); a dependency that is down is named (tests/multinode stops them for real)."""

from __future__ import annotations

from .harness import running


def test_health_names_the_database_and_no_redis_on_a_lone_server() -> None:
    with running() as server:
        health = server.http.get("/api/health")
        assert health.status_code == 200
        assert health.json() == {"ok": True, "rooms": 0, "database": "up", "down": []}
