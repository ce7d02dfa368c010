"""The end of a round: the ranking, each seat's points (chips for Seven Twenty-Seven), session totals and stars."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from sevens.i18n import Lang
from sevens.tui.controller import Controller
from sevens.tui.keys import say_keys
from sevens.tui.text import outcome_text, tr


class RoundOverScreen(ModalScreen[str]):
    """Dismissed with ``"next"`` (deal the next round, or close a finished session) or ``"quit"``."""

    DEFAULT_CSS = """
    RoundOverScreen { align: center middle; }
    #dialog { width: auto; max-width: 100; height: auto; border: thick $accent; padding: 1 2; background: $surface; }
    #round-title { text-style: bold; margin-bottom: 1; }
    #stars { margin-top: 1; color: $warning; }
    #buttons { height: auto; margin-top: 1; }
    #buttons Button { margin-right: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose('next')", "key.next"),
        Binding("q", "choose('quit')", "key.quit"),
    ]

    def __init__(self, controller: Controller, lang: Lang) -> None:
        super().__init__()
        self.controller = controller
        self.lang: Lang = lang

    def compose(self) -> ComposeResult:
        c, lang = self.controller, self.lang
        over = c.session_over()
        result = c.results[-1]
        title = tr("round_over_title", lang, number=result.number + 1)
        if over:
            title += " — " + tr("session_over_title", lang)
        with Vertical(id="dialog"):
            yield Static(title, id="round-title")
            yield Static(self.ranking_table(), id="ranking")
            yield Static(self.stars_line(), id="stars")
            with Horizontal(id="buttons"):
                yield Button(tr("close" if over else "next_round", lang), id="next", variant="primary")
                yield Button(tr("quit", lang), id="quit")

    def on_mount(self) -> None:
        say_keys(self, self.BINDINGS, self.lang)
        self.query_one("#next", Button).focus()

    def ranking_table(self) -> Table:
        c, lang = self.controller, self.lang
        result = c.results[-1]
        totals = c.totals()
        chips = c.family.name == "seven27"
        table = Table(box=None, header_style="dim")
        for key in ("place", "name", "outcome"):
            table.add_column(tr(key, lang))
        table.add_column(tr("chips" if chips else "points", lang), justify="right")
        table.add_column(tr("total", lang), justify="right")
        table.add_column(tr("stars", lang))
        names = c.display_names(lang)
        for place, seat in enumerate(result.ranking, start=1):
            name = names[seat] + (f" ({tr('you', lang)})" if seat == c.human_seat else "")
            stars = "★" * result.stars[seat] if seat == c.human_seat else ""
            table.add_row(
                str(place),
                name,
                outcome_text(result.outcomes[seat], lang),
                f"{result.points[seat]:+d}",
                f"{totals[seat].points:+d}",
                stars,
            )
        return table

    def stars_line(self) -> str:
        c = self.controller
        result = c.results[-1]
        session = c.totals()[c.human_seat].stars
        return tr("stars_line", self.lang, name=c.human_name, round=result.stars[c.human_seat], session=session,
                  lifetime=c.lifetime_stars())  # fmt: skip

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss("quit" if event.button.id == "quit" else "next")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


__all__ = ["RoundOverScreen"]
