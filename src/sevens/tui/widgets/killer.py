"""Killer sevens on screen: the 4×13 grid with dead positions, the hand, dead piles, kills and passes.

Everything is drawn from the human seat's :class:`~sevens.games.killer.View`; other seats' dead piles appear
only when the rules make them public (``dead_cards_visible``). What both 七並べ families draw alike is in
:mod:`.sevens_family`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from sevens.cards import ROW, iter_bits, pretty
from sevens.games.killer.actions import PASS_ACTION, Action, play
from sevens.i18n import Lang
from sevens.tui.text import tr
from sevens.tui.widgets.sevens_family import SevensFamilyUI, SuitRowsTable


class KillerTable(SuitRowsTable):
    """The grid: ``x`` marks a dead position."""

    def mark(self, view: Any, suit: int, rank: int) -> Text | None:
        card = super().mark(view, suit, rank)
        if card is None and view.dead_positions & (1 << (suit * ROW + rank)):
            return Text("x", style="bold red on grey23")
        return card


class KillerUI(SevensFamilyUI):
    """The :class:`~sevens.tui.widgets.base.FamilyUI` of Killer sevens: cards are played as they are, and the
    players panel adds each seat's dead cards (the cards themselves when public, else how many) and kills."""

    name = "killer"
    table_widget = KillerTable
    pass_action = PASS_ACTION

    def card_action(self, view: Any, card: int) -> Action | None:
        return play(card)

    def extra_columns(self, view: Any, lang: Lang) -> tuple[list[str], Callable[[int], list[str]]]:
        def cells(seat: int) -> list[str]:
            pile = view.dead_piles[seat]
            dead = str(view.dead_counts[seat]) if pile is None else " ".join(pretty(c) for c in iter_bits(pile)) or "0"
            return [dead, str(view.kills[seat])]

        return [tr("dead", lang), tr("kills", lang)], cells


UI = KillerUI()

__all__ = ["UI", "KillerTable", "KillerUI"]
