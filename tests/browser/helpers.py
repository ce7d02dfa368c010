"""Driving the page like a person: fill the lobby, start, and play whatever the server says is legal. Waiting is
always Playwright's auto-waiting ``expect`` on what the page shows (``#table`` carries ``data-turn`` and
``data-move``), never a sleep."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, TypedDict
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect
from typing_extensions import Unpack
from websockets.sync.client import connect as ws_connect

ROOT = Path(__file__).resolve().parents[2]
MINE_OR_OVER = re.compile(r"^(me|over)$")
MAX_MOVES = 400


class LobbyForm(TypedDict, total=False):
    """What :func:`fill_lobby` sets besides the family; each left as the lobby offers it when absent."""

    name: str  # the person's name (default Aiko)
    players: int
    open_seats: int  # seats 1.. for friends (the rest computers)
    variants: dict[str, str]  # the rules panel's fields
    turn_seconds: int
    rounds: int


def create_room(page: Page, family: str = "shichinarabe", start: bool = True, **form: Unpack[LobbyForm]) -> str:
    """From the lobby (:func:`fill_lobby`): a table of ``family`` with the person in seat 1, ``open_seats`` seats
    for friends and computers elsewhere; started unless told otherwise. Returns the join code."""
    fill_lobby(page, family, **form)
    page.get_by_test_id("create").click()
    expect(page.locator("#table")).to_have_attribute("data-status", "lobby")
    code = page.locator(".room-code").inner_text().split()[-1]
    if start:
        start_game(page)
    return code


def fill_lobby(page: Page, family: str = "shichinarabe", **form: Unpack[LobbyForm]) -> None:
    """Fill the lobby's form for a table of ``family`` (as :func:`create_room` describes), without creating it."""
    page.goto("/")
    page.get_by_test_id("name").fill(form.get("name", "Aiko"))
    page.get_by_test_id(f"family-{family}").click()
    for field_id, value in (("players", form.get("players")), ("rounds", form.get("rounds"))):
        if value is not None:
            field = page.locator(f"#{field_id}")
            field.fill(str(value))
            field.dispatch_event("change")
    for seat in range(1, form.get("open_seats", 0) + 1):
        page.get_by_test_id(f"seat-{seat}").select_option("human")
    if "turn_seconds" in form:
        page.locator("#turn").select_option(str(form["turn_seconds"]))
    if variants := form.get("variants"):
        page.locator("details.rules summary").click()
        for key, text in variants.items():
            page.locator(f"#rule-{key}").fill(text)


def enter_with_ticket(page: Page, ticket: dict[str, Any], name: str) -> None:
    """Sit at a table created over HTTP (to choose its seed), as the browser that created it would."""
    page.goto("/")
    page.evaluate(
        "([t]) => localStorage.setItem('sevens.ticket.' + t.code, JSON.stringify(t))", [{**ticket, "name": name}]
    )
    page.goto(f"/#/room/{ticket['code']}")
    expect(page.locator("#table")).to_have_attribute("data-status", re.compile("lobby|playing"))


def screenshot_folder() -> Path:
    """Where screenshots for people to look at go: ``$SEVENS_SCREENSHOTS``, else ``build/screenshots/``
    (not committed)."""
    path = Path(os.environ.get("SEVENS_SCREENSHOTS") or ROOT / "build" / "screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def start_game(page: Page) -> None:
    page.get_by_test_id("start").click()
    expect(page.locator("#table")).not_to_have_attribute("data-status", "lobby")


def play_one(page: Page) -> str:
    """Play the first legal action the page offers (a legal card, else an action button); returns it."""
    table = page.locator("#table")
    if table.get_attribute("data-family") == "seven27":
        offered = [b.get_attribute("data-action") or "" for b in page.locator(".action-bar .action").all()]
        action = next((a for a in ("stand", "check", "call") if a in offered), offered[0])  # a short deal
        page.locator(f".action-bar [data-action='{action}']").click()
        return action
    legal = page.locator(".hand-card[data-legal=true]")
    if legal.count():
        card = legal.first.get_attribute("data-card") or ""
        legal.first.click()
        chooser = page.locator(".chooser .action")
        if chooser.count():  # a joker play or exchange: take the first way offered
            chooser.first.click()
        return card
    page.get_by_role("button", name=re.compile("^Pass|^パス")).click()
    return "pass"


def wait_for_my_turn(page: Page) -> bool:
    """Wait until it is this page's turn (True) or the game is over (False)."""
    table = page.locator("#table")
    expect(table).to_have_attribute("data-turn", MINE_OR_OVER)
    return table.get_attribute("data-turn") == "me"


def wait_for_my_turn_in_session(page: Page) -> bool:
    """Wait until it is this page's turn (True) or the whole session is over (False): a deal that ends in
    between (Seven Twenty-Seven plays several) is waited through, not mistaken for the end. False means the
    session is over, never that the turn has already moved on (with auto-pass the page may pass at once)."""
    page.wait_for_function(
        "() => { const t = document.querySelector('#table');"
        " return t.dataset.turn === 'me' || t.dataset.sessionOver === 'true'; }"
    )
    return page.locator("#table").get_attribute("data-session-over") != "true"


def play_a_move(page: Page) -> str:
    """Play one move (:func:`play_one`) and wait until the table has taken it; returns it."""
    table = page.locator("#table")
    move = table.get_attribute("data-move") or ""
    played = play_one(page)
    expect(table).not_to_have_attribute("data-move", move)
    return played


def play_to_the_end(page: Page) -> int:
    """Play every turn of this page until the game is over; returns how many moves it made."""
    table = page.locator("#table")
    for moves in range(MAX_MOVES):
        if not wait_for_my_turn(page):
            expect(table).to_have_attribute("data-session-over", "true")
            return moves
        play_a_move(page)
    raise AssertionError("the game did not end")


def bots_game(server: str, http: Any, preset: str = "standard", **body: Any) -> int:
    """A game of computer players only, created over HTTP and followed to its end as a spectator over the
    WebSocket; returns its record id (for the replay viewer)."""
    seats = [{"kind": "bot", "agent": "random"} for _ in range(3)]
    ticket = http.post(f"{server}/api/rooms", json={"preset": preset, "seats": seats, "seed": 5, **body}).json()
    host = urlsplit(server).netloc
    with ws_connect(f"ws://{host}/ws/{ticket['code']}", open_timeout=10) as ws:
        http.post(f"{server}/api/rooms/{ticket['code']}/start", headers={"Authorization": f"Bearer {ticket['token']}"})
        while (record := finished_record(json.loads(ws.recv(timeout=30)))) is None:
            pass
        return record


def finished_record(frame: dict[str, Any]) -> int | None:
    """The record id if this WebSocket frame says the room has finished (its session over), else ``None``."""
    room = frame.get("room")
    if room is None or room["status"] != "finished":
        return None
    record: int = room["record"]
    return record
