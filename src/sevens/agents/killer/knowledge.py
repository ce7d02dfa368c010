"""What a seat can deduce from public information alone: the view's log replayed from the deal.

Replaying the log (plays, eliminations laid out) rebuilds the table as it stood at every pass, which gives:

* **proved absences** (``excluded``): with ``voluntary_pass`` off a pass is legal only without a legal play
  (B9), so the passer held none of the cards then playable. A hand never gains a card, so an absence stays
  true for the rest of the round;
* **weak hints** (``voluntary_passes``): with voluntary passes a pass proves nothing, but the cards then
  playable are less likely to be in that hand;
* every **decision** a seat made (its action, the table and its passes at that moment, the cards it had
  played and lost so far), so a sampled deal can be checked against the choices each player actually made
  (:mod:`.sampling`): a hand at any past moment is its present hand plus the cards it played or lost since;
* the order of **exits** (who left or was eliminated, which ranks players, C8) and the current **pass
  streak**, which a position needs.

A log that does not start at the deal (a position set up from text) is not trusted for passes: only what
the view states is kept. Only the view is read: nothing here can see a hidden card.
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
        self._add_unlisted_exits(view)

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
