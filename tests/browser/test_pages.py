"""The pages around the table, in Japanese and English, as a person meets them (issue 19): how to play for
every game and preset, the local rules in words, the waiting room showing a joining friend the rules, replays
naming every seat and showing every hand, the finished-games list, and a player's profile. Screenshots go to
``tests/browser/screenshots/`` (not committed) for people to look at."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx2 as httpx
import pytest
from playwright.sync_api import Page, expect
from websockets.sync.client import connect as ws_connect

from sevens.games.registry import families

from .conftest import DESKTOP, PHONE, NewPage
from .helpers import bots_game, create_room
from .language import assert_speaks

SHOTS = Path(__file__).parent / "screenshots"
LOCALES = {"ja": "ja-JP", "en": "en-US"}
PRESETS = [p for family in families().values() for p in family.presets]


def shoot(page: Page, name: str) -> None:
    """The page at desktop and phone sizes."""
    SHOTS.mkdir(exist_ok=True)
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True, animations="disabled")
    page.set_viewport_size(DESKTOP)


NAMES = ("Aiko", "Ken", "Mikaja", "Mikaen", "Nobody")  # people's names are in whatever script they chose


def assert_one_language(page: Page, lang: str, codes: tuple[str, ...] = ()) -> None:
    """Every text and label on the page (language.py's walk) speaks ``lang``, and no catalogue key or
    placeholder is shown. Names and room ``codes`` are no language."""
    assert_speaks(page, lang, (*NAMES, *codes))
    text = page.locator("#main").inner_text()
    assert not re.search(r"\b(rule|rules|preset|profile|games|replay|lobby)\.[a-z_]", text), "a catalogue key shown"
    assert "{" not in text, "a placeholder left unfilled"


@pytest.mark.parametrize("lang", list(LOCALES))
def test_every_preset_has_an_illustrated_rules_page(new_page: NewPage, lang: str) -> None:
    page = new_page(locale=LOCALES[lang])
    page.goto("/")
    page.get_by_test_id("lobby-rules-link").click()  # reachable from the lobby
    expect(page.locator("#rules")).to_have_attribute("data-preset", "standard")
    for preset in PRESETS:
        page.get_by_test_id(f"rules-{preset}").click()
        rules = page.locator("#rules")
        expect(rules).to_have_attribute("data-preset", preset)
        assert page.locator(".rules-figure").count() >= 1, f"{preset}: no picture"
        settings = page.get_by_test_id("rules-settings").locator("li")
        assert settings.count() >= 3
        assert_one_language(page, lang)
        if preset in ("standard", "tunnel", "killer", "seven27"):
            shoot(page, f"rules-{preset}-{lang}")
    page.get_by_test_id("rules-play").click()  # "play with these rules" opens the lobby with that game chosen
    expect(page.get_by_test_id("family-seven27")).to_have_class(re.compile(r"\bon\b"))


def test_an_unknown_rules_page_says_so_and_offers_the_others(page: Page) -> None:
    page.goto("/#/rules/bogus")
    expect(page.get_by_role("alert")).to_contain_text("bogus")
    expect(page.get_by_test_id("rules-standard")).to_be_visible()


@pytest.mark.parametrize(("lang", "words"), [("ja", "AとKがつながる"), ("en", "A and K are joined")])
def test_the_local_rules_panel_speaks_in_words(new_page: NewPage, lang: str, words: str) -> None:
    page = new_page(locale=LOCALES[lang])
    page.goto("/")
    panel = page.get_by_test_id("local-rules")
    panel.locator("summary").click()
    assert "sevens_placed" not in panel.inner_text() and "ak_link" not in panel.inner_text()
    expect(page.locator("#rule-ak_link-words")).not_to_contain_text(words)
    page.locator("#rule-ak_link").check()
    expect(page.locator("#rule-ak_link-words")).to_contain_text(words)
    expect(panel.locator("summary .tag.changed")).to_be_visible()
    page.locator("[data-rule=tunnel] input[data-value=cross]").check()
    assert_one_language(page, lang)
    shoot(page, f"lobby-rules-{lang}")
    page.get_by_test_id("rules-reset").click()  # back to the preset, the panel still open
    expect(page.locator("#rule-ak_link")).not_to_be_checked()
    expect(panel.locator("summary .tag.changed")).to_have_count(0)


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_lobby_offers_exactly_the_five_levels_with_what_to_expect(new_page: NewPage, lang: str) -> None:
    """In every game, Seven Twenty-Seven included, a seat offers exactly the five levels by name (levels.json's
    level.<name>), no label twice and no agent code name, ``normal`` chosen; the chosen one says what to expect
    (level.<name>.about)."""
    page = new_page(locale=LOCALES[lang])
    page.goto("/")
    words = page.request.get("/api/i18n").json()
    families = page.request.get("/api/catalog").json()["families"]
    levels = ["beginner", "easy", "normal", "hard", "expert"]
    for family in families:
        page.reload()  # nothing chosen yet: the default
        page.get_by_test_id(f"family-{family['name']}").click()
        seat = page.get_by_test_id("seat-1")
        assert seat.input_value() == "normal", family["name"]
        values = seat.locator("option").evaluate_all("options => options.map(o => o.value)")
        assert values == ["human", *levels], values
        labels = seat.locator("option").all_inner_texts()
        assert len(set(labels)) == len(labels), labels
        raw_ids = [agent for agent in family["agents"] if agent not in levels]  # what arena and the API may use
        assert not [label for label in labels for agent in raw_ids if agent in label.lower()], labels
        for level in levels:
            seat.select_option(level)
            shown = seat.locator("option:checked").inner_text()
            assert words[f"level.{level}"][lang] in shown, shown
            expect(page.locator("#seats-about")).to_contain_text(words[f"level.{level}.about"][lang])
    assert_one_language(page, lang)


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_friend_who_joins_sees_the_tables_rules(new_page: NewPage, lang: str) -> None:
    host = new_page(locale=LOCALES[lang])
    code = create_room(host, open_seats=1, variants={"pass_limit": "5"}, start=False)
    friend = new_page(locale=LOCALES[lang])
    friend.goto("/")
    friend.get_by_test_id("name").fill("Ken")
    friend.goto(f"/#/room/{code}")
    friend.get_by_test_id("invite-join").click()  # the invite card, with the name already filled in
    box = friend.get_by_test_id("room-rules")
    expect(box).to_be_visible()
    expect(box).to_contain_text("5")  # the host's change, said in words and marked
    expect(box.locator(".tag.changed")).to_be_visible()
    expect(box).to_contain_text("1ラウンドだけ" if lang == "ja" else "1 round is played")  # the room's own settings
    assert_one_language(friend, lang, (code,))
    shoot(friend, f"waiting-room-{lang}")
    friend.get_by_test_id("rules-link").click()
    expect(friend.locator("#rules")).to_have_attribute("data-preset", "standard")


def test_replays_name_every_seat_show_every_hand_and_the_list_has_date_game_and_winner(
    new_page: NewPage, server: str
) -> None:
    with httpx.Client() as http:
        record = bots_game(server, http)
        replay = http.get(f"{server}/api/games/{record}").json()
    for lang, locale in LOCALES.items():
        page = new_page(locale=locale)
        page.goto(f"/#/replay/{record}")
        expect(page.get_by_test_id("open-hand")).to_have_count(3)  # every hand at the deal
        names = page.locator(".replay .player-list .who").all_inner_texts()
        assert len(names) == 3 and len(set(names)) == 3, names  # every computer told apart, as in the game
        assert all(re.search(r"1|2|3", n) for n in names)
        total = len(replay["rounds"][0]["steps"]) - 1
        expect(page.get_by_test_id("replay-step")).to_contain_text(str(total))
        page.get_by_test_id("replay-slider").fill(str(total // 2))
        shoot(page, f"replay-{lang}")
        assert_one_language(page, lang)
        page.goto("/")
        item = page.locator(f"[data-game='{record}']")
        expect(item.locator("time")).to_have_attribute("datetime", replay["created_at"])
        expect(item).to_contain_text("七並べ" if lang == "ja" else "Sevens")
        expect(item.get_by_test_id(f"winner-{record}")).to_contain_text("勝者" if lang == "ja" else "Winner")
        shoot(page, f"lobby-games-{lang}")


def person_game(server: str, http: httpx.Client, name: str) -> int:
    """A game where ``name`` sits with two computers and hands their seat to a computer at once (so it plays
    out by itself); followed to its end as a spectator. Returns its record id."""
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]
    body = {"preset": "standard", "seats": seats, "seed": 9, "host_name": name}
    ticket = http.post(f"{server}/api/rooms", json=body).json()
    host = urlsplit(server).netloc
    with ws_connect(f"ws://{host}/ws/{ticket['code']}", open_timeout=10) as watch, \
            ws_connect(f"ws://{host}/ws/{ticket['code']}?token={ticket['token']}", open_timeout=10) as me:  # fmt: skip
        http.post(f"{server}/api/rooms/{ticket['code']}/start", headers={"Authorization": f"Bearer {ticket['token']}"})
        me.send(json.dumps({"v": 1, "type": "leave", "id": 1}))
        while True:
            frame: dict[str, Any] = json.loads(watch.recv(timeout=30))
            room = frame.get("room")
            if room is not None and room["status"] == "finished":
                record: int = room["record"]
                return record


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_profile_shows_stars_and_games(new_page: NewPage, server: str, lang: str) -> None:
    name = f"Mika{lang}"
    with httpx.Client() as http:
        record = person_game(server, http, name)
        profile = http.get(f"{server}/api/players/{name}").json()
    page = new_page(locale=LOCALES[lang])
    page.goto("/")
    page.get_by_test_id("name").fill(name)
    page.get_by_test_id("profile-link").click()  # reachable from the lobby
    expect(page.get_by_test_id("profile-stars")).to_contain_text(str(profile["stars"]))
    row = page.get_by_test_id("profile-games").locator(f"[data-game='{record}']")
    expect(row).to_be_visible()
    assert_one_language(page, lang)
    shoot(page, f"profile-{lang}")
    page.get_by_test_id("profile-name").fill("Nobody")
    page.get_by_test_id("profile-name").press("Enter")
    expect(page.get_by_test_id("profile-missing")).to_contain_text("Nobody")
