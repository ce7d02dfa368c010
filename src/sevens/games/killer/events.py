"""What the rules do on their own, logged beside the actions: deaths, leaving (``finished``), elimination and
stalemate.

A death names the dead cards only where that is public: with ``dead_cards_visible`` off, others read the
hidden card notation ``??`` (RULES.md A2), one per card, so they learn how many cards a player lost but not
which (the dead positions themselves are public: they stay empty on the table).

>>> from sevens.cards import mask_of, parse_cards
>>> e = Event("dead", cards=mask_of(parse_cards("Td Js")), by=2)
>>> str(e), e.public_text(visible=False)
('dead Js Td by 2', 'dead ?? ?? by 2')
"""

from __future__ import annotations

from dataclasses import dataclass

from sevens.cards import HIDDEN_TEXT, cards_text

DIED, FINISHED, LAID_OUT, STALEMATE = "dead", "finished", "eliminated", "stalemate"


@dataclass(frozen=True, slots=True)
class Event:
    """``kind``: ``dead`` (``cards`` of the seat it is logged under died; ``by`` is credited with the kills),
    ``finished`` (the seat's hand is empty: it leaves the round, C5), ``eliminated`` (``cards`` were laid out,
    C6) or ``stalemate``."""

    kind: str
    cards: int = 0
    by: int = -1

    def __str__(self) -> str:
        return self.public_text(visible=True)

    def public_text(self, visible: bool) -> str:
        """The text a seat reads: with ``visible`` false a death shows ``??`` for each card."""
        if self.kind == DIED:
            shown = cards_text(self.cards) if visible else " ".join([HIDDEN_TEXT] * self.cards.bit_count())
            return f"dead {shown} by {self.by}"
        if self.kind == LAID_OUT and self.cards:
            return f"eliminated {cards_text(self.cards)}"
        return self.kind
