"""What a seat can deduce from public information alone, the way every 七並べ family's ``Knowledge`` does:
the view's log replayed from the deal, which rebuilds the table as it stood at every choice and gives

* **proved absences** (``excluded``): with ``voluntary_pass`` off a pass is legal only without a legal play
  (B9), so the passer held none of the cards then playable; a hand never gains a card, so an absence stays
  true for the rest of the round;
* **weak hints** (``voluntary_passes``): with voluntary passes a pass proves nothing, but the cards then
  playable are less likely to be in that hand;
* every **decision** a seat made, with the table, its passes and the cards it had put out then, so a sampled
  deal can be checked against the choices each player actually made (a hand at a past moment is its present
  hand plus the cards it put out since);
* the order of **exits** and the current **pass streak**, which a position needs.

An agent sees one view per move, each repeating the whole log: :meth:`LogReader.update` reads only the entries
not seen yet, and starts afresh when the view belongs to another round. Exits and the cards an elimination
lays out read the same in every family; what another entry teaches is the family's :meth:`_read`, and
:meth:`_resync` keeps only what the view states when the replay disagrees (a position set up from text is not
trusted for passes). Only the view is read: nothing here can see a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from operator import or_
from typing import Any, Generic, Self, TypeVar

from sevens.cards import mask_of, parse_cards
from sevens.games.sevens_core.view import SevensView

ViewT = TypeVar("ViewT", bound=SevensView)


@dataclass(kw_only=True)
class LogReader(Generic[ViewT]):
    """Base of a family's ``Knowledge`` dataclass: what every family deduces, and the incremental reading loop
    around its hooks."""

    players: int
    excluded: list[int] = field(init=False)  # per seat: cards proved not in its hand
    voluntary_passes: list[list[int]] = field(init=False)  # per seat: playable cards at each pass
    exits: list[tuple[int, str]] = field(default_factory=list)  # (seat, how it left), in order
    streak: int = 0
    seen: int = 0  # log entries processed
    passes: list[int] = field(init=False)  # passes per seat so far
    put_out: list[int] = field(init=False)  # cards each seat put on the table
    decisions: list[Any] = field(init=False)  # the family's record of every choice

    def __post_init__(self) -> None:
        self.passes = [0] * self.players
        self.put_out = [0] * self.players
        self._forget_passes()  # nothing proved, hinted or decided yet

    @classmethod
    def started(cls, players: int, **family: Any) -> Self:
        """Knowledge before the first log entry, with the family's own fields."""
        return cls(players=players, **family)

    @classmethod
    def fresh(cls, view: ViewT) -> Self:
        """Knowledge of a round before its first log entry."""
        raise NotImplementedError

    def update(self, view: ViewT) -> Self:
        """Read the log entries not seen yet (a fresh object if the view is from another round)."""
        if len(view.history) < self.seen or len(view.hand_counts) != self.players:
            return self.fresh(view).update(view)
        for seat, text in view.history[self.seen :]:
            self._read_entry(seat, text, view)
        self.seen = len(view.history)
        self._resync(view)
        listed = {s for s, _ in self.exits}  # players out of the round whom the log never showed leaving
        self.exits += [(s, status) for s, status in enumerate(view.statuses) if status != "in" and s not in listed]
        return self

    def _read_entry(self, seat: int, text: str, view: ViewT) -> None:
        """One log entry: an exit (with an eliminated player's cards laid out), the stalemate, or the family's."""
        word, _, rest = text.partition(" ")
        if word in ("finished", "eliminated", "joker_stuck"):
            self.exits.append((seat, word))
            if word == "eliminated":
                self._laid_out(seat, mask_of(parse_cards(rest)) if rest else 0)
        elif word != "stalemate":
            self._read(seat, text, view)

    def _read(self, seat: int, text: str, view: ViewT) -> None:
        """Learn from one log entry by ``seat`` (an action, or an event of the family's)."""
        raise NotImplementedError

    def _laid_out(self, seat: int, cards: int) -> None:
        """``seat`` was eliminated and its ``cards`` laid out on the table."""
        raise NotImplementedError

    def _resync(self, view: ViewT) -> None:
        """Reconcile the replay with what ``view`` states, once the new entries are read (the exits the log does
        not show are taken from the view after it)."""
        raise NotImplementedError

    def _forget_passes(self) -> None:
        """A log that does not start at the deal (a position set up from text) cannot be trusted for passes."""
        self.excluded = [0] * self.players
        self.voluntary_passes = [[] for _ in range(self.players)]
        self.decisions = []

    def _record_pass(self, seat: int, playable: int, voluntary: bool, proved: int) -> None:
        """A pass by ``seat`` while ``playable`` could be played: a hint with voluntary passes, else ``proved``
        absent."""
        self.passes[seat] += 1
        self.streak += 1
        if voluntary:
            self.voluntary_passes[seat].append(playable)
        else:
            self.excluded[seat] |= proved

    def passed_over(self) -> list[int]:
        """Per seat, every card that was playable at one of its voluntary passes."""
        return [reduce(or_, passes, 0) for passes in self.voluntary_passes]

    def possible(self, seat: int, hidden: int) -> int:
        """The cards of ``hidden`` that ``seat`` may hold as far as public deductions go."""
        return hidden & ~self.excluded[seat]
