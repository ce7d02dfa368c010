"""What a room's helpers read of their room, named as Protocols so that :class:`~.room.Room` and the helpers
(:mod:`.frames`, :mod:`.seats`, :mod:`.rounds`, :mod:`.moves`, :mod:`.dispatch`, :mod:`.autoplay`, :mod:`.ghost`)
do not import one another: the room imports its helpers, and each helper reaches the rest of the room only
through these shapes."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import Executor
from typing import Any, Literal, Protocol, TypeVar

from sevens.games.base import Family
from sevens.server.config import ServerConfig
from sevens.server.connection import Connection
from sevens.server.persistence import Persistence
from sevens.server.room.members import Member, RoomOptions
from sevens.server.timers import Clock
from sevens.session.match import RoundPlan

Status = Literal["lobby", "playing", "finished"]
Build = Callable[[int | None], dict[str, Any]]  # a room event's frame for connections playing a seat (None: public)
T = TypeVar("T")


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


class RoomServices(Protocol):
    """What the rooms of a server share that a room's helpers use."""

    @property
    def clock(self) -> Clock: ...

    @property
    def bot_executor(self) -> Executor: ...

    @property
    def persistence(self) -> Persistence: ...


class Turns(Protocol):
    """What the room's helpers ask of its turn clock and computer players (:class:`~.autoplay.Autoplay`)."""

    def turn_started(self) -> None: ...

    def schedule(self) -> None: ...


class Made(Protocol):
    """What the room was made with: its preset, rules and seed."""

    @property
    def preset(self) -> str: ...

    @property
    def rules(self) -> Any: ...

    @property
    def seed(self) -> int: ...


class Seated(Protocol):
    """The current round's numbering and who plays which of its seats."""

    @property
    def plan(self) -> RoundPlan | None: ...

    @property
    def round_index(self) -> int: ...

    def seat_for(self, player: int) -> int | None: ...

    def player_in(self, seat: int) -> int: ...


class Speaking(Protocol):
    """How a helper speaks to the room's connections (:class:`~.frames.Frames` does it)."""

    @property
    def seq(self) -> int: ...

    def send(self, conn: Connection, data: dict[str, Any]) -> None: ...

    def send_error(self, conn: Connection, code: str, message: str, ref: int | None = None, **fields: Any) -> None: ...

    def snapshot(self, conn: Connection, reason: str) -> dict[str, Any]: ...

    def broadcast(self, build: Build) -> None: ...

    def broadcast_room(self, event: str, player: int | None = None) -> None: ...


class Keeping(Protocol):
    """The room's lock, its life, and its way to the store."""

    @property
    def code(self) -> str: ...

    @property
    def lock(self) -> asyncio.Lock: ...

    @property
    def closed(self) -> bool: ...

    @property
    def config(self) -> ServerConfig: ...

    @property
    def ctx(self) -> RoomServices: ...

    @property
    def autoplay(self) -> Turns: ...

    def connections(self) -> Iterator[Connection]: ...

    async def store_call(self, call: Awaitable[T]) -> T: ...

    async def store_settings(self) -> None: ...


__all__ = ["Build", "Keeping", "Made", "RoomFacts", "RoomServices", "Seated", "Speaking", "Status", "Turns"]
