"""Whole sessions as two friends play them, one in Japanese on a phone (390×844) and one in English on a desktop
(1280×800), the second joining by the invite link alone: a 3-round ``standard`` session and a 3-deal Seven
Twenty-Seven session with small stacks (someone goes bust). At every move the round counter is read; at the end
the session's winner must be the player with the highest total, the scoreboard's names at least 4 characters
wide and every row visible. Screenshots of the end go to ``build/screenshots/`` (see helpers.screenshot_folder)."""

from __future__ import annotations

import re
from typing import Any

import httpx2 as httpx
from playwright.sync_api import Locator, Page, expect

from .conftest import DESKTOP, PHONE, NewPage
from .helpers import enter_with_ticket, fill_lobby, play_one, screenshot_folder, start_game, wait_for_my_turn_in_session

ROUND_TEXT = {
    "en": re.compile(r"^Round (\d+) of (\d+)$"),
    "ja": re.compile(r"^第(\d+)ラウンド（全(\d+)回）$"),
}
BUST_TEXT = {"en": "out (bust)", "ja": "チップ切れ"}
MAX_MOVES = 600
SESSION_OVER_OR_HUMAN_TO_MOVE = """([humans]) => {
  const t = document.querySelector('#table');
  return t.dataset.sessionOver === 'true' || humans.includes(t.dataset.toMove);
}"""
# every row of the scoreboard on screen and not covered, each name cell at least 4 characters (em) wide
SCOREBOARD_CHECK = """() => {
  const board = document.querySelector('[data-testid=scoreboard]');
  const out = [];
  for (const row of board.querySelectorAll('tbody tr')) {
    const name = row.querySelector('.name');
    name.scrollIntoView({ block: 'center', inline: 'nearest' });
    const box = name.getBoundingClientRect();
    const em = parseFloat(getComputedStyle(name).fontSize);
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const onTop = Boolean(hit && name.contains(hit));
    out.push({ text: name.textContent, width: box.width, em, height: box.height, onTop });
  }
  return out;
}"""


# short Japanese labels (a word or two, no space) drawn on more than one line: 「上が/り」
WORDS_BROKEN = """() => {
  const broken = [];
  const labels = '#table td, #table th, #table button, #table .tag, #table small, #table .facts';
  for (const el of document.querySelectorAll(labels)) {
    const text = el.textContent.trim();
    if ([...el.childNodes].some((n) => n.nodeType !== Node.TEXT_NODE)) continue;
    if (!text || text.length > 6 || /\\s/.test(text) || !/[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test(text)) continue;
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    if (tops.size > 1) broken.push(text);
  }
  return broken;
}"""
# the results table fits the window or scrolls inside its own box (never cut off at the right)
RESULTS_FIT = """() => {
  const table = document.querySelector('[data-testid=results] .ranking');
  const box = table.parentElement;
  const scrolls = getComputedStyle(box).overflowX === 'auto' && box.getBoundingClientRect().right <= innerWidth + 1;
  return { fits: table.getBoundingClientRect().right <= innerWidth + 1, scrolls,
           page: document.documentElement.scrollWidth <= innerWidth };
}"""


def read_round(page: Page, lang: str) -> tuple[int, int]:
    """The round counter as the page says it: (round, of how many)."""
    text = page.get_by_test_id("round-no").inner_text().strip()
    found = ROUND_TEXT[lang].match(text)
    assert found, f"the round counter reads {text!r}"
    return int(found[1]), int(found[2])


def join_by_invite(page: Page, link: str, name: str) -> None:
    """A friend opens the invite link: the "join this table" card is the first thing on the page."""
    page.goto(link)
    card = page.get_by_test_id("invite-card")
    expect(card).to_be_visible()
    box = card.bounding_box()
    assert box is not None and box["y"] < 200, f"the join card starts {box} down the page"
    create = page.get_by_test_id("create").bounding_box()
    assert create is not None and create["y"] > box["y"] + box["height"] - 1, "the new-table form comes first"
    page.locator("#player-name").fill(name)
    page.get_by_test_id("invite-join").click()
    expect(page.locator("#table")).to_have_attribute("data-status", "lobby")


def invite_link_of(page: Page) -> str:
    """The waiting room's invite link, once its QR code has loaded."""
    page.wait_for_function("() => { const q = document.querySelector('[data-testid=invite-qr]');"
                           " return q && q.complete && q.naturalWidth > 0; }")  # fmt: skip
    link = page.get_by_test_id("invite-link").input_value()
    assert re.search(r"/#/room/[A-Z0-9]{6}$", link), link
    return link


def play_session(pages: dict[int, tuple[Page, str]], watcher: Page) -> dict[Page, set[int]]:
    """Both people play every turn of theirs until the session is over; returns the round numbers each page
    showed. ``watcher`` (one of them) says whose turn it is (``data-to-move``); the page of that person then
    waits for its own turn, plays, and both pages see the move before the next one."""
    seen: dict[Page, set[int]] = {page: set() for page, _ in pages.values()}
    langs = dict(pages.values())
    humans = [str(player) for player in pages]
    watched = watcher.locator("#table")
    for _ in range(MAX_MOVES):
        watcher.wait_for_function(SESSION_OVER_OR_HUMAN_TO_MOVE, arg=[humans])
        if watched.get_attribute("data-session-over") == "true":
            return seen
        page, lang = pages[int(watched.get_attribute("data-to-move") or "")]
        assert wait_for_my_turn_in_session(page)
        for reader, reader_lang in {page: lang, watcher: langs[watcher]}.items():
            seen[reader].add(read_round(reader, reader_lang)[0])
        before = page.locator("#table").get_attribute("data-move") or ""
        play_one(page)
        for other, _ in pages.values():
            expect(other.locator("#table")).not_to_have_attribute("data-move", before)
    raise AssertionError("the session did not end")


def totals_in(rows: Locator) -> dict[int, int]:
    """Player -> session total, from table rows marked ``data-player`` with a ``data-total`` cell."""
    found = {}
    for row in rows.all():
        total = row.locator("td[data-total]").get_attribute("data-total") or ""
        found[int(row.get_attribute("data-player") or "")] = int(total)
    return found


def check_the_end(page: Page, lang: str, rounds: int, name: str) -> dict[int, int]:
    """The session's end on one page: the winner is who has the highest total, the counter shows the last round,
    the scoreboard fits; a screenshot is saved. Returns each player's total."""
    table = page.locator("#table")
    expect(table).to_have_attribute("data-session-over", "true")
    results = page.get_by_test_id("results")
    expect(results).to_be_visible()
    expect(page.get_by_test_id("celebration")).to_be_visible()
    totals = totals_in(results.locator(".ranking tbody tr"))
    best = max(totals.values())
    winners = {int(p) for p in (page.get_by_test_id("winner").get_attribute("data-players") or "").split(",")}
    assert winners == {p for p, total in totals.items() if total == best}, (winners, totals)
    top_name = results.locator(".ranking tbody tr").first.locator(".who").inner_text()
    assert top_name in page.get_by_test_id("winner").inner_text()
    played = len(page.get_by_test_id("scoreboard").locator("thead th.num").all()) - 1  # the rounds, then "Total"
    assert 1 <= played <= rounds
    assert read_round(page, lang) == (played, rounds)
    assert totals_in(page.get_by_test_id("scoreboard").locator("tbody tr")) == totals
    fit = page.evaluate(RESULTS_FIT)
    assert fit["page"] and (fit["fits"] or fit["scrolls"]), f"the results are cut off at the right: {fit}"
    if lang == "ja":
        assert page.evaluate(WORDS_BROKEN) == [], "Japanese words broken across lines"
    rows = page.evaluate(SCOREBOARD_CHECK)
    assert len(rows) == len(totals)
    for row in rows:
        assert row["width"] >= 4 * row["em"] - 0.5, f"a name is {row['width']:.0f}px wide at {row['em']}px: {row}"
        assert row["height"] > 0 and row["onTop"], f"a scoreboard row is hidden: {row}"
    page.evaluate("window.scrollTo(0, 0)")
    path = screenshot_folder() / f"{name}.png"
    page.screenshot(path=str(path), full_page=True, animations="disabled")
    assert path.stat().st_size > 10_000
    return totals


def test_a_three_round_session_with_a_friend_who_came_by_the_invite_link(new_page: NewPage) -> None:
    host = new_page(locale="ja-JP", viewport=PHONE)
    fill_lobby(host, name="あいこ", open_seats=1, rounds=3)
    # exactly the five levels, by name, "normal" chosen
    options = host.get_by_test_id("seat-2").locator("option").all_inner_texts()
    assert options[1:] == ["コンピュータ：はじめて", "コンピュータ：やさしい", "コンピュータ：ふつう（おすすめ）",
                           "コンピュータ：つよい", "コンピュータ：達人"], options  # fmt: skip
    assert host.get_by_test_id("seat-2").input_value() == "normal"
    host.get_by_test_id("create").click()
    expect(host.locator("#table")).to_have_attribute("data-status", "lobby")
    friend = new_page(locale="en-US", viewport=DESKTOP)
    join_by_invite(friend, invite_link_of(host), "Ben")
    expect(host.locator(".member-list")).to_contain_text("Ben")
    start_game(host)
    seen = play_session({0: (host, "ja"), 1: (friend, "en")}, watcher=host)
    assert seen[host] == {1, 2, 3} and seen[friend] == {1, 2, 3}, seen
    totals = check_the_end(host, "ja", 3, "journey-standard-ja-phone")
    assert check_the_end(friend, "en", 3, "journey-standard-en-desktop") == totals


def test_a_seven27_session_where_someone_goes_bust(new_page: NewPage, server: str) -> None:
    # small stacks and a big ante: a player who wins nothing for two deals has no chips left
    body: dict[str, Any] = {
        "preset": "standard", "host_name": "Aiko", "seed": 11,
        "variants": {"stack": 10, "ante": 5, "deals": 3},
        "seats": [{"kind": "human"}, {"kind": "human"}] + [{"kind": "bot", "agent": "normal"}] * 2,
    }  # fmt: skip
    families = httpx.get(f"{server}/api/catalog").json()["families"]
    body["preset"] = next(f for f in families if f["name"] == "seven27")["presets"][0]["name"]
    ticket = httpx.post(f"{server}/api/rooms", json=body).json()
    host = new_page(locale="en-US", viewport=DESKTOP)
    enter_with_ticket(host, ticket, "Aiko")
    friend = new_page(locale="ja-JP", viewport=PHONE)
    join_by_invite(friend, invite_link_of(host), "けん")
    start_game(host)
    seen = play_session({0: (host, "en"), 1: (friend, "ja")}, watcher=host)
    totals = check_the_end(host, "en", 3, "journey-seven27-en-desktop")
    assert check_the_end(friend, "ja", 3, "journey-seven27-ja-phone") == totals
    played = len(host.get_by_test_id("scoreboard").locator("thead th.num").all()) - 1
    assert seen[host] == set(range(1, played + 1)), seen
    # someone ran out of chips, and both pages say so in their language
    for page, lang in ((host, "en"), (friend, "ja")):
        expect(page.get_by_test_id("results").locator(".ranking")).to_contain_text(BUST_TEXT[lang])
    assert sum(totals.values()) == 0  # chips move, none are made


def test_the_scoreboard_of_eight_players_and_ten_rounds_fits_a_desktop_and_a_phone(
    new_page: NewPage, server: str
) -> None:
    """Eight computers play ten rounds; someone watching sees every row of the scoreboard with its name at least
    4 characters wide, on a desktop and on a phone."""
    seats = [{"kind": "bot", "agent": "normal"}] * 8
    ticket = httpx.post(f"{server}/api/rooms", json={"seats": seats, "rounds": 10, "seed": 2}).json()
    started = httpx.post(
        f"{server}/api/rooms/{ticket['code']}/start", headers={"Authorization": f"Bearer {ticket['token']}"}
    )
    assert started.status_code == 200, started.text
    for lang, locale, viewport in (("en", "en-US", DESKTOP), ("ja", "ja-JP", PHONE)):
        page = new_page(locale=locale, viewport=viewport)
        page.goto(f"/#/room/{ticket['code']}")
        expect(page.locator("#table")).to_have_attribute("data-session-over", "true", timeout=60_000)
        board = page.get_by_test_id("scoreboard")
        expect(board.locator("thead th.num")).to_have_count(11)  # ten rounds and the total
        rows = page.evaluate(SCOREBOARD_CHECK)
        assert len(rows) == 8
        for row in rows:
            assert row["width"] >= 4 * row["em"] - 0.5, f"a name is {row['width']:.0f}px wide at {row['em']}px: {row}"
            assert row["height"] > 0 and row["onTop"], f"a scoreboard row is hidden: {row}"
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
        board.scroll_into_view_if_needed()
        board.screenshot(path=str(screenshot_folder() / f"scoreboard-8x10-{lang}.png"))
