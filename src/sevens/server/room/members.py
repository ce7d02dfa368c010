"""The seats of a room (members) and its options, as the room keeps them and as everyone may see them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from sevens.server.connection import Connection
from sevens.server.messages import MemberInfo
from sevens.server.persistence import StoredMember
from sevens.server.security import escape
from sevens.server.timers import Clock, GracePeriod

Kind = Literal["human", "bot"]
Pace = Literal["slow", "normal", "fast"]
# how long a computer player waits before moving, as a multiple of ServerConfig.bot_delay (about 1 s: a person
# sees each move); "fast" still leaves time to see a card land, "slow" suits a first game or a classroom
PACE_FACTORS: dict[Pace, float] = {"slow": 2.0, "normal": 1.0, "fast": 0.25}


@dataclass(frozen=True)
class RoomOptions:
    """What the host chose beside the rules."""

    turn_seconds: float | None = None  # E4; None: no limit
    ghost: bool = False  # B13 through chat
    kids: bool = False  # chat limited to preset phrases
    rounds: int | None = None  # rounds (deals for Seven Twenty-Seven) per session; None: the family's default
    listed: bool = True  # shown by GET /api/rooms while in the lobby
    spectators: bool = True
    pace: Pace = "normal"  # how fast computer players move (the host may change it during the game)


def bot_name(agent: str) -> str:
    """The display and profile name of a computer player (humans may not take names ending in `` bot``)."""
    return f"{agent} bot"


@dataclass(eq=False)
class Member:
    """Seat ``player`` of a room: a human (``name`` is ``None`` while the seat is free) or a computer player.

    ``token`` is the SHA-256 of the seat token. A human who ``left`` (or was kicked) during a game is played
    by a computer for the rest of the session; a human away past the grace period is played by one
    (``auto``) until they reconnect."""

    player: int
    kind: Kind
    clock: Clock = field(repr=False)
    grace_seconds: float = 30.0
    agent: str | None = None
    name: str | None = None
    token: str | None = None
    left: bool = False
    auto: bool = False
    connection: Connection | None = field(default=None, repr=False)
    grace: GracePeriod = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.grace = GracePeriod(self.grace_seconds, self.clock)

    @property
    def open(self) -> bool:
        """A free human seat (lobby)."""
        return self.kind == "human" and self.name is None

    @property
    def played_by_bot(self) -> bool:
        """Whether a computer chooses this seat's moves now."""
        return self.kind == "bot" or self.left or self.auto

    def info(self) -> MemberInfo:
        """As everyone may see it (the name escaped, no token)."""
        return MemberInfo(
            player=self.player,
            name=None if self.name is None else escape(self.name),
            kind=self.kind,
            agent=self.agent,
            open=self.open,
            connected=self.connection is not None,
            auto=self.auto or self.left,
            left=self.left,
        )

    def stored(self) -> StoredMember:
        """As the store keeps it."""
        return StoredMember(name=self.name or "", kind=self.kind, agent=self.agent, token=self.token, left=self.left)


__all__ = ["Kind", "Member", "RoomOptions", "bot_name"]
