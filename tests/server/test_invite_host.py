"""The invite's QR code is never built from whatever a client puts in ``Host`` (issue 42 item 4): with
``--public-url`` the link is the operator's; without it the Host must be a host name with an optional port, at most
261 characters (a 2,400-character Host was a 500 with segno's DataOverflowError, a 2,300-character one cost 138 ms
of CPU). ``--public-url`` itself is checked when the server starts."""

from __future__ import annotations

import pytest

from sevens.errors import SevensError
from sevens.server.command import check_public_url

from .harness import running, seated_room


@pytest.mark.parametrize(
    "host",
    ["a" * 2400, "a" * 262, "evil.example/path", "ex ample.org", "<script>", "example.org:99999999", "[::1", ""],
)
def test_a_host_header_that_names_no_host_is_refused_with_a_clear_400(host: str) -> None:
    with running() as server:
        code, _tokens = seated_room(server, ["Aiko"], ["normal"])
        response = server.http.get(f"/api/rooms/{code}/invite.svg", headers={"Host": host})
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["error"] == "bad_request" and "Host header" in body["message"] and "261" in body["message"]
    assert host[:20] not in body["message"] or not host  # the header is not echoed back


@pytest.mark.parametrize("host", ["sevens.example.org", "192.168.1.5:8000", "[::1]:8000", "localhost", "a" * 63])
def test_a_real_host_names_the_link(host: str) -> None:
    with running() as server:
        code, _tokens = seated_room(server, ["Aiko"], ["normal"])
        response = server.http.get(f"/api/rooms/{code}/invite.svg", headers={"Host": host})
    assert response.status_code == 200, response.text
    assert f"<title>http://{host}/#/room/{code}</title>" in response.text


def test_the_public_url_makes_the_link_whatever_the_host_says() -> None:
    with running(public_url="https://sevens.example.org/play") as server:
        code, _tokens = seated_room(server, ["Aiko"], ["normal"])
        for host in ("attacker.example", "a" * 2400):
            response = server.http.get(f"/api/rooms/{code}/invite.svg", headers={"Host": host})
            assert response.status_code == 200, response.text
            assert f"<title>https://sevens.example.org/play/#/room/{code}</title>" in response.text


@pytest.mark.parametrize(
    "url",
    ["sevens.example.org", "ftp://sevens.example.org", "https://", "https://x.org/?a=1", "https://x.org/#f",
     "https://user@x.org", "https://x.org/" + "p" * 200],
)  # fmt: skip
def test_a_public_url_that_cannot_be_a_link_is_refused_at_start(url: str) -> None:
    with pytest.raises(SevensError, match="--public-url"):
        check_public_url(url)


def test_a_public_url_loses_its_trailing_slash() -> None:
    assert check_public_url("https://sevens.example.org/") == "https://sevens.example.org"
