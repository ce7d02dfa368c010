"""Issue 19: the terminal's key bar speaks the player's language (and switches with `l`), and `?` or F1 opens a
short how-to-play for the game on the table, in Japanese and English. Driven through Textual's pilot."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.screen import Screen
from textual.widgets import Button, Static

from sevens.tui.app import SevensApp
from sevens.tui.screens.help import HelpScreen

from .helpers import SIZE, app_for, open_store, playing, start, text_of

KANA_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def key_bar(screen: Screen[Any]) -> dict[str, str]:
    """What the footer shows: key -> description, for the bindings it shows."""
    return {key: b.binding.description for key, b in screen.active_bindings.items() if b.binding.show}


def japanese_only(texts: list[str]) -> bool:
    """No Latin words (the language switch's own label, "English", aside)."""
    return not any(LATIN_WORD.findall(text.replace("English", "")) for text in texts)


def test_the_key_bar_is_translated_and_follows_the_language_switch(tmp_path: Path) -> None:
    async def scenario() -> None:
        with open_store(tmp_path) as store:
            controller = start(store, "standard", lang="ja")
            app = app_for(store, controller, lang="ja")
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                shown = key_bar(app.screen)
                assert shown["h"] == "ヒント" and shown["q"] == "保存して終了" and shown["enter"] == "出す"
                assert japanese_only(list(shown.values())), shown
                await pilot.press("l")  # 日本語/English
                await pilot.pause()
                english = key_bar(app.screen)
                assert english["h"] == "hints" and english["q"] == "save & quit" and english["enter"] == "play"
                assert not any(KANA_KANJI.search(t) for k, t in english.items() if k != "l"), english
                assert english.keys() == shown.keys()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("preset", "lang", "expected"),
    [
        ("standard", "ja", "列の端につながる"),
        ("standard", "en", "next to a run of its suit"),
        ("joker", "ja", "ジョーカー"),
        ("kids", "en", "passes are not limited"),
        ("killer", "en", "eight neighbours"),
        ("seven27", "ja", "7か27に近づける"),
    ],
)
def test_question_mark_and_f1_open_the_help_for_the_game_on_the_table(
    tmp_path: Path, preset: str, lang: str, expected: str
) -> None:
    async def scenario() -> None:
        with open_store(tmp_path) as store:
            controller = start(store, preset, lang=lang)
            app = app_for(store, controller, lang=lang)
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                assert controller.state is not None  # started: a round is on the table
                before = len(controller.state.actions)
                for key in ("question_mark", "f1"):
                    await pilot.press(key)
                    await pilot.pause()
                    assert isinstance(app.screen, HelpScreen)
                    text = " ".join(str(w.render()) for w in app.screen.query(".help-text"))
                    assert expected in text
                    if lang == "ja":
                        assert japanese_only([re.sub(r"Jk\+9h|Enter|Esc|F1", "", text)]), text
                    else:
                        assert not KANA_KANJI.search(text.replace("日本語", "")), text
                    assert key_bar(app.screen)["escape"] == ("閉じる" if lang == "ja" else "close")
                    await pilot.press("escape")
                    await pilot.pause()
                    assert not isinstance(app.screen, HelpScreen)  # back at the table, nothing played
                    assert len(controller.state.actions) == before

    asyncio.run(scenario())


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_refused_card_is_explained_in_one_language_with_the_legal_moves_in_words(tmp_path: Path, lang: str) -> None:
    """The issue's 「その手は出せません。 Ks is not next to an open end…; legal now: 8h 8d pass」, in one language."""

    async def scenario() -> None:
        async with playing(tmp_path, "standard", lang=lang) as (app, controller, pilot):
            assert controller.state is not None  # playing: a round is on the table
            view, before = controller.view(), len(controller.state.actions)
            legal = {str(a) for a in view.legal_actions}
            card = next(c for c in view.to_dict()["hand"] if c not in legal)
            assert await pilot.click(f"#card-{card}")
            await pilot.pause()
            message = text_of(app, "#message")
            assert card in message and len(controller.state.actions) == before  # said, and nothing played
            notation = re.sub(r"(?:10|[A2-9TJQK])[shdc♠♥♦♣]", "", message)
            if lang == "ja":
                assert message.startswith("出せません") and "パス" in message and not LATIN_WORD.search(notation)
            else:
                assert "legal now" in message and "pass" in message and not KANA_KANJI.search(message)

    asyncio.run(scenario())


def screen_text(app: SevensApp) -> str:
    """Every text the game screen shows: its panels (tables drawn as text), buttons and key bar."""
    console = Console(width=200, record=True, file=io.StringIO())
    for widget in app.screen.query(Static):
        if not isinstance(widget, Button):
            console.print(widget.content)
    labels = [str(button.label) for button in app.screen.query(Button)]
    return console.export_text() + "\n".join(labels + list(key_bar(app.screen).values()))


@pytest.mark.parametrize("preset", ["standard", "joker", "killer", "seven27"])
def test_a_japanese_table_shows_no_english(tmp_path: Path, preset: str) -> None:
    """The issue's mixed languages, on the terminal: after the computers' first moves, nothing on a Japanese
    screen is English but card notation, the key names and the player's own name."""

    async def scenario() -> None:
        with open_store(tmp_path) as store:
            controller = start(store, preset, lang="ja", turn_seconds=30)
            app = app_for(store, controller, lang="ja")
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                text = screen_text(app)
                assert "コンピュータ" in text and "手順" in text
                left = re.sub(r"(?:10|[A2-9TJQK])[shdc♠♥♦♣]|\bJk\b|Aiko|English|\([a-z]\)|\bEnter\b", "", text)
                assert not LATIN_WORD.findall(left), LATIN_WORD.findall(left)

    asyncio.run(scenario())
