"""The page's words where they were wrong (issue 40 item 6): a stamp refusal said once, a friend who comes after
the start told that they are watching (ja and en), the replay's link called what it is."""

from __future__ import annotations

import httpx2 as httpx
from playwright.sync_api import Page, expect

from .conftest import NewPage
from .helpers import bots_game, create_room, wait_for_my_turn

LATE = {
    "en-US": "This table had already started, so you are watching.",
    "ja-JP": "このテーブルはもう始まっていたので、見学しています。",
}


def test_a_stamp_refused_for_the_rate_is_said_once(page: Page) -> None:
    create_room(page, "shichinarabe")
    assert wait_for_my_turn(page)
    stamp = page.locator(".stamp-bar .stamp").first
    stamp.click()
    stamp.click()  # within 2 s: refused
    notice = page.get_by_test_id("notice")
    expect(notice).to_have_text("One stamp every 2 seconds, please.")


def test_a_friend_who_opens_the_invite_after_the_start_is_told_they_are_watching(
    new_page: NewPage, server: str
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "normal"}] * 3
    ticket = httpx.post(f"{server}/api/rooms", json={"preset": "standard", "seats": seats, "host_name": "Aiko",
                                                     "seed": 9}).json()  # fmt: skip
    started = httpx.post(f"{server}/api/rooms/{ticket['code']}/start",
                         headers={"Authorization": f"Bearer {ticket['token']}"})  # fmt: skip
    assert started.status_code == 200, started.text
    for locale, words in LATE.items():
        friend = new_page(locale=locale)
        friend.goto(f"/#/room/{ticket['code']}")
        expect(friend.get_by_test_id("late-notice")).to_contain_text(words)


def test_the_replay_link_is_called_a_replay_link(page: Page, server: str) -> None:
    with httpx.Client(timeout=10) as http:
        record = bots_game(server, http)
    page.goto(f"/#/replay/{record}")
    expect(page.get_by_test_id("replay-share")).to_have_accessible_name("Link to this replay")
    expect(page.locator(".replay-head label")).to_have_text("Link to this replay")
    expect(page.locator(".replay-head")).not_to_contain_text("Invite")
