"""What the game screen needs from each family, as a protocol: one module per family implements it.

A family's UI draws only from the human seat's *view* (never the state), so it cannot show another seat's
hidden cards. ``sevens.tui.widgets.<family>`` exposes ``UI``, an object of this protocol, and its table widget.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rich.text import Text
from textual.widgets import Static

from sevens.cards import RANKS, SUIT_SYMBOLS, pretty
from sevens.i18n import Lang

SUIT_STYLES = ("bold", "bold red", "bold red", "bold")
RANK_LABELS = tuple("10" if r == "T" else r for r in RANKS)


@dataclass(frozen=True)
class HandCard:
    """One card of the human's hand as drawn: ``key`` is unique in the hand and safe in a widget id."""

    key: str
    label: str
    card: int | None  # card index, None for a joker
    red: bool = False
    playable: bool = False  # highlighted when hints are on


@dataclass(frozen=True)
class ActionButton:
    """A button of the action bar: the action's text, its label, and whether it is legal now."""

    action: str
    label: str
    legal: bool


class TableWidget(Static):
    """The middle of the table; each family draws it from the human's view."""

    def show(self, view: Any, names: Sequence[str], lang: Lang, hints: bool) -> None:
        """Redraw from ``view``."""
        raise NotImplementedError


class FamilyUI(Protocol):
    """The family-specific half of the game screen."""

    name: str
    keys: dict[str, str]  # key -> action text, e.g. {"p": "pass"}

    def table(self) -> TableWidget:
        """A new table widget."""
        ...

    def hand(self, view: Any) -> list[HandCard]:
        """The human's cards, sorted, with the playable ones marked."""
        ...

    def card_action(self, view: Any, card: int) -> Any | None:
        """The action a click (or Enter) on ``card`` makes, legal or not; ``None`` when cards are not played."""
        ...

    def buttons(self, view: Any, lang: Lang) -> list[ActionButton]:
        """Actions offered as buttons (pass, joker plays, bets …)."""
        ...

    def seats(self, view: Any, names: Sequence[str], lang: Lang) -> tuple[list[str], list[list[str]]]:
        """The players panel: column titles and one row per seat (counts, passes, status; never a hidden card)."""
        ...

    def status(self, view: Any, lang: Lang, hints: bool) -> str:
        """One line about the human's position: passes left, amount to call, hints."""
        ...


def card_label(card: int) -> Text:
    """A card as ``7♥`` in its suit's colour."""
    return Text(pretty(card), style=SUIT_STYLES[card // 13])


def suit_label(suit: int) -> Text:
    return Text(SUIT_SYMBOLS[suit], style=SUIT_STYLES[suit])


def hand_cards(cards: Sequence[int], playable: set[int], jokers: int = 0) -> list[HandCard]:
    """Hand cards in order s, h, d, c then A…K, jokers last."""
    out = [
        HandCard(key=pretty_key(c), label=pretty(c), card=c, red=c // 13 in (1, 2), playable=c in playable)
        for c in sorted(cards)
    ]
    out += [HandCard(key=f"Jk{i + 1}", label="Jk", card=None) for i in range(jokers)]
    return out


def pretty_key(card: int) -> str:
    """``7h``-style text usable in widget ids (``Th`` for 10♥)."""
    return RANKS[card % 13] + "shdc"[card // 13]


__all__ = [
    "RANK_LABELS", "SUIT_STYLES",
    "ActionButton", "FamilyUI", "HandCard", "TableWidget",
    "card_label", "hand_cards", "pretty_key", "suit_label",
]  # fmt: skip
