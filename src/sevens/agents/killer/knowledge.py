"""Killer's public deductions (:mod:`sevens.agents.common.knowledge`), with the cards known to have died in each
hand (when dead cards are visible): a hand at a past moment also holds the cards it lost since.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Self

from sevens.agents.common.knowledge import LogReader
from sevens.cards import SEVENS_MASK, mask_of, parse_cards
from sevens.games.killer.actions import PASS, parse_action
from sevens.games.killer.view import View

from .board import Board


@dataclass(frozen=True, slots=True)
class Decision:
    """One action a seat chose, with what was on the table when it chose."""

    seat: int
    card: int  # -1 for a pass
    table: int
    passes_used: int
    put_out_before: int  # cards the seat had played before this decision
    lost_before: int  # cards that had died in its hand before it (known with visible dead cards)


@dataclass(kw_only=True)
class Knowledge(LogReader[View]):
    """Public deductions for one round, updated incrementally from successive views of the same round."""

    board: Board
    table: int = SEVENS_MASK  # the table as replayed
    lost: list[int] = field(default_factory=list)  # cards known to have died in each seat's hand
    decisions: list[Decision] = field(default_factory=list)

    @classmethod
    def fresh(cls, view: View) -> Self:
        n = len(view.hand_counts)
        return cls.started(n, board=Board.of(view.rules), lost=[0] * n)

    def _resync(self, view: View) -> None:
        if self.table != view.table:
            self.table = view.table
            self._forget_passes()

    def _read(self, seat: int, text: str, view: View) -> None:
        word, _, rest = text.partition(" ")
        if word == "dead":
            shown = rest.rpartition(" by ")[0]
            if "?" not in shown:
                self.lost[seat] |= mask_of(parse_cards(shown))
            return
        action = parse_action(text)
        card = -1 if action.kind == PASS else action.card
        self.decisions.append(Decision(seat, card, self.table, self.passes[seat], self.put_out[seat], self.lost[seat]))
        if action.kind == PASS:
            playable = self.board.front(self.table) & ~self.table
            self._record_pass(seat, playable, view.rules.voluntary_pass, playable)
            return
        self.streak = 0
        self.table |= 1 << action.card
        self.put_out[seat] |= 1 << action.card

    def _laid_out(self, seat: int, cards: int) -> None:
        self.table |= cards
