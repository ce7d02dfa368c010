"""Every screen fits a phone (issue 40): at 360 and 390 px wide, in Japanese and English, for every family, no
element is wider than the window, no word is broken inside ("Comput / er 3"), and the standings show every
session total without scrolling: the lobby, the rules, a profile, the table, the results between rounds, the
final standings and the replay; 8 players × 10 rounds and 2 players × 1 round. Sessions are seeded and played
to their end over the WebSocket (tests/browser/phone.py); the page plays only the one round it shows between
rounds. Screenshots of the phone's results go to build/screenshots/ (helpers.screenshot_folder)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from .conftest import NewPage
from .helpers import enter_with_ticket, play_a_move, screenshot_folder, wait_for_my_turn_in_session
from .phone import FIT_CHECK, PRESETS, STANDINGS_SHOWN, one_person_session

WIDTHS = (360, 390)
LOCALES = {"en": "en-US", "ja": "ja-JP"}
NAMES = {"en": "Christopher", "ja": "やまだ はなこ"}
SHAPES = [(8, 10), (2, 1)]  # players × rounds: the widest table and the smallest


def phone(width: int) -> ViewportSize:
    return {"width": width, "height": 844}


def assert_fits(page: Page, where: str, standings: bool = False) -> None:
    problems: list[str] = page.evaluate(FIT_CHECK)
    if standings:
        problems += page.evaluate(STANDINGS_SHOWN)
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert not problems, f"{where} at {width}px: " + "; ".join(problems[:8])


def open_finished(page: Page, ticket: dict[str, Any], name: str) -> None:
    """The finished table as its person sees it again (their ticket kept, as the browser that played keeps it)."""
    page.goto("/")
    page.evaluate(
        "([t]) => localStorage.setItem('sevens.ticket.' + t.code, JSON.stringify(t))", [{**ticket, "name": name}]
    )
    page.goto(f"/#/room/{ticket['code']}")
    expect(page.locator("#table")).to_have_attribute("data-session-over", "true")


def shoot(page: Page, name: str) -> None:
    path = screenshot_folder() / f"phone-{name}.png"
    page.screenshot(path=str(path), full_page=True, animations="disabled")
    assert path.stat().st_size > 10_000


Sessions = Callable[[str, int, int, str], dict[str, Any]]


@pytest.fixture(scope="module")
def sessions(server: str) -> Sessions:
    """Finished sessions by family, shape and language (the person named in that language), made when first
    asked for. Each one's seed is fixed by what it is, never by how many were made before it (which depends on
    the tests a worker happens to run)."""
    made: dict[tuple[str, int, int, str], dict[str, Any]] = {}
    kinds = [(f, p, r, lang) for f in PRESETS for p, r in SHAPES for lang in LOCALES]

    def get(family: str, players: int, rounds: int, lang: str) -> dict[str, Any]:
        key = (family, players, rounds, lang)
        if key not in made:
            made[key] = one_person_session(server, family, players, rounds, NAMES[lang], 40 + kinds.index(key))
        return made[key]

    return get


@pytest.mark.parametrize("family", list(PRESETS))
@pytest.mark.parametrize(("players", "rounds"), SHAPES)
def test_the_final_standings_and_the_replay_fit_a_phone(
    new_page: NewPage, sessions: Sessions, family: str, players: int, rounds: int
) -> None:
    for lang, locale in LOCALES.items():
        ticket = sessions(family, players, rounds, lang)
        page = new_page(locale=locale, viewport=phone(WIDTHS[0]))
        open_finished(page, ticket, NAMES[lang])
        results = page.get_by_test_id("results")
        expect(results).to_be_visible()
        expect(results.locator("[data-testid=standings] tbody tr")).to_have_count(players)
        for width in WIDTHS:
            page.set_viewport_size(phone(width))
            assert_fits(page, f"final standings of {family} {players}×{rounds} ({lang})", standings=True)
        shoot(page, f"final-{family}-{players}x{rounds}-{lang}")
        page.goto(f"/#/replay/{ticket['record']}")
        expect(page.get_by_test_id("replay-slider")).to_be_visible()
        if rounds > 1:  # the last round played (a Seven Twenty-Seven session ends early once the person is bust)
            rounds_offered = page.locator(".replay-controls select option")
            expect(rounds_offered.first).to_be_attached()
            page.locator(".replay-controls select").select_option(rounds_offered.last.get_attribute("value"))
        page.get_by_test_id("replay-last").click()
        expect(page.get_by_test_id("replay-result")).to_be_visible()
        for width in WIDTHS:
            page.set_viewport_size(phone(width))
            assert_fits(page, f"replay of {family} {players}×{rounds} ({lang})", standings=True)


@pytest.mark.parametrize("family", list(PRESETS))
@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_table_and_the_results_between_rounds_fit_a_phone(new_page: NewPage, server: str, family: str,
                                                             lang: str) -> None:  # fmt: skip
    """Eight players, ten rounds: the page plays the first round itself and is measured during it and on the
    results that follow (the next round already dealt)."""
    ticket = one_person_session(server, family, 8, 10, NAMES[lang], 7, finish=False)
    page = new_page(locale=LOCALES[lang], viewport=phone(WIDTHS[1]))
    enter_with_ticket(page, ticket, NAMES[lang])
    measured = False
    for _ in range(200):
        if page.get_by_test_id("results").is_visible():
            break
        if not wait_for_my_turn_in_session(page):
            break
        if not measured:  # the table on the person's first turn
            for width in WIDTHS:
                page.set_viewport_size(phone(width))
                assert_fits(page, f"the {family} table ({lang})")
            measured = True
        play_a_move(page)
    results = page.get_by_test_id("results")
    expect(results).to_be_visible()
    expect(page.locator("#table")).to_have_attribute("data-session-over", "false")
    expect(results.locator("[data-testid=standings] tbody tr")).to_have_count(8)
    for width in WIDTHS:
        page.set_viewport_size(phone(width))
        assert_fits(page, f"results between rounds of {family} ({lang})", standings=True)
    shoot(page, f"between-{family}-{lang}")


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_lobby_rules_and_a_profile_fit_a_phone(new_page: NewPage, sessions: Sessions, lang: str) -> None:
    sessions("shichinarabe", 2, 1, lang)  # the person has a finished game to show
    page = new_page(locale=LOCALES[lang], viewport=phone(WIDTHS[0]))
    screens = [("/", "create"), *((f"/#/rules/{preset}", None) for preset in PRESETS.values()),
               (f"/#/profile/{NAMES[lang]}", "profile-games")]  # fmt: skip
    for url, testid in screens:
        page.goto(url)
        if testid:
            expect(page.get_by_test_id(testid)).to_be_visible()
        else:
            expect(page.locator("main h2").first).to_be_visible()
        for width in WIDTHS:
            page.set_viewport_size(phone(width))
            assert_fits(page, f"{url} ({lang})")
