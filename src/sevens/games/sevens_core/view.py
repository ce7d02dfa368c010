"""The common part of a sevens family's view: what one seat may know (its hand, the table, every seat's card
count, passes and status, the public log, its legal actions when it is to move), by allowlist and with no
reference to the state. A family's ``View`` subclasses :class:`SevensView` with its own fields and adds them to
:meth:`~SevensView.to_dict` through :meth:`~SevensView._own_dict`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sevens.cards import cards_text, iter_bits


@dataclass(frozen=True, slots=True)
class SevensView:
    seat: int
    rules: Any
    hand: int  # own cards, bit set
    table: int  # real cards on the table
    playable_positions: int
    hand_counts: tuple[int, ...]
    passes_used: tuple[int, ...]
    statuses: tuple[str, ...]
    to_move: int | None
    legal_actions: tuple[Any, ...]
    history: tuple[tuple[int, str], ...]  # (seat, public text of an action or event); empty with history=False

    @property
    def passes_left(self) -> int | None:
        limit = self.rules.pass_limit
        return None if limit is None else limit - self.passes_used[self.seat]

    @property
    def hand_cards(self) -> list[int]:
        return list(iter_bits(self.hand))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what a server would send to this seat)."""
        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "hand": cards_text(self.hand).split() + self._hand_extras(),
            "table": cards_text(self.table).split(),
            **self._own_dict(),
            "passes_used": list(self.passes_used),
            "statuses": list(self.statuses),
            "to_move": self.to_move,
            "legal_actions": [str(a) for a in self.legal_actions],
            "history": [list(entry) for entry in self.history],
        }

    def _hand_extras(self) -> list[str]:
        """What the hand holds besides real cards, as text (七並べ's jokers)."""
        return []

    def _own_dict(self) -> dict[str, Any]:
        """The family's fields (and ``hand_counts``, where it places them) in JSON-ready form."""
        return {"hand_counts": list(self.hand_counts)}
