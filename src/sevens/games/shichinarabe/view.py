"""What one seat may know in 七並べ: a :class:`~sevens.games.sevens_core.view.SevensView` with the seat's jokers,
where jokers stand and how many left play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sevens.cards import JOKER_TEXT, cards_text
from sevens.games.sevens_core.view import SevensView
from sevens.games.shichinarabe.actions import Action
from sevens.games.shichinarabe.rules import Rules

JOKER_MARK = "*"  # a joker standing on a position, in position text


@dataclass(frozen=True, slots=True)
class View(SevensView):
    rules: Rules
    legal_actions: tuple[Action, ...]
    jokers_in_hand: int
    joker_positions: int
    removed_jokers: int

    def _hand_extras(self) -> list[str]:
        return [JOKER_TEXT] * self.jokers_in_hand

    def _own_dict(self) -> dict[str, Any]:
        return {
            "joker_positions": ["Jk@" + text for text in cards_text(self.joker_positions).split()],
            "removed_jokers": self.removed_jokers,
            "hand_counts": list(self.hand_counts),
        }
