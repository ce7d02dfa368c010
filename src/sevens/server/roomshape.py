"""What a room's helpers (:mod:`.autoplay`, :mod:`.ghost`) read of their room, named as a Protocol so that
:class:`~sevens.server.room.Room` and those modules do not import one another."""

from __future__ import annotations

from typing import Any, Protocol

from sevens.games.base import Family
from sevens.server.members import Member, RoomOptions


class RoomFacts(Protocol):
    """A room's options, status, members, family and the state of its current round."""

    @property
    def options(self) -> RoomOptions: ...

    @property
    def status(self) -> str: ...

    @property
    def state(self) -> Any: ...

    @property
    def members(self) -> list[Member]: ...

    @property
    def family(self) -> Family: ...


__all__ = ["RoomFacts"]
