"""Step through a stored round: ←/→ one move, Home/End to the ends."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Static

from sevens.games.base import Family
from sevens.i18n import Lang
from sevens.tui.history import replay_frame, replay_states
from sevens.tui.keys import say_keys
from sevens.tui.text import tr


class ReplayScreen(Screen[None]):
    """A stored round, move by move (the table as the command line draws it: public facts only)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "key.step_back"),
        Binding("right", "step(1)", "key.step_on"),
        Binding("home", "jump(0)", "key.first"),
        Binding("end", "jump(-1)", "key.last"),
        Binding("q,escape", "app.quit", "key.exit"),
    ]

    def __init__(self, family: Family, record: dict[str, Any], session_id: int, number: int, lang: Lang,
                 names: Sequence[str] | None = None) -> None:  # fmt: skip
        super().__init__()
        self.family = family
        self.record = record
        self.names = names  # the players as seen at the table (the record holds their profile names)
        self.states = replay_states(family, record)
        self.step = len(self.states) - 1
        self.lang: Lang = lang
        self.title_text = tr("replay_title", lang, session=session_id, number=number)

    def compose(self) -> ComposeResult:
        yield Static(self.title_text, id="title-bar")  # not Textual's Header (see GameScreen.redraw)
        yield Static(id="replay-step")
        yield Static(id="replay-frame")
        yield Footer()

    def on_mount(self) -> None:
        say_keys(self, self.lang)
        self.title = self.title_text
        self.draw()

    def draw(self) -> None:
        total = len(self.states) - 1
        self.query_one("#replay-step", Static).update(tr("replay_step", self.lang, step=self.step, total=total))
        self.query_one("#replay-frame", Static).update(self.frame(self.moves_around()))

    def frame(self, around: int) -> RenderableType:
        return replay_frame(self.family, self.record, self.states, self.step, self.lang, self.names, around)

    def moves_around(self) -> int:
        """How many moves to list before and after the step so that the whole frame (the board, the seats, the
        ranking) fits the screen: at 80×24 a few, never the ranking pushed under the key bar."""
        if not self.size.height:
            return 8
        room = self.size.height - 3  # the title, the step line and the key bar
        options = self.app.console.options.update_width(self.size.width)
        rest = len(self.app.console.render_lines(self.frame(0), options, pad=False))
        return max(1, min(8, (room - rest) // 2))

    def on_resize(self) -> None:
        self.draw()

    def action_step(self, delta: int) -> None:
        self.step = max(0, min(len(self.states) - 1, self.step + delta))
        self.draw()

    def action_jump(self, where: int) -> None:
        self.step = 0 if where == 0 else len(self.states) - 1
        self.draw()


__all__ = ["ReplayScreen"]
