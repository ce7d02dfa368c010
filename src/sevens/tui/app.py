"""``sevens play`` as a Textual app, and ``sevens replay --session ID --round N`` as a second one.

:func:`run_app` is the entry point the command line calls: it opens the store, starts a new session (or resumes
one, or shows the menu) and runs the app until the player quits. Every action is stored as it is played, so
quitting, or killing the program, loses nothing but the round's unplayed moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from textual.app import App

from sevens.errors import RulesError
from sevens.games.base import Family
from sevens.i18n import Lang, default_lang
from sevens.tui.controller import Controller
from sevens.tui.history import load_round
from sevens.tui.options import TUI_UI, PlayOptions, resolve
from sevens.tui.persistence import GameStore, open_store
from sevens.tui.screens.game import GameScreen
from sevens.tui.screens.menu import MenuScreen
from sevens.tui.screens.replay import ReplayScreen

BOT_DELAY = 0.4  # seconds between computer moves, so a person can follow them


class SevensApp(App[int | None]):
    """The game. Give it a ready :class:`Controller` to play at once, or none to show the menu. Exits with the
    session id (``None`` when no session was started)."""

    TITLE = "sevens"
    ENABLE_COMMAND_PALETTE = False  # its key bar entry and its commands are Textual's English only

    def __init__(
        self,
        store: GameStore,
        controller: Controller | None = None,
        *,
        lang: Lang | None = None,
        hints: bool | None = None,
        defaults: PlayOptions | None = None,
        now: Callable[[], float] = time.monotonic,
        bot_delay: float = BOT_DELAY,
    ) -> None:
        super().__init__()
        self.store = store
        self.controller = controller
        self.lang: Lang = lang or _stored_lang(controller) or default_lang()
        self.hints = hints
        self.defaults = defaults or PlayOptions()
        self.now = now
        self.bot_delay = bot_delay

    def on_mount(self) -> None:
        if self.controller is not None:
            hints = self.hints if self.hints is not None else bool(self.controller.settings.get("hints", False))
            self.push_screen(GameScreen(self.controller, self.lang, hints, self.bot_delay))
        else:
            self.push_screen(MenuScreen(self.store, self.defaults, self.lang, self.start_game, self.now))

    def start_game(self, controller: Controller, lang: Lang, hints: bool) -> None:
        """Leave the menu for the game screen."""
        self.controller = controller
        self.lang = lang
        self.switch_screen(GameScreen(controller, lang, hints, self.bot_delay))

    @property
    def game(self) -> GameScreen:
        """The game screen (below the end-of-round dialog when that is open)."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        raise LookupError("no game is being played")


class ReplayApp(App[None]):
    """Steps through one stored round."""

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, family: Family, record: dict[str, Any], session_id: int, number: int, lang: Lang,
                 names: Sequence[str] | None = None) -> None:  # fmt: skip
        super().__init__()
        self.replay_screen = ReplayScreen(family, record, session_id, number, lang, names)

    def on_mount(self) -> None:
        self.push_screen(self.replay_screen)


def _stored_lang(controller: Controller | None) -> Lang | None:
    if controller is None:
        return None
    lang = controller.settings.get("lang")
    return lang if lang in ("ja", "en") else None


def start_controller(store: GameStore, options: PlayOptions, resume: int | None = None,
                     continue_last: bool = False) -> Controller | None:  # fmt: skip
    """The controller ``sevens play`` opens with: a resumed session (by id, or the newest unfinished one with
    ``continue_last``), a new one when a preset was chosen, else ``None`` (the menu)."""
    if resume is not None:
        return Controller.resume(store, resume)
    if continue_last:
        # Rooms of `sevens serve` live in the same store; the server resumes those itself.
        saved = [info for info in store.unfinished_sessions() if info.settings.get("ui") == TUI_UI]
        if not saved:
            raise RulesError("there is no unfinished session to continue; start one with `sevens play --preset …`")
        return Controller.resume(store, saved[-1].id)
    return Controller.start(store, resolve(options))


class Played(NamedTuple):
    """What ``sevens play`` tells the player on quitting: the session played and whether it is over."""

    session_id: int
    finished: bool


def run_app(
    preset: str | None = None,
    settings: Sequence[str] = (),
    players: int | None = None,
    bots: Sequence[str] = (),
    turn_seconds: float | None = None,
    lang: Lang | None = None,
    hints: bool | None = None,
    name: str | None = None,
    rounds: int | None = None,
    seed: int | None = None,
    resume: int | None = None,
    continue_last: bool = False,
    menu: bool = False,
    db_url: str | None = None,
    bot_delay: float | None = None,
) -> Played | None:
    """Run ``sevens play``; returns the session played (``None`` if none). Bad options raise
    :class:`~sevens.errors.SevensError` before the screen opens, the menu included."""
    options = PlayOptions(
        preset=preset or "standard", settings=tuple(settings), players=players, bots=tuple(bots),
        turn_seconds=turn_seconds, lang=lang, hints=hints, name=name, rounds=rounds, seed=seed,
    )  # fmt: skip
    wants_menu = menu or (preset is None and resume is None and not continue_last)
    if wants_menu:
        resolve(options)  # --players 21 or --bots bogus are refused here, not after the menu opened
    with open_store(db_url) as store:
        controller = None if wants_menu else start_controller(store, options, resume, continue_last)
        pace = BOT_DELAY if bot_delay is None else bot_delay
        app = SevensApp(store, controller, lang=lang, hints=hints, defaults=options, bot_delay=pace)
        session_id = app.run()
        if session_id is None:
            return None
        return Played(session_id, app.controller is not None and app.controller.session_over())


def run_replay(session_id: int, number: int, db_url: str | None = None, lang: Lang | None = None) -> None:
    """Step through round ``number`` (from 1) of a stored session (``sevens replay --session ID --round N``)."""
    language = lang or default_lang()
    with open_store(db_url) as store:
        family, record, names = load_round(store, session_id, number, language)
    ReplayApp(family, record, session_id, number, language, names).run()


__all__ = ["BOT_DELAY", "Played", "ReplayApp", "SevensApp", "run_app", "run_replay", "start_controller"]
