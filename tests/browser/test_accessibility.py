"""The page without a mouse and with a screen reader (issue 40 item 4): axe-core finds no serious or critical
violation on any screen in Japanese and English (lobby, waiting room, the table of each family, results, replay,
rules, profile), and a whole session is played with the keyboard alone on a phone-sized window, the turns and
the results said in the live region."""

from __future__ import annotations

import re
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Page, expect

from .axe_check import assert_accessible, load_axe
from .conftest import PHONE, NewPage
from .helpers import (
    create_room,
    enter_with_ticket,
    play_a_move,
    screenshot_folder,
    start_game,
    wait_for_my_turn,
    wait_for_my_turn_in_session,
)

LOCALES = {"ja": "ja-JP", "en": "en-US"}
PLAYABLE = {"ja": re.compile(r"^.+、出せます$"), "en": re.compile(r"^.+, playable$")}
MAX_TURNS = 300
MAX_TABS = 60
# the player's room, seeded: every deal the same on every run
SEEDED = {"host_name": "Aiko", "seed": 4}
KIDS_CARD_PX = 56  # the smallest card of the hand in kids mode (sevens.css: body.kids --hand-card)
BOXES = "(els) => els.map((el) => el.getBoundingClientRect().toJSON())"
# every text the live region says, in order (it is emptied before each: the empty steps are left out)
RECORD_SAID = """() => { const region = document.getElementById('announcer'); window.said = [];
  new MutationObserver(() => { if (region.textContent) window.said.push(region.textContent); })
    .observe(region, { childList: true, characterData: true, subtree: true }); }"""


def seated(page: Page, server: str, preset: str, **body: Any) -> str:
    """A table of ``preset`` with this page's person in seat 1 and two computers, started; returns its code."""
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "normal"}, {"kind": "bot", "agent": "normal"}]
    ticket = httpx.post(f"{server}/api/rooms", json={"preset": preset, "seats": seats, **SEEDED, **body}).json()
    enter_with_ticket(page, ticket, "Aiko")
    start_game(page)
    code: str = ticket["code"]
    return code


@pytest.mark.parametrize("lang", list(LOCALES))
def test_axe_finds_nothing_serious_on_any_screen(new_page: NewPage, server: str, lang: str) -> None:
    page = new_page(locale=LOCALES[lang])
    load_axe(page)
    page.goto("/")
    page.get_by_test_id("name").fill("Aiko")
    expect(page.get_by_test_id("create")).to_be_visible()
    assert_accessible(page, f"the lobby ({lang})")
    create_room(page, start=False, open_seats=1)
    expect(page.get_by_test_id("start")).to_be_visible()
    assert_accessible(page, f"the waiting room ({lang})")
    for preset in ("killer", "seven27", "kids", "standard"):  # the last one is played on to its results
        seated(page, server, preset, rounds=1, kids=preset == "kids")
        assert wait_for_my_turn_in_session(page)
        if preset != "seven27":
            page.locator("#hints").check()  # the hinted board positions have names too
            expect(page.locator(".hand-card[data-legal=true]").first).to_have_attribute("aria-label", PLAYABLE[lang])
        if preset == "kids":
            expect(page.locator("body.kids")).to_have_count(1)
            smallest = min(box["width"] for box in page.locator(".hand-card").evaluate_all(BOXES))
            assert smallest >= KIDS_CARD_PX, f"kids mode keeps its large cards: {smallest} px"
        page.get_by_test_id("deck-four").check()
        assert_accessible(page, f"the {preset} table ({lang})")
    for _ in range(MAX_TURNS):  # a standard table, played to its results
        if not wait_for_my_turn_in_session(page):
            break
        play_a_move(page)
    expect(page.get_by_test_id("results")).to_be_visible()
    expect(page.get_by_test_id("announcer")).not_to_be_empty()
    assert_accessible(page, f"the results ({lang})")
    record = page.get_by_test_id("replay-link").get_attribute("href")
    assert record
    page.goto(f"/{record}")
    expect(page.get_by_test_id("replay-slider")).to_be_visible()
    assert_accessible(page, f"the replay ({lang})")
    page.goto("/#/rules/standard")
    expect(page.get_by_test_id("rules-play")).to_be_visible()
    assert_accessible(page, f"the rules ({lang})")
    page.goto("/#/profile/Aiko")
    expect(page.get_by_test_id("profile-stars")).to_be_visible()
    assert_accessible(page, f"the profile ({lang})")


def focused(page: Page) -> dict[str, Any]:
    """What has the keyboard focus: its tag, test id, card and whether its focus ring shows."""
    found: dict[str, Any] = page.evaluate(
        """() => { const el = document.activeElement;
          return { tag: el.tagName, card: el.dataset.card || null, legal: el.dataset.legal || null,
                   label: el.getAttribute('aria-label'), ring: el.matches(':focus-visible')
                     && getComputedStyle(el).outlineStyle !== 'none' }; }"""
    )
    return found


def tab_to_the_hand(page: Page) -> None:
    """Tab from wherever the focus is until it lands on a card of the hand (one tab stop for the whole hand)."""
    for _ in range(MAX_TABS):
        if focused(page)["card"]:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{MAX_TABS} presses of Tab never reached the hand")


def test_a_whole_session_by_keyboard_alone_on_a_phone(new_page: NewPage, server: str) -> None:
    """English, 390×844, two rounds of a seeded deal against two computers: Tab reaches the hand, the arrows move
    between its cards, Enter plays the playable one, P passes; the focus ring shows, the focus stays in the hand
    after each move, and the live region says whose turn it is and the results. No click at all."""
    page = new_page(viewport=PHONE)
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "normal"}, {"kind": "bot", "agent": "normal"}]
    body = {"preset": "standard", "seats": seats, **SEEDED, "rounds": 2}
    ticket = httpx.post(f"{server}/api/rooms", json=body).json()
    enter_with_ticket(page, ticket, "Aiko")
    page.evaluate(RECORD_SAID)
    tab_to = page.get_by_test_id("start")
    for _ in range(MAX_TABS):  # the host starts the game from the keyboard too
        if page.evaluate("() => document.activeElement.dataset.testid") == "start":
            break
        page.keyboard.press("Tab")
    expect(tab_to).to_be_focused()
    page.keyboard.press("Enter")
    table = page.locator("#table")
    announcer = page.get_by_test_id("announcer")
    played = passed = 0
    for _ in range(MAX_TURNS):
        if not wait_for_my_turn_in_session(page):
            break
        expect(announcer).to_have_text(re.compile(r"^Your turn\."))
        tab_to_the_hand(page)
        move = table.get_attribute("data-move") or ""
        if page.locator(".hand-card[data-legal=true]").count():
            page.keyboard.press("Home")
            for _ in range(page.locator(".hand-card").count()):
                now = focused(page)
                assert now["ring"], f"no visible focus on {now}"
                if now["legal"] == "true":
                    break
                page.keyboard.press("ArrowRight")
            now = focused(page)
            assert now["legal"] == "true" and PLAYABLE["en"].match(now["label"]), now
            if played == 0:  # for people to look at: the focus ring and the keys' help on a phone
                page.screenshot(path=str(screenshot_folder() / "keyboard-phone.png"), animations="disabled")
            page.keyboard.press("Enter")
            if page.locator(".chooser").count():  # a joker play: the first way offered, by keyboard too
                page.keyboard.press("Enter")
            played += 1
        else:
            page.keyboard.press("p")
            passed += 1
        page.wait_for_function(
            "(move) => { const t = document.querySelector('#table');"
            " return t.dataset.move !== move || t.dataset.sessionOver === 'true'; }",
            arg=move,
        )
        if table.get_attribute("data-session-over") != "true" and page.locator(".hand-card").count():
            # the focus stayed with the hand (a played card's neighbour takes it), never lost to the page
            page.wait_for_function("() => Boolean(document.activeElement.closest('.hand'))")
    expect(table).to_have_attribute("data-session-over", "true")
    assert played >= 5, (played, passed)
    winner = page.get_by_test_id("winner")
    expect(winner).to_be_visible()
    expect(announcer).to_contain_text("Game over.")
    expect(announcer).to_contain_text(winner.inner_text().strip())
    said: list[str] = page.evaluate("() => window.said")
    assert any(re.match(r"^Round 1 over\. .+ You: [+-]?\d+ points, session total [+-]?\d+\.$", s) for s in said), said
    assert any(s.endswith("'s turn.") for s in said), said  # the computers' turns are said too
    assert_notice_free(page)


def assert_notice_free(page: Page) -> None:
    """No move of the session was refused (a keyboard press that played a card it could not)."""
    expect(page.get_by_test_id("notice")).to_be_hidden()


def test_the_four_colour_deck_gives_every_suit_its_own_colour_and_is_kept(new_page: NewPage, server: str) -> None:
    page = new_page()
    seated(page, server, "standard", rounds=1)
    assert wait_for_my_turn(page)
    fills = """() => { const seen = {};
      for (const cell of document.querySelectorAll('.board .cell.filled[data-card]')) {
        const text = cell.querySelector('svg text');
        if (text) seen[cell.dataset.card.slice(1)] = text.getAttribute('fill');
      }
      return seen; }"""
    two = page.evaluate(fills)
    assert len(set(two.values())) == 2, two  # the sevens of all four suits are on the board: red and black
    page.get_by_test_id("deck-four").check()
    four = page.evaluate(fills)
    assert len(set(four.values())) == 4, four
    page.reload()
    assert wait_for_my_turn(page)
    assert page.evaluate(fills) == four  # kept in this browser


SHORT_BETS = ("stand", "check", "call")  # the actions that end a deal soonest


def test_seven_twenty_seven_by_keyboard_alone(new_page: NewPage, server: str) -> None:
    """Seven Twenty-Seven has no hand: Tab reaches its action buttons, Enter presses them, and after each the
    focus comes back to the buttons on the next turn (never lost to the page), until the session's winner."""
    page = new_page(viewport=PHONE)
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "normal"}, {"kind": "bot", "agent": "normal"}]
    body = {"preset": "seven27", "seats": seats, **SEEDED, "rounds": 1}
    ticket = httpx.post(f"{server}/api/rooms", json=body).json()
    enter_with_ticket(page, ticket, "Aiko")
    for _ in range(MAX_TABS):
        if page.evaluate("() => document.activeElement.dataset.testid") == "start":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    table = page.locator("#table")
    presses = 0
    for _ in range(MAX_TURNS):
        if not wait_for_my_turn_in_session(page):
            break
        expect(page.get_by_test_id("announcer")).to_have_text("Your turn.")
        if presses:  # from the second turn on, the focus is already on the buttons
            page.wait_for_function("() => Boolean(document.activeElement.closest('.action-bar'))")
        move = table.get_attribute("data-move") or ""
        for _ in range(MAX_TABS):
            action = page.evaluate("() => document.activeElement.dataset.action || ''")
            if action in SHORT_BETS:
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError("Tab never reached stand, check or call")
        page.keyboard.press("Enter")
        presses += 1
        page.wait_for_function(
            "(move) => { const t = document.querySelector('#table');"
            " return t.dataset.move !== move || t.dataset.sessionOver === 'true'; }",
            arg=move,
        )
    expect(table).to_have_attribute("data-session-over", "true")
    assert presses >= 2, presses
    expect(page.get_by_test_id("winner")).to_be_visible()
    expect(page.get_by_test_id("announcer")).to_contain_text("Game over.")
