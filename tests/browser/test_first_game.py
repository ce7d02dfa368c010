"""A newcomer's first game (issue 19), in Japanese and in English: a whole ``standard`` round against computer
players, clicked like a person, an illegal click first; at every turn the page speaks only the player's language
(card names aside), at 1280×800 and at 390×844. Screenshots of the lobby, the table, the winner screen, the rules
page (opened from the table) and the replay are written for people to look at (the folder is printed; see
helpers.screenshot_folder)."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import httpx2 as httpx
import pytest
from playwright.sync_api import Locator, Page, ViewportSize, expect

from .conftest import DESKTOP, PHONE, NewPage
from .helpers import create_room, play_a_move, play_one, screenshot_folder, start_game, wait_for_my_turn
from .language import assert_speaks

SIZES = {"desktop": DESKTOP, "phone": PHONE}
PEOPLE = {
    "ja": {"locale": "ja-JP", "name": "あいこ", "refused": "その手は出せません。", "legal_now": "今できる手："},
    "en": {"locale": "en-US", "name": "Aiko", "refused": "You can't play that.", "legal_now": "legal now:"},
}
MAX_TURNS = 60
NAMES = [person["name"] for person in PEOPLE.values()]  # people's names are in the script they chose


def shoot(page: Page, lang: str, screen: str, home: ViewportSize, check: bool = True) -> list[Path]:
    """``screen`` at both sizes, its language checked at each (unless told); back to the ``home`` size."""
    written = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        if check:
            assert_speaks(page, lang, NAMES)
        path = screenshot_folder() / f"first-game-{lang}-{screen}-{size}.png"
        page.screenshot(path=str(path), full_page=True, animations="disabled")
        written.append(path)
    page.set_viewport_size(home)
    print(f"screenshots: {screenshot_folder()}")
    return written


def ink(page: Page, element: Locator) -> int:
    """How many pixels of ``element``'s box differ from its corner pixel (the background): an icon drawn has
    many, an empty box or a missing glyph's frame a few."""
    png = base64.b64encode(element.screenshot(animations="disabled")).decode()
    counted: int = page.evaluate(
        """async (png) => {
          const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
          const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const g = canvas.getContext("2d");
          g.drawImage(bitmap, 0, 0);
          const px = g.getImageData(0, 0, bitmap.width, bitmap.height).data;
          let n = 0;
          for (let i = 0; i < px.length; i += 4) {
            const d = Math.abs(px[i] - px[0]) + Math.abs(px[i + 1] - px[1]) + Math.abs(px[i + 2] - px[2]);
            if (d > 90) n += 1;
          }
          return n;
        }""",
        png,
    )
    return counted


def assert_drawn(page: Page, element: Locator) -> None:
    box = element.bounding_box()
    assert box is not None and box["width"] >= 10, "the icon has no size"
    assert element.evaluate("(el) => el.tagName.toLowerCase()") == "svg", "icons are SVG, not font glyphs"
    share = ink(page, element) / (box["width"] * box["height"])
    assert share > 0.15, f"the icon is not drawn (only {share:.0%} of its box is inked)"


def no_animation_runs_forever(page: Page) -> None:
    """Your turn's marker pulses a few times and then stays lit; nothing on the table is animated forever (an
    endless pulse repainted the page 60 times a second for as long as the turn lasted: a phone's battery)."""
    glow = page.locator(".turn.mine").evaluate(
        "(el) => { const s = getComputedStyle(el, '::after'); return [s.animationName, s.animationIterationCount]; }"
    )
    assert glow == ["pulse", "3.5"], glow
    endless = page.evaluate(
        """() => document.getAnimations().filter((a) => !Number.isFinite(a.effect.getComputedTiming().endTime))
                   .map((a) => a.animationName || String(a.effect.target))"""
    )
    assert endless == [], f"animations that never end: {endless}"


def illegal_click_first(page: Page, person: dict[str, str]) -> str:
    """On the first turn, click a card that cannot be played: it is explained in the player's language and the
    hand can be played at once. Returns the move marker (unchanged by the refusal)."""
    table = page.locator("#table")
    assert wait_for_my_turn(page)
    no_animation_runs_forever(page)
    move = table.get_attribute("data-move") or ""
    illegal = page.locator(".hand-card[data-legal=false]")
    expect(illegal.first).to_be_visible()  # a whole hand is never playable at once
    illegal.first.click()
    notice = page.get_by_test_id("notice")
    expect(notice).to_contain_text(person["refused"])
    expect(notice).to_contain_text(person["legal_now"])  # the reason and the legal moves, in words
    expect(table).to_have_attribute("data-move", move)
    # the refusal that wrote the notice unlocked the hand in the same step: no wait, whatever the machine's load
    assert page.locator(".hand-card").first.is_enabled()
    return move


@pytest.mark.parametrize(("lang", "size"), [(lang, size) for lang in PEOPLE for size in SIZES])
def test_a_newcomer_plays_a_whole_standard_round(new_page: NewPage, lang: str, size: str) -> None:
    person = PEOPLE[lang]
    home = SIZES[size]
    page = new_page(locale=person["locale"], viewport=home)
    page.goto("/")
    page.get_by_test_id("name").fill(person["name"])
    expect(page.get_by_test_id("create")).to_be_visible()
    written = shoot(page, lang, "lobby", home)
    create_room(page, "shichinarabe", name=person["name"], turn_seconds=60)
    table = page.locator("#table")
    expect(page.locator(".member-list, .player-list").first).not_to_contain_text("bot")  # "Computer 1 (Normal)"

    move = illegal_click_first(page, person)
    assert_speaks(page, lang, NAMES)  # the refusal included
    expect(page.locator(".hand-card.hint")).to_have_count(0)  # hints off: marked cards, no explanation
    expect(page.get_by_test_id("timer")).to_be_visible()  # the turn clock: an icon and a bar
    expect(page.locator(".timer-fill")).to_be_visible()
    assert_drawn(page, page.locator(".timer .icon"))
    play_one(page)
    expect(table).not_to_have_attribute("data-move", move)

    turns = 1
    while turns < MAX_TURNS and wait_for_my_turn(page):
        assert_speaks(page, lang, NAMES)
        if turns == 3:
            written += shoot(page, lang, "table", home)
            written.append(the_log_is_reachable_without_leaving_the_table(page, lang, home))
            leaving_asks_first(page)
        play_a_move(page)
        turns += 1
    expect(table).to_have_attribute("data-session-over", "true")

    results = page.get_by_test_id("results")
    expect(results).to_be_visible()
    expect(results.locator("tbody tr")).to_have_count(4)
    expect(results.locator("tbody tr").first.locator("td.num").first).to_have_text("+10")  # 1st: +10 (E2)
    expect(page.get_by_test_id("winner")).to_be_visible()
    expect(page.get_by_test_id("rematch")).to_be_visible()
    expect(page.get_by_test_id("results-leave")).to_be_visible()
    written += shoot(page, lang, "winner", home)

    with page.expect_popup() as opened:  # how to play, from the table, in a tab of its own
        page.get_by_test_id("table-rules-link").click()
    rules = opened.value
    expect(rules.locator("main h2, main h1").first).to_be_visible()
    written += shoot(rules, lang, "rules", home)
    rules.close()

    page.get_by_test_id("replay-link").click()
    expect(page.get_by_test_id("replay-step")).to_be_visible()
    for name in ("replay-first", "replay-play", "replay-last"):
        assert_drawn(page, page.get_by_test_id(name).locator("svg"))
    page.get_by_test_id("replay-last").click()
    written += shoot(page, lang, "replay", home)
    assert all(path.stat().st_size > 5_000 for path in written)


def the_log_is_reachable_without_leaving_the_table(page: Page, lang: str, home: ViewportSize) -> Path:
    """On a phone the move log opens over the bottom of the screen; the page does not scroll. Returns the
    screenshot of the phone with the log open."""
    page.set_viewport_size(PHONE)
    page.evaluate("() => window.scrollTo(0, 0)")
    expect(page.locator(".felt")).to_be_in_viewport()
    page.get_by_test_id("log-button").click()
    expect(page.locator(".move-log li").last).to_be_in_viewport()
    expect(page.locator(".felt")).to_be_in_viewport()  # the table is still there
    assert page.evaluate("() => window.scrollY") == 0
    path = screenshot_folder() / f"first-game-{lang}-log-open-phone.png"
    page.screenshot(path=str(path), animations="disabled")
    page.get_by_test_id("log-button").click()
    page.set_viewport_size(home)
    return path


def leaving_asks_first(page: Page) -> None:
    """Leave in the middle of a game: asked first; "keep playing" changes nothing."""
    page.get_by_test_id("leave").click()
    expect(page.get_by_test_id("leave-confirm")).to_be_visible()
    page.get_by_test_id("leave-no").click()
    expect(page.get_by_test_id("leave-confirm")).to_have_count(0)
    expect(page.locator("#table")).to_have_attribute("data-turn", "me")


@pytest.mark.parametrize(("lang", "said"), [("ja", "あいこ：時間切れ：パス"), ("en", "あいこ: time is up, pass")])
def test_a_timed_out_turn_is_said_on_the_table(new_page: NewPage, server: str, lang: str, said: str) -> None:
    page = new_page(locale=PEOPLE[lang]["locale"])
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "greedy"}] * 3
    with httpx.Client(timeout=10) as http:
        body = {
            "preset": "standard",
            "seats": seats,
            "host_name": "あいこ",
            "turn_seconds": 5,
            "seed": 3,
        }  # the shortest clock a room accepts
        ticket = http.post(f"{server}/api/rooms", json=body).json()
    page.goto("/")
    keep = "(t) => localStorage.setItem(`sevens.ticket.${t.code}`, JSON.stringify(t))"
    page.evaluate(keep, {**ticket, "name": "あいこ"})  # this browser holds the seat, as after "create"
    page.goto(f"/#/room/{ticket['code']}")
    start_game(page)
    assert wait_for_my_turn(page)
    expect(page.locator(".timer-bar")).to_be_visible()
    # the clock passes for the player (a pass is legal in standard): said on the table, not only in the log
    expect(page.get_by_test_id("flash")).to_have_text(said)
    expect(page.locator(".move-log")).to_contain_text(said)


def test_playable_cards_are_marked_and_the_hints_choice_survives_a_reload(page: Page) -> None:
    create_room(page, "shichinarabe")
    assert wait_for_my_turn(page)
    marked = page.locator(".hand-card.legal")
    if marked.count():  # marked with hints off: lifted out of the hand
        assert marked.first.evaluate("(el) => getComputedStyle(el).transform") != "none"
    expect(page.get_by_test_id("hint-why")).to_have_count(0)
    page.get_by_label("Hints").check()
    page.reload()
    expect(page.get_by_label("Hints")).to_be_checked()
    expect(page.locator("#table")).to_have_attribute("data-turn", "me")
    if page.locator(".hand-card.legal").count():
        expect(page.get_by_test_id("hint-why")).to_be_visible()  # with hints, the reason is explained


def test_seven_twenty_seven_shows_both_totals(page: Page) -> None:
    create_room(page, "seven27", variants={"deals": "1"})
    assert wait_for_my_turn(page)
    for target in ("7", "27"):
        total = page.get_by_test_id(f"total-{target}")
        expect(total).to_be_visible()
        expect(total).to_have_attribute("data-state", re.compile(r"^(under|exact|over|bust)$"))
        expect(total).to_contain_text(f"to {target}")


def test_computer_moves_can_be_followed(new_page: NewPage) -> None:
    """The host sets the computer players' speed (kept by the server), each move flies to the table, and sound
    can be turned on (off until then; the choice is kept)."""
    page = new_page()
    create_room(page, "shichinarabe")
    pace = page.get_by_test_id("pace")
    expect(pace).to_have_value("normal")
    pace.select_option("slow")
    sound = page.get_by_test_id("sound")
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    page.reload()  # the server keeps the pace, the browser the sound
    expect(page.get_by_test_id("pace")).to_have_value("slow")
    expect(page.get_by_test_id("sound")).to_have_attribute("aria-pressed", "true")
    table = page.locator("#table")
    for _ in range(MAX_TURNS):  # until this player plays a card (a pass moves nothing)
        assert wait_for_my_turn(page)
        move = table.get_attribute("data-move") or ""
        if play_one(page) != "pass":
            break
        expect(table).not_to_have_attribute("data-move", move)
    expect(page.locator(".flying-card").first).to_be_attached()  # the card on its way to the table
