"""Seven Twenty-Seven on screen: every seat's up cards, bets and stack, the pot, and the human's own down cards.

Drawn from the human seat's :class:`~sevens.games.seven27.View`: other seats' down cards are ``??`` until
they are shown at the showdown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from sevens.cards import iter_bits
from sevens.games.seven27.actions import ACTIONS, KIND_NAMES, Action
from sevens.i18n import Lang, t
from sevens.tui.text import tr
from sevens.tui.widgets.base import ActionButton, HandCard, TableWidget, card_label, hand_cards

KEYS = {"c": "check", "b": "bet", "a": "call", "r": "raise", "f": "fold", "t": "take", "s": "stand"}


class Seven27Table(TableWidget):
    """The seats around the pot: up cards, down cards (``??`` for others'), stack, bet, state."""

    def show(self, view: Any, names: Sequence[str], lang: Lang, hints: bool) -> None:
        self.update(render_seats(view, names, lang))


def phase_text(view: Any, lang: Lang) -> str:
    if view.phase == "bet":
        return tr("phase_bet", lang, round=view.betting_round)
    return tr(f"phase_{view.phase}", lang)


def render_seats(view: Any, names: Sequence[str], lang: Lang) -> Group:
    grid = Table(box=None, pad_edge=False, header_style="dim")
    for title in (tr("name", lang), tr("up_cards", lang), tr("down_cards", lang), tr("stack", lang), tr("bet", lang),
                  t("status", lang)):  # fmt: skip
        grid.add_column(title)
    for seat in view.seats:
        up = Text(" ").join(card_label(c) for c in iter_bits(seat.up))
        down = (
            Text(" ").join(card_label(c) for c in iter_bits(seat.down))
            if seat.down_known
            else Text(" ".join(seat.down_texts()), style="dim")
        )
        state = tr("folded", lang) if seat.folded else tr("all_in", lang) if seat.all_in else ""
        marker = "▶ " if view.to_move == seat.seat else "  "
        grid.add_row(marker + names[seat.seat], up, down, str(seat.stack), str(seat.bet), state)
    heading = Text(
        f"{tr('pot', lang, pot=view.pot)} · {phase_text(view, lang)} · {tr('deck', lang, count=view.deck_count)}",
        style="bold",
    )
    return Group(heading, grid)


class Seven27UI:
    """The :class:`~sevens.tui.widgets.base.FamilyUI` of Seven Twenty-Seven."""

    name = "seven27"

    def __init__(self) -> None:
        self.keys: dict[str, str] = dict(KEYS)

    def table(self) -> TableWidget:
        return Seven27Table(id="table")

    def hand(self, view: Any) -> list[HandCard]:
        mine = view.seats[view.seat]
        return hand_cards(list(iter_bits(mine.down | mine.up)), set())

    def card_action(self, view: Any, card: int) -> Action | None:
        return None

    def buttons(self, view: Any, lang: Lang) -> list[ActionButton]:
        legal = set(view.legal_actions)
        return [ActionButton(name, tr(f"action_{name}", lang), ACTIONS[kind] in legal) for kind, name in
                enumerate(KIND_NAMES)]  # fmt: skip

    def seats(self, view: Any, names: Sequence[str], lang: Lang) -> tuple[list[str], list[list[str]]]:
        header = [tr("name", lang), tr("stack", lang), tr("bet", lang), t("status", lang)]
        rows = []
        for seat in view.seats:
            state = tr("folded", lang) if seat.folded else tr("all_in", lang) if seat.all_in else t("status_in", lang)
            rows.append([names[seat.seat], str(seat.stack), str(seat.bet), state])
        return header, rows

    def status(self, view: Any, lang: Lang, hints: bool) -> str:
        parts = [phase_text(view, lang)]
        if view.to_call:
            parts.append(tr("to_call", lang, amount=view.to_call))
        if hints and view.own is not None:
            parts.append(tr("totals_7_27", lang, text=view.own.text()))
        return " · ".join(parts)


UI = Seven27UI()

__all__ = ["KEYS", "UI", "Seven27Table", "Seven27UI", "phase_text", "render_seats"]
