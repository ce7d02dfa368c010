"""Whole games through the browser page against a real server: one person against computer players in every
family, two people in two browsers, a reload in the middle of a game, an illegal click, the language switch and
the replay viewer."""

from __future__ import annotations

import re

import httpx2 as httpx
import pytest
from playwright.sync_api import Page, expect

from .conftest import PHONE, NewPage
from .helpers import (
    bots_game,
    create_room,
    enter_with_ticket,
    play_a_move,
    play_one,
    play_to_the_end,
    start_game,
    wait_for_my_turn,
)

ILLEGAL_CLICK_SEED = 3
FAMILIES = [
    ("shichinarabe", {}),
    ("killer", {}),
    ("seven27", {"deals": "1"}),  # one deal is the whole session
]


@pytest.mark.parametrize(("family", "variants"), FAMILIES, ids=[f for f, _ in FAMILIES])
def test_one_person_plays_a_full_round_against_computers(page: Page, family: str, variants: dict[str, str]) -> None:
    create_room(page, family, variants=variants)
    moves = play_to_the_end(page)
    assert moves >= 1
    results = page.get_by_test_id("results")
    expect(results).to_be_visible()
    expect(results).to_contain_text("Game over")
    expect(results.locator("tbody tr")).to_have_count(4)  # everyone is ranked
    expect(results.get_by_role("cell", name="Aiko")).to_be_visible()
    expect(page.get_by_test_id("rematch")).to_be_visible()  # the host may start again
    expect(page.locator(".scoreboard")).to_contain_text("Scoreboard")


def test_two_people_in_two_browsers_play_each_other(new_page: NewPage) -> None:
    aiko, ken = new_page(), new_page()
    code = create_room(aiko, "shichinarabe", players=2, open_seats=1, start=False)
    ken.goto(f"/#/room/{code}")  # the invite link: the join card, which asks for a name first
    ken.get_by_test_id("invite-join").click()
    expect(ken.get_by_test_id("notice")).to_contain_text("Enter your name first")
    ken.get_by_test_id("name").fill("Ken")
    ken.get_by_test_id("invite-join").click()
    expect(ken.locator("#table")).to_have_attribute("data-status", "lobby")
    expect(aiko.locator(".member-list")).to_contain_text("Ken")
    expect(ken.get_by_text("Waiting for the host to start")).to_be_visible()
    start_game(aiko)
    tables = [aiko.locator("#table"), ken.locator("#table")]
    played = {"Aiko": 0, "Ken": 0}
    for _ in range(200):
        expect(tables[0]).to_have_attribute("data-turn", re.compile(r"^(me|other|over)$"))
        if tables[0].get_attribute("data-turn") == "over":
            break
        mover, name = (aiko, "Aiko") if tables[0].get_attribute("data-turn") == "me" else (ken, "Ken")
        assert wait_for_my_turn(mover)
        move = mover.locator("#table").get_attribute("data-move") or ""
        play_one(mover)
        played[name] += 1
        for table in tables:  # both pages have seen the move before the next one is chosen
            expect(table).not_to_have_attribute("data-move", move)
    else:
        raise AssertionError("the game did not end")
    assert played["Aiko"] > 0 and played["Ken"] > 0
    for page in (aiko, ken):
        expect(page.get_by_test_id("results")).to_contain_text("Game over")
    expect(ken.get_by_test_id("rematch")).to_have_count(0)  # only the host starts a rematch


def test_a_reload_in_the_middle_of_a_game_resumes_it(page: Page) -> None:
    create_room(page, "shichinarabe")
    table = page.locator("#table")
    for _ in range(2):
        assert wait_for_my_turn(page)
        play_a_move(page)
    assert wait_for_my_turn(page)
    move = table.get_attribute("data-move") or ""
    cards = page.locator(".hand .hand-card").count()
    page.reload()
    expect(table).to_have_attribute("data-move", move)  # the same seat, the same moment of the same game
    expect(page.locator(".hand .hand-card")).to_have_count(cards)
    expect(table).to_have_attribute("data-turn", "me")
    play_one(page)
    expect(table).not_to_have_attribute("data-move", move)


def reach_a_turn_with_a_choice(page: Page) -> bool:
    """Play this page's turns until one offers a card to refuse and one to play (not a pass-only turn): True;
    False if the game ends first (a deal that leaves the person without a playable card until eliminated)."""
    while wait_for_my_turn(page):
        illegal = page.locator(".hand-card[data-legal=false]")
        if illegal.count() and page.locator(".hand-card[data-legal=true]").count():
            return True
        play_a_move(page)
    return False


def test_an_illegal_click_is_explained_and_changes_nothing(page: Page, server: str) -> None:
    table = page.locator("#table")
    # a seeded deal (and computers) that soon gives the person a turn with a card to refuse and one to play
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "normal"}] * 3
    ticket = httpx.post(f"{server}/api/rooms", json={"preset": "standard", "seats": seats, "host_name": "Aiko",
                                                     "seed": ILLEGAL_CLICK_SEED}).json()  # fmt: skip
    enter_with_ticket(page, ticket, "Aiko")
    start_game(page)
    assert reach_a_turn_with_a_choice(page), "the seeded deal gave no turn with both a legal and an illegal card"
    illegal = page.locator(".hand-card[data-legal=false]")
    move = table.get_attribute("data-move") or ""
    expect(page.locator(".hand-card.hint")).to_have_count(0)  # hints are off: nothing gives the answer away
    illegal.first.click()
    notice = page.get_by_test_id("notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("You can't play that.")
    expect(notice).to_contain_text("legal now:")  # the server's own reason follows
    expect(table).to_have_attribute("data-move", move)
    expect(table).to_have_attribute("data-turn", "me")
    # at once, touching nothing else: the hand is not left locked after the refusal (it was, for 30 s and more).
    # The refusal that wrote the notice unlocks the hand in the same step, so it is checked without a wait.
    legal = page.locator(".hand-card[data-legal=true]").first
    assert legal.is_enabled()
    legal.click()
    chooser = page.locator(".chooser .action")
    if chooser.count():
        chooser.first.click()
    expect(table).not_to_have_attribute("data-move", move)  # and the game goes on


def test_the_language_follows_the_browser_and_switches_at_any_time(new_page: NewPage) -> None:
    page = new_page(locale="ja-JP")
    page.goto("/")
    expect(page.get_by_role("heading", name="新しいテーブル")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    page.get_by_test_id("lang").click()
    expect(page.get_by_role("heading", name="New table")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    create_room(page, "shichinarabe")
    assert wait_for_my_turn(page)
    expect(page.get_by_test_id("turn")).to_have_text("Your turn")
    page.get_by_test_id("lang").click()  # in the middle of a game: the table redraws, the game goes on
    expect(page.get_by_test_id("turn")).to_have_text("あなたの番です")
    expect(page.get_by_role("heading", name="手順")).to_be_visible()
    page.reload()  # the choice is remembered
    expect(page.get_by_test_id("turn")).to_have_text("あなたの番です")


def test_the_replay_viewer_steps_plays_and_jumps(page: Page, server: str) -> None:
    with httpx.Client(timeout=10) as http:
        record = bots_game(server, http)
    page.goto(f"/#/replay/{record}")
    step = page.get_by_test_id("replay-step")
    expect(step).to_contain_text("Move 0 of")
    counter = re.search(r"of (\d+)", step.inner_text())
    assert counter is not None, step.inner_text()  # "Move 0 of N", checked just above
    total = int(counter.group(1))
    expect(page.locator(".board .cell.filled")).to_have_count(4)  # the deal: the four 7s
    page.get_by_test_id("replay-next").click()
    expect(step).to_contain_text("Move 1 of")
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text("Move 2 of")
    page.get_by_test_id("replay-prev").click()
    expect(step).to_contain_text("Move 1 of")
    page.get_by_test_id("replay-slider").fill(str(total))  # jump
    expect(step).to_contain_text(f"Move {total} of {total}")
    expect(page.get_by_test_id("replay-result")).to_be_visible()
    page.get_by_test_id("replay-first").click()
    page.get_by_test_id("replay-play").click()  # plays on by itself
    expect(step).not_to_contain_text("Move 0 of")
    page.get_by_test_id("replay-play").click()
    expect(page.locator(".share")).to_have_value(re.compile(rf"/#/replay/{record}$"))
    shared = page.context.new_page()  # the shareable link opens the same replay
    shared.goto(f"/#/replay/{record}")
    expect(shared.get_by_test_id("replay-step")).to_contain_text(f"of {total}")
    page.goto("/")
    expect(page.get_by_test_id(f"replay-{record}")).to_be_visible()  # listed in the lobby
    page.goto("/#/replay/999999")
    expect(page.get_by_role("alert")).to_contain_text("no finished game")


def test_the_table_fits_a_phone(new_page: NewPage) -> None:
    page = new_page(viewport=PHONE)
    create_room(page, "killer")
    assert wait_for_my_turn(page)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width}px)"
    expect(page.locator(".hand .hand-card").first).to_be_in_viewport()
