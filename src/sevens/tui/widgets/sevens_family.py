"""What both 七並べ families (Shichi-narabe, Killer sevens) draw alike: the suit rows, the hand's playable cards,
and the passes line of the status bar. Each family's module adds what only it has (jokers, dead positions)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.table import Table
from rich.text import Text

from sevens.cards import ROW, iter_bits, pretty
from sevens.i18n import Lang, t
from sevens.session.hints import playable_cards
from sevens.tui.text import tr
from sevens.tui.widgets.base import RANK_LABELS, suit_label


def suit_rows(view: Any, lang: Lang, hints: bool, mark: Callable[[int, int], Text | None]) -> Table:
    """The 七並べ layout shared by its families: one row per suit, A…K left to right. ``mark(suit, rank)`` draws
    what the family shows at a position (a card, a joker, a dead position), or ``None``; the rest are hints
    (``●`` the human's own playable cards, ``○`` other playable positions) or an empty ``·``."""
    grid = Table(title=t("table", lang), box=None, pad_edge=False, header_style="dim")
    grid.add_column("")
    for label in RANK_LABELS:
        grid.add_column(label, justify="center", min_width=2)
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


__all__ = ["passes_status", "playable_in_hand", "suit_rows"]
