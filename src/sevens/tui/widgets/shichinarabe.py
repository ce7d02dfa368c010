"""七並べ on screen: four suit rows A…K in order (s, h, d, c), the hand, passes left, joker plays.

Everything is drawn from the human seat's :class:`~sevens.games.shichinarabe.View`. What both 七並べ families
draw alike is in :mod:`.sevens_family`.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from sevens.cards import ROW
from sevens.games.shichinarabe.actions import JOKER, PASS_ACTION, SWAP, Action, play
from sevens.i18n import Lang
from sevens.tui.text import tr
from sevens.tui.widgets.base import ActionButton
from sevens.tui.widgets.sevens_family import SevensFamilyUI, SuitRowsTable


class ShichinarabeTable(SuitRowsTable):
    """The layout: a joker on the table shows as ``Jk``."""

    def mark(self, view: Any, suit: int, rank: int) -> Text | None:
        if view.joker_positions & (1 << (suit * ROW + rank)):
            return Text("Jk", style="bold magenta")
        return super().mark(view, suit, rank)


class ShichinarabeUI(SevensFamilyUI):
    """The :class:`~sevens.tui.widgets.base.FamilyUI` of 七並べ: jokers in the hand, and a card chosen plays it,
    or puts a joker next to it, or swaps it for a joker on the table, whichever is legal."""

    name = "shichinarabe"
    table_widget = ShichinarabeTable
    pass_action = PASS_ACTION

    def jokers_in_hand(self, view: Any) -> int:
        return int(view.jokers_in_hand)

    def card_action(self, view: Any, card: int) -> Action | None:
        legal: tuple[Action, ...] = view.legal_actions
        plain = play(card)
        if plain in legal:
            return plain
        for kind in (JOKER, SWAP):
            for action in legal:
                if action.kind == kind and action.card == card:
                    return action
        return plain  # not legal: the engine will say why

    def extra_buttons(self, view: Any) -> list[ActionButton]:
        legal: tuple[Action, ...] = view.legal_actions
        return [ActionButton(str(a), str(a), True) for a in legal if a.kind in (JOKER, SWAP)]

    def status(self, view: Any, lang: Lang, hints: bool) -> str:
        line = super().status(view, lang, hints)
        return f"{line} · {tr('joker_choices', lang)}" if view.jokers_in_hand else line


UI = ShichinarabeUI()

__all__ = ["UI", "ShichinarabeTable", "ShichinarabeUI"]
