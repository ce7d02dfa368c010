"""The game screen: the table, the hand, the action bar, the players panel, the turn timer and the move log.

All game logic is in :class:`~sevens.tui.controller.Controller`; this screen only draws the human seat's view
and turns clicks and keys into :meth:`Controller.submit` calls. Computer seats move one at a time after
``bot_delay`` seconds (at once when it is 0, as in tests).
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Static

from sevens.errors import SevensError
from sevens.i18n import Lang, catalogue, t
from sevens.session.log import action_text
from sevens.tui.controller import Controller
from sevens.tui.keys import say_keys
from sevens.tui.screens.help import HelpScreen
from sevens.tui.screens.round_over import RoundOverScreen
from sevens.tui.text import tr
from sevens.tui.widgets import family_ui
from sevens.tui.widgets.hand import ActionBar, CardChosen, Hand
from sevens.tui.widgets.seats import MoveLog, SeatsPanel


def time_bar(left: float, limit: float, width: int = 20) -> str:
    """The turn clock as a bar that empties as time runs out (E4), so it is seen, not only read.

    >>> time_bar(6, 10, width=10)
    '██████░░░░'
    """
    full = max(0, min(width, round(width * left / limit))) if limit > 0 else 0
    return "█" * full + "░" * (width - full)


class GameScreen(Screen[None]):
    """Plays a stored session until the player quits or it ends."""

    DEFAULT_CSS = """
    #title-bar { dock: top; height: 1; background: $panel; text-style: bold; content-align: center middle; }
    #main { height: 1fr; }
    #left { width: 3fr; padding: 0 1; }
    #right { width: 2fr; padding: 0 1; border-left: solid $panel-lighten-1; }
    #round-line { color: $text-muted; }
    #table { height: auto; margin-bottom: 1; }
    #hand-title { text-style: bold; }
    #message { height: auto; min-height: 1; }
    #message.-error { color: $error; text-style: bold; }
    #turn { text-style: bold; }
    #log { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [  # descriptions: message keys, said in the player's language
        Binding("h", "toggle_hints", "key.hints"),
        Binding("l", "toggle_lang", "key.lang"),
        Binding("slash", "focus_input", "key.type"),
        Binding("escape", "focus_hand", "key.hand", key_display="Esc"),
        Binding("question_mark", "help", "key.help", key_display="?"),
        Binding("f1", "help", "key.help", show=False),
        Binding("q", "save_quit", "key.quit"),
    ]

    def __init__(self, controller: Controller, lang: Lang, hints: bool, bot_delay: float = 0.4) -> None:
        super().__init__()
        self.controller = controller
        self.lang: Lang = lang
        self.hints = hints
        self.bot_delay = bot_delay
        self.ui = family_ui(controller.family.name)
        self._bot_pending = False
        self._round_shown = False
        self.last_message = ""

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static(id="title-bar")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="round-line")
                yield self.ui.table()
                yield Static(id="hand-title")
                yield Hand(id="hand")
                yield ActionBar(id="actions")
                yield Input(id="command")
                yield Static(id="message")
            with Vertical(id="right"):
                yield Static(id="turn")
                yield SeatsPanel(id="seats")
                yield Static(id="status")
                yield Static(id="timer")
                yield MoveLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.say_keys()
        if self.controller.resumed_at is not None:
            self.say(tr("resumed", self.lang, id=self.controller.session_id, moves=self.controller.resumed_at))
        if self.controller.turn_seconds is not None:
            self.set_interval(0.25, self.tick)
        self.query_one(Hand).focus()
        self.advance()

    def on_resize(self) -> None:
        # the text box's suggestion is measured against its width, known only once the screen is laid out
        self.call_after_refresh(self.hint_input)

    def hint_input(self) -> None:
        self.query_one("#command", Input).placeholder = self.input_hint()

    # ------------------------------------------------------------------ drawing
    def redraw(self) -> None:
        """Draw everything from the human seat's view."""
        c, lang = self.controller, self.lang
        family = c.family
        # A title line of our own, not Textual's Header: a Header being torn down (the app quitting, a screen
        # switched away) can still get a title update it fails on (NoMatches on HeaderTitle) when the machine is slow.
        self.title = family.title[1] if lang == "ja" else family.title[0]
        named = c.preset and c.preset != family.name and f"preset.{c.preset}" in catalogue()
        # the preset's name as the web page says it (「標準」, "Standard"), not its id; killer's is the game's own
        self.sub_title = t(f"preset.{c.preset}", lang) if named else ""
        self.query_one("#title-bar", Static).update(" — ".join(part for part in (self.title, self.sub_title) if part))
        total = c.rounds_total
        number = c.round_number
        heading = tr("round_title", lang, number=number, total=total) if total else tr("round_title_open", lang,
                                                                                       number=number)  # fmt: skip
        self.query_one("#round-line", Static).update(heading)
        self.query_one("#hand-title", Static).update(tr("your_hand", lang))
        self.hint_input()
        if c.state is None or c.human_round_seat is None:
            return
        view = c.view()
        shown = c.round_display_names(lang)
        names = [f"{n} ({tr('you', lang)})" if s == c.human_round_seat else n for s, n in enumerate(shown)]
        self.query_one("#table", Static).show(view, names, lang, self.hints)  # type: ignore[attr-defined]
        self.query_one(Hand).show(self.ui.hand(view), self.hints)
        self.query_one(ActionBar).show(self.ui.buttons(view, lang))
        header, rows = self.ui.seats(view, shown, lang)  # the human's row is bold
        self.query_one(SeatsPanel).show(header, rows, view.to_move, c.human_round_seat)
        self.query_one("#status", Static).update(self.ui.status(view, lang, self.hints))
        self.query_one("#turn", Static).update(self.turn_text())
        self.query_one(MoveLog).show(c.log_lines(lang), tr("move_log", lang))
        self.show_timer()

    def input_hint(self) -> str:
        """What the text box suggests typing: on the human's turn a few of the actions legal now, in words the
        parser reads back (so Seven Twenty-Seven suggests bets while betting and take/stand while drawing);
        otherwise the kind of thing this game takes."""
        c, lang = self.controller, self.lang
        legal = c.legal()
        if not legal:
            return tr("type_action_seven27" if c.family.name == "seven27" else "type_action", lang)
        separator = t("log.list_separator", lang)
        typed = [self._typed(a) for a in legal[:4]]
        room = self.query_one("#command", Input).content_size.width - 4  # the cursor and a margin: Textual wraps
        for count in range(len(typed), 0, -1):  # as many examples as the box shows whole (80 columns: fewer)
            hint = tr("type_action_now", lang, examples=separator.join(typed[:count]))
            if room <= 0 or cell_len(hint) <= room or count == 1:
                return hint
        return hint

    def _typed(self, action: object) -> str:
        """``action`` as the player would type it: its words in their language when the parser reads those back
        (パス, bet), else its notation (7h, Jk+9h)."""
        words = action_text(str(action), self.lang)
        try:
            same = str(self.controller.family.parse_action(words)) == str(action)
        except SevensError:
            same = False
        return words if same else str(action)

    def turn_text(self) -> str:
        c = self.controller
        if c.round_over():
            return tr("round_is_over", self.lang)
        if c.human_to_move():
            return tr("your_turn", self.lang)
        mover = c.to_move()
        return tr("waiting_for", self.lang, name=c.round_display_names(self.lang)[mover] if mover is not None else "-")

    def show_timer(self) -> None:
        left = self.controller.seconds_left()
        if self.controller.turn_seconds is None:
            text = tr("timer_off", self.lang)
        elif left is None:
            text = tr("timer_idle", self.lang, seconds=f"{self.controller.turn_seconds:g}")
        else:
            text = tr("timer", self.lang, seconds=f"{left:.0f}") + "\n" + time_bar(left, self.controller.turn_seconds)
        self.query_one("#timer", Static).update(text)

    def say(self, text: str, error: bool = False) -> None:
        """Show one line under the hand (an explanation when ``error``)."""
        self.last_message = text
        message = self.query_one("#message", Static)
        message.update(text)
        message.set_class(error, "-error")

    # ------------------------------------------------------------------ the flow of play
    def advance(self) -> None:
        """Let computer seats play (at once, or one per ``bot_delay``), redraw, and show the round's end."""
        c = self.controller
        if self.bot_delay <= 0:
            self._run_bots()
        self.redraw()
        if c.round_over():
            self.show_round_over()
        elif c.bot_to_move() and not self._bot_pending:
            self._bot_pending = True
            self.set_timer(self.bot_delay, self.bot_step)

    def _run_bots(self) -> None:
        try:
            self.controller.run_bots()
        except SevensError as exc:  # a computer seat chose badly or the store refused: say so, do not crash
            self.say(self.controller.explain(exc, self.lang), error=True)

    def bot_step(self) -> None:
        self._bot_pending = False
        if self.controller.bot_to_move():
            try:
                self.controller.step_bot()
            except SevensError as exc:
                self.say(self.controller.explain(exc, self.lang), error=True)
                return
        self.advance()

    def tick(self) -> None:
        """Check the turn clock (E4): when the human's time is up, the default action is played for them."""
        try:
            move = self.controller.check_clock()
        except SevensError as exc:
            self.say(self.controller.explain(exc, self.lang), error=True)
            return
        if move is None:
            self.show_timer()
            return
        self.say(tr("timed_out", self.lang, action=action_text(move.text, self.lang)), error=True)
        self.advance()

    def act(self, action: object) -> bool:
        """Submit the human's action; a refusal is explained and changes nothing. Returns whether it was played."""
        try:
            self.controller.submit(action)
        except SevensError as exc:
            self.say(self.controller.explain(exc, self.lang), error=True)
            self.redraw()
            return False
        self.say("")
        self.advance()
        return True

    def show_round_over(self) -> None:
        if self._round_shown or not self.controller.results:
            return
        self._round_shown = True
        self.app.push_screen(RoundOverScreen(self.controller, self.lang), callback=self.after_round)

    def after_round(self, choice: str | None) -> None:
        c = self.controller
        if choice == "quit" or c.session_over():
            self.app.exit(c.session_id)
            return
        try:
            c.begin_round()
        except SevensError as exc:
            self.say(self.controller.explain(exc, self.lang), error=True)
            return
        self._round_shown = False
        self.say("")
        self.advance()

    # ------------------------------------------------------------------ input
    def on_card_chosen(self, message: CardChosen) -> None:
        message.stop()
        card = message.card
        if self.controller.state is None or self.controller.human_round_seat is None:
            return
        if card.card is None:
            self.say(tr("joker_choices", self.lang))
            return
        action = self.ui.card_action(self.controller.view(), card.card)
        if action is not None:
            self.act(action)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id and event.button.id.startswith("act-") and event.button.name:
            event.stop()
            self.act(event.button.name)
            # Back to the hand: a focus left on the button would make the next turn's Enter press it again
            self.query_one(Hand).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        event.input.value = ""
        if text:
            self.act(text)

    def on_key(self, event: Key) -> None:
        if isinstance(self.focused, Input):
            return
        action = self.ui.keys.get(event.key)
        if action is not None:
            event.stop()
            self.act(action)

    def action_toggle_hints(self) -> None:
        self.hints = not self.hints
        self.say(tr("hints_on" if self.hints else "hints_off", self.lang))
        self.redraw()

    def action_toggle_lang(self) -> None:
        self.lang = "en" if self.lang == "ja" else "ja"
        self.say_keys()
        self.redraw()

    def say_keys(self) -> None:
        """The key bar in the player's language (this screen's keys and the hand's)."""
        say_keys(self, self.lang)
        say_keys(self.query_one(Hand), self.lang)

    def action_help(self) -> None:
        """How to play this game (? or F1)."""
        self.app.push_screen(HelpScreen(self.controller.family, self.controller.rules, self.lang))

    def action_focus_input(self) -> None:
        self.query_one("#command", Input).focus()

    def action_focus_hand(self) -> None:
        self.query_one(Hand).focus()

    def action_save_quit(self) -> None:
        self.app.exit(self.controller.session_id)


__all__ = ["GameScreen"]
