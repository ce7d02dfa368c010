"""七並べ on screen: four suit rows A…K in order (s, h, d, c), the hand, passes left, joker plays.

Everything is drawn from the human seat's :class:`~sevens.games.shichinarabe.View`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from sevens.cards import ROW
from sevens.games.shichinarabe.actions import JOKER, PASS_ACTION, SWAP, Action, play
from sevens.i18n import Lang, t
from sevens.tui.text import tr
from sevens.tui.widgets.base import (
    RANK_LABELS,
    SUIT_STYLES,
    ActionButton,
    HandCard,
    TableWidget,
    hand_cards,
)
from sevens.tui.widgets.sevens_family import passes_status, playable_in_hand, suit_rows


class ShichinarabeTable(TableWidget):
    """The layout: one row per suit, A…K left to right; with hints, ``○`` marks the playable positions and
    ``●`` those the human's own cards can fill."""

    def show(self, view: Any, names: Sequence[str], lang: Lang, hints: bool) -> None:
        self.update(render_rows(view, lang, hints))


def render_rows(view: Any, lang: Lang, hints: bool) -> Table:
    def mark(suit: int, rank: int) -> Text | None:
        bit = 1 << (suit * ROW + rank)
        if view.joker_positions & bit:
            return Text("Jk", style="bold magenta")
        if view.table & bit:
            return Text(RANK_LABELS[rank], style=SUIT_STYLES[suit])
        return None

    return suit_rows(view, lang, hints, mark)


class ShichinarabeUI:
    """The :class:`~sevens.tui.widgets.base.FamilyUI` of 七並べ."""

    name = "shichinarabe"

    def __init__(self) -> None:
        self.keys: dict[str, str] = {"p": "pass"}

    def table(self) -> TableWidget:
        return ShichinarabeTable(id="table")

    def playable(self, view: Any) -> set[int]:
        return playable_in_hand(view)

    def hand(self, view: Any) -> list[HandCard]:
        return hand_cards(view.hand_cards, self.playable(view), view.jokers_in_hand)

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

    def buttons(self, view: Any, lang: Lang) -> list[ActionButton]:
        legal: tuple[Action, ...] = view.legal_actions
        extra = [ActionButton(str(a), str(a), True) for a in legal if a.kind in (JOKER, SWAP)]
        return [ActionButton("pass", tr("pass_button", lang), PASS_ACTION in legal), *extra]

    def seats(self, view: Any, names: Sequence[str], lang: Lang) -> tuple[list[str], list[list[str]]]:
        limit = view.rules.pass_limit
        header = [tr("name", lang), t("cards", lang), t("passes", lang), t("status", lang)]
        rows = []
        for seat, name in enumerate(names):
            used = view.passes_used[seat]
            passes = f"{used}/{limit}" if limit is not None else f"{used}/{t('unlimited', lang)}"
            rows.append([name, str(view.hand_counts[seat]), passes, t(f"status_{view.statuses[seat]}", lang)])
        return header, rows

    def status(self, view: Any, lang: Lang, hints: bool) -> str:
        parts = passes_status(view, lang, hints)
        if view.jokers_in_hand:
            parts.append(tr("joker_choices", lang))
        return " · ".join(parts)


UI = ShichinarabeUI()

__all__ = ["UI", "ShichinarabeTable", "ShichinarabeUI", "render_rows"]
