"""What the shared agent code reads of a 七並べ family's view and rules (both families' ``View`` have it all)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class SevensRules(Protocol):
    """The pass rules every 七並べ family has (B9/C6)."""

    @property
    def voluntary_pass(self) -> bool: ...

    @property
    def pass_limit(self) -> int | None: ...


class SevensView(Protocol):
    """One seat's view: its seat and hand, the public log, every seat's status, cards and passes, whose turn."""

    @property
    def rules(self) -> SevensRules: ...

    @property
    def seat(self) -> int: ...

    @property
    def hand(self) -> int: ...

    @property
    def history(self) -> Sequence[tuple[int, str]]: ...

    @property
    def statuses(self) -> Sequence[str]: ...

    @property
    def hand_counts(self) -> Sequence[int]: ...

    @property
    def passes_used(self) -> Sequence[int]: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def playable_positions(self) -> int: ...
