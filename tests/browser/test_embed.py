"""A table a family app embeds (issue 40 item 5, docs/embed.md): the example host page of docs/, served on
ANOTHER origin than the sevens server (a second local HTTP server on its own port), frames ``/embed/play?…``,
a person plays a seeded two-round session to its end inside the frame, and the stars the host counted from the
``sevens:round`` messages are the session's (as the server stored them); the ``sevens:session`` message agrees.
A host on an origin the operator did not allow cannot frame the table and receives nothing."""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx2 as httpx
import pytest
from playwright.sync_api import Frame, Page, expect

from harness.process import HOST, server_process

from .axe_check import assert_accessible, load_axe
from .conftest import NewPage
from .helpers import ROOT, screenshot_folder

DOCS = ROOT / "docs"
MAX_TURNS = 300
TABLE = "play?preset=standard&players=3&level=normal&rounds=2&name=Emi&seed=4&lang=en"


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No line per request on the test's output."""


@dataclass
class Site:
    """A static site (the host page's) on its own loopback port: its own origin."""

    origin: str
    server: ThreadingHTTPServer


@functools.cache
def _handler(directory: Path) -> Any:
    return functools.partial(QuietHandler, directory=str(directory))


@pytest.fixture
def host_sites() -> Iterator[tuple[Site, Site]]:
    """Two sites serving docs/ (the example host page): the first the sevens server allows, the second not."""
    sites = []
    for _ in range(2):
        server = ThreadingHTTPServer((HOST, 0), _handler(DOCS))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        sites.append(Site(f"http://{HOST}:{server.server_address[1]}", server))
    yield sites[0], sites[1]
    for site in sites:
        site.server.shutdown()
        site.server.server_close()


@pytest.fixture
def sevens(tmp_path: Path, host_sites: tuple[Site, Site]) -> Iterator[str]:
    """A sevens server that lets the first host site (only) embed its tables."""
    allowed, _ = host_sites
    with server_process(f"sqlite:///{tmp_path / 'embed.sqlite3'}", ("--embed-origin", allowed.origin)) as process:
        yield process.url


def host_page_url(site: Site, sevens: str) -> str:
    return f"{site.origin}/embed-example.html?sevens={quote(sevens)}&table={quote(TABLE)}"


def table_frame(page: Page) -> Frame:
    frame = page.locator("#sevens").element_handle().content_frame()
    assert frame is not None, "the host page has no frame"
    return frame


def play_the_session(frame: Frame) -> int:
    """Play every turn of the person in the frame (the first playable card, else pass) until the session is
    over; returns the moves made."""
    for moves in range(MAX_TURNS):
        frame.wait_for_function(
            "() => { const t = document.querySelector('#table');"
            " return t && (t.dataset.turn === 'me' || t.dataset.sessionOver === 'true'); }"
        )
        table = frame.locator("#table")
        if table.get_attribute("data-session-over") == "true":
            return moves
        move = table.get_attribute("data-move") or ""
        legal = frame.locator(".hand-card[data-legal=true]")
        if legal.count():
            legal.first.click()
            if frame.locator(".chooser .action").count():
                frame.locator(".chooser .action").first.click()
        else:
            frame.locator("[data-action='pass']").click()
        frame.wait_for_function(
            "(move) => { const t = document.querySelector('#table');"
            " return t.dataset.move !== move || t.dataset.sessionOver === 'true'; }",
            arg=move,
        )
    raise AssertionError("the session did not end")


def test_a_family_app_counts_the_stars_of_an_embedded_session(
    new_page: NewPage, sevens: str, host_sites: tuple[Site, Site]
) -> None:
    allowed, _ = host_sites
    page = new_page(viewport={"width": 900, "height": 900})  # the real policies: the frame must be allowed
    load_axe(page)
    page.goto(host_page_url(allowed, sevens))
    frame = table_frame(page)
    expect(frame.locator("#table")).to_have_attribute("data-status", re.compile("playing|finished"))
    expect(frame.locator("header.top")).to_be_hidden()  # the table alone: no lobby, no site header
    expect(frame.get_by_test_id("create")).to_have_count(0)
    frame.wait_for_function("() => document.querySelector('#table').dataset.turn === 'me'")
    assert_accessible(frame, "the embedded table")
    assert play_the_session(frame) > 0
    page.wait_for_function("() => window.sevensMessages.some((m) => m.type === 'sevens:session')")
    messages: list[dict[str, Any]] = page.evaluate("() => window.sevensMessages")
    rounds = [m for m in messages if m["type"] == "sevens:round"]
    (session,) = [m for m in messages if m["type"] == "sevens:session"]
    assert [m["round"] for m in rounds] == [1, 2] and rounds[-1]["session_over"] is True
    code = session["room"]
    record = httpx.get(f"{sevens}/api/rooms/{code}").json()["record"]
    stored = httpx.get(f"{sevens}/api/games/{record}").json()
    person = 0  # the frame's person: the first seat of /embed/play
    stored_stars = [r["stars"][person] for r in stored["rounds"]]
    stored_points = [r["points"][person] for r in stored["rounds"]]
    assert [m["stars"] for m in rounds] == stored_stars
    assert [m["points"] for m in rounds] == stored_points
    assert session["stars"] == sum(stored_stars) and session["session_total"] == sum(stored_points)
    expect(page.get_by_test_id("host-stars")).to_have_text(str(sum(stored_stars)))  # what the host counted
    expect(page.get_by_test_id("host-rounds")).to_have_text("2")
    assert [s["rank"] for s in session["standings"]] == sorted(s["rank"] for s in session["standings"])
    assert session["winner"] == (session["rank"] == 1)
    page.screenshot(path=str(screenshot_folder() / "embed-host.png"), full_page=True, animations="disabled")
    page.reload()  # a reload of the host page: the table resumes in its frame, nothing is counted twice
    frame = table_frame(page)
    expect(frame.get_by_test_id("results")).to_be_visible()
    assert page.evaluate("() => window.sevensMessages.filter((m) => m.type !== 'sevens:ready').length") == 0


def test_a_site_not_allowed_cannot_frame_the_table_and_hears_nothing(
    new_page: NewPage, sevens: str, host_sites: tuple[Site, Site]
) -> None:
    _, stranger = host_sites
    page = new_page()
    with page.expect_response(re.compile(r"/embed/play")) as answer:
        page.goto(host_page_url(stranger, sevens))
    policy = answer.value.headers["content-security-policy"]
    assert f"frame-ancestors {host_sites[0].origin}" in policy and stranger.origin not in policy
    page.wait_for_load_state("load")  # the frame has loaded or been refused by now
    frame = table_frame(page)
    assert frame.url.startswith("chrome-error:"), frame.url  # refused: the table never ran in it
    assert page.evaluate("() => window.sevensMessages") == []
    # the page of the site itself still refuses every frame
    page_policy = httpx.get(f"{sevens}/").headers
    assert "frame-ancestors 'none'" in page_policy["content-security-policy"]
    assert page_policy["x-frame-options"] == "DENY"


def test_a_table_the_app_created_is_embedded_by_its_code_and_seat_token(
    new_page: NewPage, sevens: str, host_sites: tuple[Site, Site]
) -> None:
    """``/embed/room/CODE#token=…``: the app's server created the table over the HTTP API; the frame seats the
    person by the token (in the fragment: never sent to a server) and the host hears that the table is ready."""
    allowed, _ = host_sites
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "normal"}]
    ticket = httpx.post(f"{sevens}/api/rooms", json={"seats": seats, "host_name": "Emi", "seed": 4}).json()
    table = f"room/{ticket['code']}#token={ticket['token']}"
    page = new_page()
    with page.expect_request(re.compile(r"/embed/room/")) as asked:
        page.goto(f"{allowed.origin}/embed-example.html?sevens={quote(sevens)}&table={quote(table)}")
    assert ticket["token"] not in asked.value.url  # the fragment stays in the browser
    frame = table_frame(page)
    frame.get_by_test_id("start").click()  # the person is the table's host: the waiting room, then the game
    frame.wait_for_function("() => document.querySelector('#table').dataset.turn === 'me'")
    page.wait_for_function("() => window.sevensMessages.length > 0")
    ready = {"type": "sevens:ready", "version": 1, "room": ticket["code"]}
    assert page.evaluate("() => window.sevensMessages") == [ready]
