"""Reading a round's public log incrementally, the way every 七並べ family's ``Knowledge`` does.

An agent sees one view per move, and each view repeats the whole log. :meth:`LogReader.update` reads only
the entries not seen yet, and starts afresh when the view belongs to another round (a shorter log or another
table size). What an entry teaches (absences, hints, jokers, dead cards) is the family's :meth:`_read`, and
:meth:`_resync` reconciles the replay with what the view states. Exits the log does not show (a position set
up from text) are taken in seat order by :meth:`_add_unlisted_exits`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, Self, TypeVar


class PublicView(Protocol):
    """What log reading needs of a family's view."""

    @property
    def history(self) -> Sequence[tuple[int, str]]: ...

    @property
    def hand_counts(self) -> Sequence[int]: ...

    @property
    def statuses(self) -> Sequence[str]: ...


ViewT = TypeVar("ViewT", bound=PublicView)


class LogReader(Generic[ViewT]):
    """Base of a family's ``Knowledge`` dataclass: the incremental reading loop around its hooks."""

    players: int
    seen: int  # log entries processed
    exits: list[tuple[int, str]]  # (seat, how it left), in order

    @classmethod
    def fresh(cls, view: ViewT) -> Self:
        """Knowledge of a round before its first log entry."""
        raise NotImplementedError

    def update(self, view: ViewT) -> Self:
        """Read the log entries not seen yet (a fresh object if the view is from another round)."""
        if len(view.history) < self.seen or len(view.hand_counts) != self.players:
            return self.fresh(view).update(view)
        for seat, text in view.history[self.seen :]:
            self._read(seat, text, view)
        self.seen = len(view.history)
        self._resync(view)
        return self

    def _read(self, seat: int, text: str, view: ViewT) -> None:
        """Learn from one log entry by ``seat``."""
        raise NotImplementedError

    def _resync(self, view: ViewT) -> None:
        """Reconcile the replay with what ``view`` states, once the new entries are read."""
        raise NotImplementedError

    def _add_unlisted_exits(self, view: ViewT) -> None:
        """Players the view shows out of the round but the log never showed leaving, in seat order."""
        listed = {s for s, _ in self.exits}
        for s, status in enumerate(view.statuses):
            if status != "in" and s not in listed:
                self.exits.append((s, status))
