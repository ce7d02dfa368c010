"""Screenshots of the lobby, a game in progress of every family and the end-of-round screen, at desktop and
phone sizes, written to ``$SEVENS_SCREENSHOTS`` (default ``build/screenshots/``, not committed) for people to
look at."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import DESKTOP, PHONE, NewPage
from .helpers import (
    create_room,
    play_a_move,
    play_to_the_end,
    screenshot_folder,
    wait_for_my_turn,
    wait_for_my_turn_in_session,
)

SIZES = {"desktop": DESKTOP, "phone": PHONE}


def shoot(page: Page, name: str) -> list[Path]:
    """The page at both sizes (animations finish at once: screenshots never catch a card in flight)."""
    written = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        path = screenshot_folder() / f"{name}-{size}.png"
        page.screenshot(path=str(path), full_page=True, animations="disabled")
        written.append(path)
    page.set_viewport_size(DESKTOP)
    return written


def test_screenshots_of_every_screen(new_page: NewPage) -> None:
    written: list[Path] = []
    page = new_page()
    page.goto("/")
    page.get_by_test_id("name").fill("Aiko")
    expect(page.get_by_test_id("create")).to_be_visible()
    written += shoot(page, "lobby")
    host = new_page()
    code = create_room(host, open_seats=1, start=False)
    host.wait_for_function("() => document.querySelector('[data-testid=invite-qr]').naturalWidth > 0")
    written += shoot(host, "waiting-room")
    friend = new_page(locale="ja-JP")
    friend.goto(f"/#/room/{code}")
    expect(friend.get_by_test_id("invite-card")).to_be_visible()
    written += shoot(friend, "invite-card-ja")
    # Seven Twenty-Seven over several deals: one fold-out must not end the game before the screenshot.
    for family, variants in (("shichinarabe", {}), ("killer", {}), ("seven27", {"deals": "5"})):
        page = new_page()
        create_room(page, family, variants=variants)
        # A few moves in, so the table has something on it; two of the person's at most: on a deal with nothing
        # to play a fourth pass would eliminate them (pass limit 3, B9) and leave no table of theirs to shoot.
        for _ in range(2):
            assert wait_for_my_turn_in_session(page)
            play_a_move(page)
        assert wait_for_my_turn_in_session(page)
        if family == "shichinarabe":
            page.get_by_label("Hints").check()
        written += shoot(page, f"game-{family}")
        if family == "shichinarabe":
            play_to_the_end(page)
            expect(page.get_by_test_id("results")).to_be_visible()
            written += shoot(page, "round-over")
    kids = new_page(locale="ja-JP")
    kids.goto("/")
    kids.get_by_test_id("name").fill("ゆい")
    kids.get_by_test_id("kids").check()
    kids.get_by_test_id("create").click()
    kids.get_by_test_id("start").click()
    assert wait_for_my_turn(kids)
    written += shoot(kids, "game-kids-ja")
    assert all(path.stat().st_size > 10_000 for path in written)
