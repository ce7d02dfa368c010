"""The end of a round: the ranking, each seat's points (chips for Seven Twenty-Seven), session totals and stars.

At the end of a session the table is ordered by the session totals (E1) and names the session's winner; the last
round's result stays in its own columns."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from sevens.i18n import Lang
from sevens.session.standings import session_standings, session_winners
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
            if over:
                yield Static(self.winner_line(), id="winner")
            yield Static(self.ranking_table(), id="ranking")
            yield Static(self.stars_line(), id="stars")
            with Horizontal(id="buttons"):
                yield Button(tr("close" if over else "next_round", lang), id="next", variant="primary")
                yield Button(tr("quit", lang), id="quit")

    def on_mount(self) -> None:
        say_keys(self, self.lang)
        self.query_one("#next", Button).focus()

    def winner_line(self) -> str:
        """The session's winner (or winners, on a tie) by total points or chips, with that total."""
        c, lang = self.controller, self.lang
        totals = [total.points for total in c.totals()]
        names = c.display_names(lang)
        winners = session_winners(totals)
        shown = tr("and", lang).join(self._seat_name(names, seat) for seat in winners)
        line = tr("session_winner", lang, names=shown, total=f"{totals[winners[0]]:+d}")
        return line + "\n" + tr("session_you_won", lang) if c.human_seat in winners else line

    def _seat_name(self, names: tuple[str, ...], seat: int) -> str:
        return names[seat] + (f" ({tr('you', self.lang)})" if seat == self.controller.human_seat else "")

    def ranking_table(self) -> Table:
        """The session's standings as people read them (issue 40): place by session total, name, session total and
        session stars first (:func:`sevens.session.standings.session_standings`, the one tie rule every front-end
        uses), then the round just played in columns of its own (its outcome and points)."""
        c, lang = self.controller, self.lang
        result = c.results[-1]
        totals = c.totals()
        chips = c.family.name == "seven27"
        table = Table(box=None, header_style="dim")
        for key in ("place", "name"):
            table.add_column(tr(key, lang))
        table.add_column(tr("session_chips" if chips else "session_total", lang), justify="right")
        table.add_column(tr("session_stars", lang))
        table.add_column(tr("round_head", lang, n=len(c.results)))
        table.add_column(tr("chips" if chips else "points", lang), justify="right")
        names = c.display_names(lang)
        standings = session_standings([t.points for t in totals], [t.stars for t in totals])
        for row in standings:
            seat = row.player
            table.add_row(
                str(row.place),
                self._seat_name(names, seat),
                f"{row.total:+d}",
                f"★{row.stars}" if seat == c.human_seat else "–",  # computers earn no stars (E3)
                outcome_text(result.outcomes[seat], lang, place=result.ranking.index(seat) + 1),
                f"{result.points[seat]:+d}",
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
