"""Every unauthenticated request costs little and is rate-limited (issue 42 item 4): HTTP requests per client
address (429 + ``Retry-After`` past the burst, another address unaffected, ``/metrics`` not counted), invite QR
codes per address, list pages capped (``GET /api/rooms?limit=200`` once returned 187 kB to anyone), and bodies
bounded in size (64 KiB, else 413) and in time (the header timeout, else 408)."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from harness.process import server_process
from sevens.server.site.throttle import MAX_BODY_BYTES

from .harness import running, seated_room
from .test_edge_limits import raw_connection, read_until_closed


def test_requests_past_the_burst_are_429_for_that_address_only() -> None:
    with running(requests_per_second=1.0, requests_burst=10) as server:
        answers = [server.http.get("/api/health").status_code for _ in range(12)]
        assert answers == [200] * 10 + [429] * 2
        refused = server.http.get("/api/catalog")
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
        assert refused.json()["error"] == "rate_limited" and "this address" in refused.json()["message"]
        other = TestClient(server.http.app, client=("192.0.2.7", 4321))
        assert other.get("/api/health").status_code == 200
        server.clock.advance(2.0)  # refilled at one a second
        assert [server.http.get("/api/health").status_code for _ in range(3)] == [200, 200, 429]


def test_invite_codes_have_their_own_smaller_allowance() -> None:
    with running(invites_per_second=0.5, invites_burst=3) as server:
        code, _tokens = seated_room(server, ["Aiko"], ["normal"])
        answers = [server.http.get(f"/api/rooms/{code}/invite.svg").status_code for _ in range(4)]
        assert answers == [200, 200, 200, 429]
        assert server.http.get(f"/api/rooms/{code}").status_code == 200  # other requests go on


def test_a_lobby_page_is_at_most_20_rooms_and_68_kb() -> None:
    with running(lobbies_per_address=1000, rooms_burst=1000, requests_burst=1000) as server:
        for index in range(30):  # the longest names and most seats a listed room can have
            body = {"host_name": f"{'長' * 20}{index:04d}", "seats": [{"kind": "human"}] * 20}
            assert server.http.post("/api/rooms", json=body).status_code == 201, body
        page = server.http.get("/api/rooms?limit=20")
        assert page.status_code == 200 and len(page.json()) == 20
        assert len(page.content) <= 68 * 1024, len(page.content)
        assert server.http.get("/api/rooms").content == page.content  # the default page is the largest
        too_many = server.http.get("/api/rooms?limit=200")
        assert too_many.status_code == 422 and "limit" in too_many.json()["message"]
        too_far = server.http.get("/api/rooms?offset=100000")
        assert too_far.status_code == 422 and "offset" in too_far.json()["message"]
        assert json.loads(server.http.get("/api/rooms?offset=1000").content) == []


def test_a_body_past_64_kib_is_413_before_any_route_reads_it() -> None:
    with running() as server:
        huge = server.http.post("/api/rooms", content=b'{"host_name": "' + b"a" * (MAX_BODY_BYTES + 1) + b'"}')
        assert huge.status_code == 413 and huge.json()["error"] == "too_large" and "64 KiB" in huge.json()["message"]
        assert server.registry.rooms == {}
        assert server.http.post("/api/rooms", json={"host_name": "Aiko"}).status_code == 201  # a real body passes


def test_a_body_sent_a_byte_at_a_time_is_cut_after_the_header_timeout(tmp_path: Path) -> None:
    with server_process(f"sqlite:///{tmp_path / 'body.sqlite3'}", ("--header-timeout", "1")) as server:
        with raw_connection(server, "127.0.0.2") as slow:
            slow.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: sevens\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 100\r\n\r\n{")  # fmt: skip
            answer = read_until_closed(slow)  # a socket.timeout (10 s) here is the bug
        assert answer.startswith(b"HTTP/1.1 408 "), answer
        assert b"too_slow" in answer


def test_the_pages_files_are_not_counted() -> None:
    with running(requests_per_second=1.0, requests_burst=2) as server:
        files = [server.http.get("/static/favicon.svg").status_code for _ in range(5)]
        assert files == [200] * 5
        assert [server.http.get("/api/health").status_code for _ in range(3)] == [200, 200, 429]
