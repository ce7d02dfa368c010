"""Killer sevens on screen: the 4×13 grid with dead positions, the hand, dead piles, kills and passes.

Everything is drawn from the human seat's :class:`~sevens.games.killer.View`; other seats' dead piles appear
only when the rules make them public (``dead_cards_visible``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from sevens.cards import ROW, iter_bits, pretty
from sevens.games.killer.actions import PASS_ACTION, Action, play
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

_STATUS = {"in": ("in", "参加中"), "left": ("out (hand empty)", "抜けた"), "eliminated": ("eliminated", "脱落")}


class KillerTable(TableWidget):
    """The grid: ``x`` marks a dead position; with hints ``○`` marks playable positions and ``●`` those the
    human's cards can fill."""

    def show(self, view: Any, names: Sequence[str], lang: Lang, hints: bool) -> None:
        self.update(render_grid(view, lang, hints))


def render_grid(view: Any, lang: Lang, hints: bool) -> Table:
    def mark(suit: int, rank: int) -> Text | None:
        bit = 1 << (suit * ROW + rank)
        if view.table & bit:
            return Text(RANK_LABELS[rank], style=SUIT_STYLES[suit])
        if view.dead_positions & bit:
            return Text("x", style="bold red on grey23")
        return None

    return suit_rows(view, lang, hints, mark)


def status_text(status: str, lang: Lang) -> str:
    pair = _STATUS.get(status)
    return status if pair is None else pair[1] if lang == "ja" else pair[0]


class KillerUI:
    """The :class:`~sevens.tui.widgets.base.FamilyUI` of Killer sevens."""

    name = "killer"

    def __init__(self) -> None:
        self.keys: dict[str, str] = {"p": "pass"}

    def table(self) -> TableWidget:
        return KillerTable(id="table")

    def playable(self, view: Any) -> set[int]:
        return playable_in_hand(view)

    def hand(self, view: Any) -> list[HandCard]:
        return hand_cards(view.hand_cards, self.playable(view))

    def card_action(self, view: Any, card: int) -> Action | None:
        return play(card)

    def buttons(self, view: Any, lang: Lang) -> list[ActionButton]:
        return [ActionButton("pass", tr("pass_button", lang), PASS_ACTION in view.legal_actions)]

    def seats(self, view: Any, names: Sequence[str], lang: Lang) -> tuple[list[str], list[list[str]]]:
        limit = view.rules.pass_limit
        header = [tr("name", lang), t("cards", lang), tr("dead", lang), tr("kills", lang), t("passes", lang),
                  t("status", lang)]  # fmt: skip
        rows = []
        for seat, name in enumerate(names):
            used = view.passes_used[seat]
            passes = f"{used}/{limit}" if limit is not None else f"{used}/{t('unlimited', lang)}"
            pile = view.dead_piles[seat]
            dead = str(view.dead_counts[seat]) if pile is None else " ".join(pretty(c) for c in iter_bits(pile)) or "0"
            rows.append([name, str(view.hand_counts[seat]), dead, str(view.kills[seat]), passes,
                         status_text(view.statuses[seat], lang)])  # fmt: skip
        return header, rows

    def status(self, view: Any, lang: Lang, hints: bool) -> str:
        parts = passes_status(view, lang, hints)
        return " · ".join(parts)


UI = KillerUI()

__all__ = ["UI", "KillerTable", "KillerUI", "render_grid", "status_text"]
