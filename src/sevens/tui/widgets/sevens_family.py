"""What both 七並べ families (Shichi-narabe, Killer sevens) draw alike, written once: the suit-rows table, the hand
with its playable cards, the pass button, the players panel and the status line. Each family's module says only
what it adds — what stands at a position (a joker, a dead position), extra actions (joker plays, swaps), extra
columns (dead cards, kills) — as PokerKit makes a variant a configuration and python-chess a subclass of one board."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from sevens.cards import ROW, iter_bits, pretty
from sevens.i18n import Lang, t
from sevens.session.hints import playable_cards
from sevens.tui.text import tr
from sevens.tui.widgets.base import (
    RANK_LABELS,
    SUIT_STYLES,
    ActionButton,
    HandCard,
    TableWidget,
    hand_cards,
    suit_label,
)


def suit_rows(view: Any, lang: Lang, hints: bool, mark: Callable[[int, int], Text | None]) -> Table:
    """The 七並べ layout shared by its families: one row per suit, A…K left to right. ``mark(suit, rank)`` draws
    what the family shows at a position (a card, a joker, a dead position), or ``None``; the rest are hints
    (``●`` the human's own playable cards, ``○`` other playable positions) or an empty ``·``."""
    # One cell between columns (not rich's two), so that all thirteen ranks fit the game screen's left half at
    # 80 columns (41 cells wide), with room to spare for a border
    grid = Table(title=t("table", lang), box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="dim")
    grid.add_column("")
    for label in RANK_LABELS:
        grid.add_column(label, justify="center", min_width=2, no_wrap=True)
    mine = view.hand & view.playable_positions
    for suit in range(4):
        cells: list[Text] = [suit_label(suit)]
        for rank in range(ROW):
            bit = 1 << (suit * ROW + rank)
            marked = mark(suit, rank)
            if marked is not None:
                cells.append(marked)
            elif hints and mine & bit:
                cells.append(Text("●", style="bold green"))
            elif hints and view.playable_positions & bit:
                cells.append(Text("○", style="green"))
            else:
                cells.append(Text("·", style="dim"))
        grid.add_row(*cells)
    return grid


class SuitRowsTable(TableWidget):
    """The table of a 七並べ family: the suit rows, with hints ``○`` on playable positions and ``●`` on those the
    human's own cards can fill. A family overrides :meth:`mark` to draw more than the cards on the table."""

    def show(self, view: Any, names: Sequence[str], lang: Lang, hints: bool) -> None:
        self.update(suit_rows(view, lang, hints, lambda suit, rank: self.mark(view, suit, rank)))

    def mark(self, view: Any, suit: int, rank: int) -> Text | None:
        """What stands at a position: a card on the table shows its rank in its suit's colour."""
        if view.table & (1 << (suit * ROW + rank)):
            return Text(RANK_LABELS[rank], style=SUIT_STYLES[suit])
        return None


def playable_in_hand(view: Any) -> set[int]:
    """The hand's cards that can be played now (E5): from the legal actions on the human's turn, else the cards
    next to an open end of a run."""
    if view.legal_actions:
        return set(playable_cards(view.legal_actions))
    return set(iter_bits(view.hand & view.playable_positions))


def passes_status(view: Any, lang: Lang, hints: bool) -> list[str]:
    """The status bar's parts: passes left and, with hints on the human's turn, the cards that can be played."""
    left = view.passes_left
    parts = [tr("passes_unlimited", lang) if left is None else tr("passes_left", lang, left=left)]
    if hints and view.legal_actions:
        cards = sorted(playable_in_hand(view))
        parts.append(tr("hint_playable", lang, cards=" ".join(map(pretty, cards))) if cards else tr("hint_none", lang))
    return parts


class SevensFamilyUI:
    """The :class:`~sevens.tui.widgets.base.FamilyUI` both 七並べ families share; a family subclasses it, naming
    its ``name``, its ``table_widget`` and its pass action, and adds what only it has."""

    name: str
    table_widget: type[SuitRowsTable] = SuitRowsTable
    pass_action: Any

    def __init__(self) -> None:
        self.keys: dict[str, str] = {"p": "pass"}

    def table(self) -> TableWidget:
        return self.table_widget(id="table")

    def hand(self, view: Any) -> list[HandCard]:
        return hand_cards(view.hand_cards, playable_in_hand(view), self.jokers_in_hand(view))

    def jokers_in_hand(self, view: Any) -> int:
        """Jokers the hand holds (drawn after its cards); none in a family without jokers."""
        return 0

    def buttons(self, view: Any, lang: Lang) -> list[ActionButton]:
        """The pass button, then :meth:`extra_buttons`."""
        legal = view.legal_actions
        return [ActionButton("pass", tr("pass_button", lang), self.pass_action in legal), *self.extra_buttons(view)]

    def extra_buttons(self, view: Any) -> list[ActionButton]:
        """Legal actions that are not a plain card or a pass."""
        return []

    def seats(self, view: Any, names: Sequence[str], lang: Lang) -> tuple[list[str], list[list[str]]]:
        """Name, cards held, the family's :meth:`extra_columns`, passes used of the limit, status."""
        limit = view.rules.pass_limit
        titles, extra = self.extra_columns(view, lang)
        header = [tr("name", lang), t("cards", lang), *titles, t("passes", lang), t("status", lang)]
        rows = []
        for seat, name in enumerate(names):
            used = view.passes_used[seat]
            passes = f"{used}/{limit}" if limit is not None else f"{used}/{t('unlimited', lang)}"
            status = t(f"status_{view.statuses[seat]}", lang)
            rows.append([name, str(view.hand_counts[seat]), *extra(seat), passes, status])
        return header, rows

    def extra_columns(self, view: Any, lang: Lang) -> tuple[list[str], Callable[[int], list[str]]]:
        """Column titles the family adds to the players panel, and each seat's cells in them."""
        return [], lambda seat: []

    def status(self, view: Any, lang: Lang, hints: bool) -> str:
        return " · ".join(passes_status(view, lang, hints))


__all__ = ["SevensFamilyUI", "SuitRowsTable", "passes_status", "playable_in_hand", "suit_rows"]
