"""Shared set-up for the terminal UI tests: a temporary SQLite store, apps with bots that move at once, and
a human player who plays the first legal action through the screen (a click, a key or a button)."""

from __future__ import annotations

import io
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from sevens.store import Store
from sevens.tui.app import SevensApp
from sevens.tui.controller import Controller
from sevens.tui.options import PlayOptions, resolve
from sevens.tui.screens.round_over import RoundOverScreen
from sevens.tui.widgets.hand import slug
from sevens.tui.widgets.seven27 import KEYS

SIZE = (130, 50)
NAME = "Aiko"


def open_store(tmp_path: Path) -> Store:
    return Store.open(f"sqlite:///{tmp_path / 'tui.db'}")


def start(
    store: Store,
    preset: str = "standard",
    *,
    settings: Sequence[str] = (),
    seed: int = 7,
    rounds: int | None = 1,
    lang: str = "en",
    hints: bool | None = None,
    turn_seconds: float | None = None,
    bots: Sequence[str] = ("easy",),
    now: Callable[[], float] = time.monotonic,
    players: int | None = None,
) -> Controller:
    options = PlayOptions(
        preset=preset, settings=tuple(settings), seed=seed, rounds=rounds, lang="ja" if lang == "ja" else "en",
        hints=hints, turn_seconds=turn_seconds, bots=tuple(bots), name=NAME, players=players,
    )  # fmt: skip
    return Controller.start(store, resolve(options), now=now)


def app_for(store: Store, controller: Controller, lang: str = "en", hints: bool | None = None) -> SevensApp:
    return SevensApp(store, controller, lang="ja" if lang == "ja" else "en", hints=hints, bot_delay=0)


@asynccontextmanager
async def playing(
    tmp_path: Path, preset: str = "standard", *, lang: str = "en", size: tuple[int, int] = SIZE, **options: Any
) -> AsyncIterator[tuple[SevensApp, Controller, Pilot[int | None]]]:
    """A session of ``preset`` on screen, the computers' first moves made: ``(app, controller, pilot)``."""
    with open_store(tmp_path) as store:
        controller = start(store, preset, lang=lang, **options)
        app = app_for(store, controller, lang=lang)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            yield app, controller, pilot


def choose(controller: Controller) -> Any:
    """The test player's move: the first legal action; in Seven Twenty-Seven stand, check or fold (short deals)."""
    legal = controller.legal()
    if controller.family.name == "seven27":
        by_text = {str(a): a for a in legal}
        return next((by_text[w] for w in ("stand", "check", "fold") if w in by_text), legal[0])
    return legal[0]


async def human_move(pilot: Pilot[int | None], app: SevensApp) -> str:
    """Play the test player's move the way a person would (a key, a click on a card or a button)."""
    controller = app.game.controller
    text = str(choose(controller))
    if controller.family.name == "seven27":
        await pilot.press({word: key for key, word in KEYS.items()}[text])
    elif text == "pass":
        await pilot.press("p")
    elif len(text) == 2:
        assert await pilot.click(f"#card-{text}")
    else:
        assert await pilot.click(f"#act-{slug(text)}")
    await pilot.pause()
    return text


async def play_round(pilot: Pilot[int | None], app: SevensApp, by_hand: bool = True, limit: int = 400) -> None:
    """Play until the end-of-round dialog is open: with ``by_hand`` through keys and clicks, else through the
    game screen's input handler (the same path without the pilot's per-key waits, for long sessions)."""
    for _ in range(limit):
        if isinstance(app.screen, RoundOverScreen):
            await pilot.pause()  # let the dialog mount
            return
        controller = app.game.controller
        if not controller.human_to_move():
            await pilot.pause()
        elif by_hand:
            await human_move(pilot, app)
        else:
            assert app.game.act(choose(controller))
    raise AssertionError("the round did not end")


def text_of(app: App[Any], selector: str, width: int = 200) -> str:
    """The plain text a Static of the active screen shows (tables included, drawn ``width`` columns wide)."""
    widget = app.screen.query_one(selector, Static)
    content = widget.content
    if isinstance(content, str):
        return content
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(content)
    return console.export_text()
