"""The human's hand: one small widget per card, chosen by clicking it or with ←/→ and Enter."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Static

from sevens.tui.widgets.base import ActionButton, HandCard


class CardChosen(Message):
    """The player chose ``card`` (a click, or Enter on the cursor)."""

    def __init__(self, card: HandCard) -> None:
        super().__init__()
        self.card = card


class CardWidget(Static):
    """One card; ``-playable`` when hints are on and it can be played, ``-cursor`` under the keyboard cursor."""

    DEFAULT_CSS = """
    CardWidget { width: 5; height: 3; border: round $panel-lighten-2; content-align: center middle; }
    CardWidget.-red { color: $error; }
    CardWidget.-playable { border: round $success; background: $success 20%; }
    CardWidget.-cursor { border: heavy $accent; }
    """

    def __init__(self, card: HandCard, cursor: bool, hint: bool) -> None:
        classes = " ".join(name for name, on in (("-red", card.red), ("-cursor", cursor), ("-playable", hint)) if on)
        # Real cards never come back to a hand once they leave it, so their ids stay unique; jokers can.
        super().__init__(card.label, id=None if card.card is None else f"card-{card.key}", classes=classes)
        self.card = card

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(CardChosen(self.card))


CARD_WIDTH = 5
"""Cells a card takes on screen (its border included)."""
HAND_ROWS = 2
"""Rows of cards the hand shows at once; a longer hand scrolls, keeping the selected card in view."""


class Hand(Widget, can_focus=True):
    """The hand, sorted (s, h, d, c then A…K; jokers last): as many cards to a row as fit (thirteen at most),
    wrapping onto a second row; a hand longer still scrolls so that the selected card is always in view."""

    DEFAULT_CSS = f"""
    Hand {{
        layout: grid; grid-size: 13; grid-columns: {CARD_WIDTH}; grid-gutter: 0 0;
        height: auto; min-height: 3; max-height: {3 * HAND_ROWS}; overflow-y: auto; scrollbar-size-vertical: 1;
    }}
    Hand:focus {{ background: $boost; }}
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "", show=False),
        Binding("right", "move(1)", "", show=False),
        Binding("enter", "choose", "key.play"),  # a message key: the game screen says it in the player's language
    ]

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[HandCard] = []
        self.cursor = 0
        self.hints = False

    def compose(self) -> ComposeResult:
        for index, card in enumerate(self.cards):
            yield CardWidget(card, index == self.cursor, self.hints and card.playable)

    def on_resize(self) -> None:
        """As many cards to a row as the width holds (a scroll bar's column kept free), from 1 to 13."""
        fit = max(1, min(13, (self.size.width - 1) // CARD_WIDTH))
        if self.styles.grid_size_columns != fit:
            self.styles.grid_size_columns = fit
        self.call_after_refresh(self.show_cursor)

    def show_cursor(self) -> None:
        """Scroll the selected card into view (a hand of more rows than are shown)."""
        for widget in self.query_children(CardWidget):
            if widget.has_class("-cursor"):
                self.scroll_to_widget(widget, animate=False)
                return

    def show(self, cards: Sequence[HandCard], hints: bool) -> None:
        """Redraw with ``cards``, keeping the cursor on the same card when it is still there. Only the cards that
        changed are removed or mounted (a move changes one or two cards, not the whole hand)."""
        cards = list(cards)
        if cards == self.cards and hints == self.hints:
            return
        current = self.cards[self.cursor].key if self.cursor < len(self.cards) else None
        keys = [c.key for c in cards]
        if current in keys:
            self.cursor = keys.index(current)
        else:
            self.cursor = min(self.cursor, max(len(cards) - 1, 0))
        self.cards, self.hints = cards, hints
        if not self.is_mounted:
            return
        widgets = {w.card.key: w for w in self.query_children(CardWidget) if w.display}  # not being removed
        for key, widget in widgets.items():
            if key not in keys:
                widget.remove()
        for index, card in enumerate(cards):
            found = widgets.get(card.key)
            if found is None:
                widget = CardWidget(card, False, False)
                later = next((widgets[c.key] for c in cards[index + 1 :] if c.key in widgets), None)
                self.mount(widget, before=later) if later is not None else self.mount(widget)
            else:
                widget = found
            widget.card = card
            widget.set_class(index == self.cursor, "-cursor")
            widget.set_class(self.hints and card.playable, "-playable")
        self.call_after_refresh(self.show_cursor)

    @property
    def selected(self) -> HandCard | None:
        return self.cards[self.cursor] if self.cursor < len(self.cards) else None

    def action_move(self, step: int) -> None:
        if not self.cards:
            return
        self.cursor = (self.cursor + step) % len(self.cards)
        keys = [c.key for c in self.cards]
        for widget in self.query_children(CardWidget):
            widget.set_class(widget.card.key in keys and keys.index(widget.card.key) == self.cursor, "-cursor")
        self.show_cursor()

    def action_choose(self) -> None:
        card = self.selected
        if card is not None:
            self.post_message(CardChosen(card))


class ActionBar(Widget):
    """Buttons for the actions that are not a click on a card (pass, joker plays, bets …); illegal ones are
    dimmed but still pressable, so the engine can say why they are refused. They sit in a grid of equal cells,
    as many to a row as the width holds, so that a narrow terminal wraps them onto more rows and never cuts
    one off (Seven Twenty-Seven's seven actions at 80 columns)."""

    DEFAULT_CSS = """
    ActionBar { layout: grid; grid-size: 13; grid-gutter: 0 1; height: auto; }
    ActionBar Button { width: 100%; }
    ActionBar Button.-illegal { opacity: 60%; }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.buttons: list[ActionButton] = []

    def compose(self) -> ComposeResult:
        for item in self.buttons:
            button = Button(item.label, id="act-" + slug(item.action), name=item.action, compact=True)
            button.set_class(not item.legal, "-illegal")
            yield button

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """Cells as wide as the longest label (and a button's padding), as many to a row as fit."""
        cell = max((cell_len(item.label) for item in self.buttons), default=6) + 2
        columns = max(1, min(len(self.buttons) or 1, (self.size.width + 1) // (cell + 1)))
        self.styles.grid_columns = str(cell)
        if self.styles.grid_size_columns != columns:
            self.styles.grid_size_columns = columns

    def show(self, buttons: Sequence[ActionButton]) -> None:
        """Redraw; when the same actions are offered, only their legal marks change."""
        buttons = list(buttons)
        if buttons == self.buttons:
            return
        same = [b.action for b in buttons] == [b.action for b in self.buttons]
        self.buttons = buttons
        if not same:
            self.fit()
            self.refresh(recompose=True)
            return
        for item, button in zip(buttons, self.query_children(Button), strict=False):
            button.set_class(not item.legal, "-illegal")


def slug(action: str) -> str:
    """An action's text as a widget id: ``Jk+9h`` → ``Jk-9h``, ``swap 8h`` → ``swap-8h``."""
    return "".join(ch if ch.isalnum() else "-" for ch in action)


__all__ = ["CARD_WIDTH", "HAND_ROWS", "ActionBar", "CardChosen", "CardWidget", "Hand", "slug"]
