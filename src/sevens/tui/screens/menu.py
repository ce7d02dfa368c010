"""The menu: every option of ``sevens play`` in a form, and the saved sessions to resume.

It is used from the keyboard alone: the focus starts on the first field, Tab and Shift+Tab move between the
fields and buttons, a choice opens with Enter and is picked with the arrows and Enter, Enter on 開始/Start
starts, Esc quits. Computer players are offered by level (beginner … expert, with the level's one-line
description under the choice), never by an agent's internal name."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Select, Static

from sevens.agents.levels import DEFAULT_LEVEL, LEVELS, about, display_name
from sevens.errors import RulesError, SevensError
from sevens.games.registry import families
from sevens.i18n import Lang, t
from sevens.tui.controller import Controller
from sevens.tui.keys import say_keys
from sevens.tui.options import PlayOptions, resolve
from sevens.tui.persistence import GameStore
from sevens.tui.text import tr

StartGame = Callable[[Controller, Lang, bool], None]


class MenuScreen(Screen[None]):
    """Fill in the options and start, or resume a saved session."""

    DEFAULT_CSS = """
    MenuScreen VerticalScroll { padding: 0 2; }
    #form { grid-size: 2; grid-columns: 44 70; grid-rows: 3; height: auto; }
    #form Label { padding-top: 1; }
    #level-about { color: $text-muted; padding-top: 1; }
    .title { text-style: bold; margin: 1 0; }
    #menu-error { color: $error; text-style: bold; margin-top: 1; }
    #menu-buttons { height: auto; margin-top: 1; }
    .resume { margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.quit", "key.exit")]

    def __init__(self, store: GameStore, defaults: PlayOptions, lang: Lang, on_start: StartGame,
                 now: Callable[[], float]) -> None:  # fmt: skip
        super().__init__()
        self.store = store
        self.defaults = defaults
        self.lang: Lang = lang
        self.on_start = on_start
        self.now = now

    def compose(self) -> ComposeResult:
        lang, d = self.lang, self.defaults
        presets = [
            (f"{name} — {t(f'preset.{name}.about', lang)}", name)
            for family in families().values()
            for name in family.presets
        ]
        levels = [(display_name(level, lang), level) for level in LEVELS]
        level = next((b for b in d.bots if b in LEVELS), DEFAULT_LEVEL)  # the menu offers one level for all
        # No Textual Header (see GameScreen.redraw): the title line below says what this screen is.
        with VerticalScroll(can_focus=False):  # the focus goes to the fields; the form scrolls to follow it
            yield Static(tr("menu_title", lang), classes="title")
            hints = "auto" if d.hints is None else "on" if d.hints else "off"
            fields: list[tuple[str, Widget]] = [
                ("menu_preset", Select(presets, value=d.preset, allow_blank=False, id="preset")),
                ("menu_settings", Input(",".join(d.settings), id="settings")),
                ("menu_players", Input("" if d.players is None else str(d.players), id="players")),
                ("menu_bots", Select(levels, value=level, allow_blank=False, id="bots")),
                ("", Static(about(level, lang), id="level-about")),
                ("menu_time", Input("" if d.turn_seconds is None else f"{d.turn_seconds:g}", id="time")),
                ("menu_rounds", Input("" if d.rounds is None else str(d.rounds), id="rounds")),
                ("menu_name", Input(d.name or "", id="name")),
                ("menu_lang", Select([("日本語", "ja"), ("English", "en")], value=lang, allow_blank=False, id="lang")),
                ("menu_hints", Select([(tr(f"menu_hints_{v}", lang), v) for v in ("auto", "on", "off")], value=hints,
                                      allow_blank=False, id="hints")),
            ]  # fmt: skip
            with Grid(id="form"):
                for key, field in fields:
                    yield Label(tr(key, lang) if key else "")
                    yield field
            with Horizontal(id="menu-buttons"):
                yield Button(tr("menu_start", lang), id="start", variant="primary")
            yield Static(id="menu-error")
            yield Label(tr("menu_resume", lang))
            saved = [s for s in self.store.unfinished_sessions() if sum(seat.is_human for seat in s.seats) == 1]
            if not saved:
                yield Static(tr("menu_no_saved", lang))
            for info in saved:
                done = sum(1 for r in info.rounds if r.finished)
                players = ", ".join(seat.name for seat in info.seats)
                label = f"#{info.id} {info.preset or info.family} · {players} · {done} {tr('rounds', lang)}"
                yield Button(label, id=f"resume-{info.id}", classes="resume")
        yield Footer()

    def on_mount(self) -> None:
        say_keys(self, self.lang)
        self.query_one("#preset", Select).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "bots" and isinstance(event.value, str):
            self.query_one("#level-about", Static).update(about(event.value, self.lang))

    def options(self) -> PlayOptions:
        """The form as options; a number that is not one raises :class:`RulesError`."""
        lang = self.lang
        text = {key: self.query_one(f"#{key}", Input).value.strip() for key in
                ("settings", "players", "time", "rounds", "name")}  # fmt: skip
        hints = str(self.query_one("#hints", Select).value)
        chosen_lang = str(self.query_one("#lang", Select).value)
        return PlayOptions(
            preset=str(self.query_one("#preset", Select).value),
            settings=tuple(s.strip() for s in text["settings"].split(",") if s.strip()),
            players=_whole(text["players"], tr("menu_players", lang), lang),
            bots=(str(self.query_one("#bots", Select).value),),
            turn_seconds=_number(text["time"], tr("menu_time", lang), lang),
            lang="ja" if chosen_lang == "ja" else "en",
            hints=None if hints == "auto" else hints == "on",
            name=text["name"] or None,
            rounds=_whole(text["rounds"], tr("menu_rounds", lang), lang),
            seed=self.defaults.seed,
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        button = event.button.id or ""
        try:
            if button == "start":
                setup = resolve(self.options())
                self.on_start(Controller.start(self.store, setup, self.now), setup.lang, setup.hints)
            elif button.startswith("resume-"):
                controller = Controller.resume(self.store, int(button.removeprefix("resume-")), self.now)
                hints = bool(controller.settings.get("hints", False))
                self.on_start(controller, self.lang, hints)
        except SevensError as exc:
            self.query_one("#menu-error", Static).update(str(exc))


def _number(text: str, field: str, lang: Lang) -> float | None:
    """A form field as a number; empty (or ``none``) is ``None``."""
    if not text or text.lower() in ("none", "-"):
        return None
    try:
        return float(text)
    except ValueError:
        raise RulesError(tr("menu_bad_number", lang, field=field, value=text)) from None


def _whole(text: str, field: str, lang: Lang) -> int | None:
    value = _number(text, field, lang)
    if value is not None and not value.is_integer():
        raise RulesError(tr("menu_bad_number", lang, field=field, value=text))
    return None if value is None else int(value)


__all__ = ["MenuScreen"]
