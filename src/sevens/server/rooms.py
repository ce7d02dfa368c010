"""Every room of a server: creating rooms, finding them by code, restoring them after a restart, and the
ticker that checks their deadlines."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sevens.errors import RulesError, SevensError
from sevens.games.base import Family
from sevens.games.registry import families, family_of
from sevens.server.api.catalog import ROOM_OPTIONS
from sevens.server.config import ServerConfig
from sevens.server.connection import CLOSE_GOING_AWAY, CLOSE_ROOM_CLOSED
from sevens.server.errors import ServerError
from sevens.server.messages import CreateRoom, RoomInfo, SeatTicket
from sevens.server.persistence import Persistence, StoredRoom
from sevens.server.room.bots import agent_or_fallback, check_agent
from sevens.server.room.members import Member, RoomOptions, bot_name
from sevens.server.room.restore import resume
from sevens.server.room.room import FrameObserver, Room, RoomContext
from sevens.server.security import clean_name, hash_token, new_room_code, new_token, normalise_code
from sevens.server.site.limits import Counts, SiteBuckets
from sevens.server.timers import Clock
from sevens.store import SessionInfo

log = logging.getLogger("sevens.server")


class RoomRegistry:
    """The rooms of one server process (the single authority for them: run one process per database)."""

    def __init__(
        self, config: ServerConfig, clock: Clock, persistence: Persistence, observer: FrameObserver | None = None
    ) -> None:
        self.config = config
        self.clock = clock
        self.persistence = persistence
        self.rooms: dict[str, Room] = {}
        self._bot_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sevens-bots")
        self.ctx = RoomContext(config, clock, persistence, self._bot_executor, observer)
        self.creations = SiteBuckets("create", config.rooms_per_minute / 60.0, config.rooms_burst, clock)
        self.requests = SiteBuckets("http", config.requests_per_second, config.requests_burst, clock)
        self.invites = SiteBuckets("invite", config.invites_per_second, config.invites_burst, clock)
        self.connections = Counts(config.connections_per_address)
        self._lobbies: dict[str, set[str]] = {}  # client address -> codes of the rooms it created
        self.created: dict[str, float] = {}  # code -> when it was created (seconds since the epoch: the lobby order)
        self.cluster: Any = (
            None  # the node's :class:`~sevens.server.site.cluster.Cluster` when several nodes share a site
        )
        self.claim_code: Callable[[str], Awaitable[bool]] | None = None  # several nodes: is this code free?
        self.dropped: Callable[[str], None] | None = None  # several nodes: a room this node held is gone

    @property
    def observer(self) -> FrameObserver | None:
        return self.ctx.observer

    @observer.setter
    def observer(self, value: FrameObserver | None) -> None:
        self.ctx.observer = value

    # ------------------------------------------------------------------ rooms
    def get(self, code: str) -> Room:
        """The room with join code ``code`` (any case)."""
        room = self.rooms.get(normalise_code(code))
        if room is None or room.closed:
            raise ServerError("unknown_room", f"no open room with code {code[:16]!r}")
        return room

    def open_rooms(self, offset: int = 0, limit: int | None = None) -> list[RoomInfo]:
        """Listed rooms in the lobby with a free seat, newest first: ``limit`` of them from ``offset`` on."""
        count = self.config.page_size if limit is None else limit
        found: list[RoomInfo] = []
        for room in reversed(self.rooms.values()):  # insertion order: newest last
            if not (room.status == "lobby" and room.options.listed and not room.closed):
                continue
            if not any(m.open for m in room.members):
                continue
            if offset > 0:
                offset -= 1
                continue
            if len(found) >= count:
                break
            found.append(room.info())
        return found

    def rate_limits(self) -> list[SiteBuckets]:
        """The rates that hold for the whole site (a cluster shares them through Redis)."""
        return [self.creations, self.requests, self.invites]

    async def admit_creator(self, address: str, token: str | None) -> None:
        """Refuse a room creation past the per-address (and per-token) rate or lobby limit (429); the rate holds
        for the whole site."""
        for key in [f"a:{address}"] + ([f"t:{hash_token(token)}"] if token is not None else []):
            wait = await self.creations.take(key)
            if wait > 0:
                rate = f"at most {self.config.rooms_per_minute:g} new rooms a minute per client; wait a moment"
                raise ServerError("rate_limited", rate, retry_after=wait)
        codes = self._lobbies.get(address)
        if codes is not None:
            codes.intersection_update(c for c in codes if c in self.rooms and self.rooms[c].status == "lobby")
            if len(codes) >= self.config.lobbies_per_address:
                raise ServerError(
                    "rate_limited",
                    f"at most {self.config.lobbies_per_address} rooms waiting in the lobby per client; start or "
                    "leave one first",
                    retry_after=self.config.lobby_ttl,  # an empty lobby is closed by then at the latest
                )

    async def create(self, body: CreateRoom, address: str | None = None) -> tuple[Room, SeatTicket]:
        """A new room in the lobby, and the creator's ticket (a seat when ``host_name`` is given); ``address``
        (the client's) counts towards its lobby limit (see :meth:`admit_creator`)."""
        if len(self.rooms) >= self.config.max_rooms:
            raise ServerError("too_many_rooms", "the server is full; try again later")
        family, rules, options = settle_room(body, self.config)
        members = self._new_members(body, family)
        token = new_token()
        host, host_token = await self._seat_host(body.host_name, members, hash_token(token))
        code = await self._new_code()
        seed = body.seed if body.seed is not None else secrets.randbits(63)
        room = Room(
            self.ctx, code=code, family=family, preset=body.preset, rules=rules, options=options, members=members,
            seed=seed, host=host, host_token=host_token,
        )  # fmt: skip
        self.rooms[code] = room
        self.created[code] = time.time()
        if address is not None:
            self._lobbies.setdefault(address, set()).add(code)
        ticket = SeatTicket(code=code, player=host, token=token, host=True, ws_path=f"/ws/{code}")
        return room, ticket

    def _new_members(self, body: CreateRoom, family: Family) -> list[Member]:
        """The seats of a new room: computer players with their agents, free human seats."""
        members = []
        for player, spec in enumerate(body.seats):
            member = Member(player, spec.kind, self.clock, self.config.grace_seconds)
            if spec.kind == "bot":
                member.agent = check_agent(
                    family.name, spec.agent or agent_or_fallback(family.name, self.config.default_bot)
                )
                member.name = bot_name(member.agent)
            elif spec.agent is not None:
                raise ServerError("invalid", "a human seat takes no agent")
            members.append(member)
        return members

    async def _seat_host(
        self, host_name: str | None, members: list[Member], digest: str
    ) -> tuple[int | None, str | None]:
        """``(host, host_token)``: the creator in the first human seat (named ``host_name``, holding the token
        whose hash is ``digest``), or a host who only watches with that token."""
        if host_name is None:
            return None, digest
        seat = next((m for m in members if m.kind == "human"), None)
        if seat is None:
            raise ServerError("invalid", "host_name needs a human seat; leave it out to host without playing")
        seat.name = clean_name(host_name, self.config.name_max_chars)
        if await self.persistence.is_computer_name(seat.name):
            raise ServerError("name_taken", f"{seat.name!r} is the name of a computer player")
        seat.token = digest
        return seat.player, None

    async def _new_code(self) -> str:
        """A join code no room of this server (nor, with several nodes, of the site) has."""
        code = new_room_code(self.rooms)
        while self.claim_code is not None and not await self.claim_code(code):
            code = new_room_code(self.rooms)
        return code

    async def join(self, code: str, name: str, seat: int | None) -> SeatTicket:
        """A seat in a room's lobby."""
        room = self.get(code)
        player, token = await room.join(name, seat)
        return SeatTicket(code=room.code, player=player, token=token, host=room.host == player,
                          ws_path=f"/ws/{room.code}")  # fmt: skip

    # ------------------------------------------------------------------ restart
    async def restore(self) -> int:
        """Resume every unfinished session this server started (after a restart), and keep the rooms of sessions
        finished within ``finished_ttl`` (for "play again"); returns how many rooms."""
        loop = asyncio.get_running_loop()
        stored = await loop.run_in_executor(None, self.persistence.unfinished_rooms)
        finished = await loop.run_in_executor(None, self.persistence.recently_finished_rooms, self.config.finished_ttl)
        codes = set()
        for info, saved in sorted(finished + stored, key=lambda pair: pair[0].id):  # a room's latest session wins
            if await self.adopt(info, saved) is not None:
                codes.add(saved.code)
        return len(codes)

    async def adopt(self, info: SessionInfo, saved: StoredRoom, waiting_since: float | None = None) -> Room | None:
        """Rebuild a room from its stored session and take it over (``None``: it cannot be resumed);
        ``waiting_since``: when its computer to move began its wait, for a room another node handed over."""
        try:
            room = self._rebuild(info.family, info.preset, info.rules, saved)
            await resume(room, info, waiting_since)
        except (SevensError, KeyError, ValueError) as exc:
            log.error("session %s (room %s) cannot be resumed: %s", info.id, saved.code, exc)
            return None
        previous = self.rooms.get(room.code)
        if previous is not None:
            previous.close_all(CLOSE_ROOM_CLOSED, "room replaced")
        self.rooms[room.code] = room
        return room

    def take_lobby(self, family_name: str, preset: str, rules: dict[str, Any], saved: StoredRoom,
                   created: float) -> Room:  # fmt: skip
        """A lobby another node hands over as it stops: its seats, tokens, host and options as they were."""
        room = self._rebuild(family_name, preset, rules, saved)
        for member in room.members:
            if member.kind == "human" and not member.name:
                member.name = None  # a free seat (stored as "")
        self.rooms[room.code] = room
        self.created[room.code] = created
        return room

    def _rebuild(self, family_name: str, preset: str | None, rules_dict: dict[str, Any], saved: StoredRoom) -> Room:
        family = families()[family_name]
        base = family.presets[preset or ""]
        rules = base.replace(**rules_dict)
        options = RoomOptions(saved.turn_seconds, saved.ghost, saved.kids, saved.rounds, saved.listed, saved.spectators,
                              saved.pace)  # fmt: skip
        members = []
        for player, m in enumerate(saved.members):
            member = Member(player, m.kind, self.clock, self.config.grace_seconds, agent=m.agent, name=m.name,
                            token=m.token, left=m.left)  # fmt: skip
            members.append(member)
        return Room(
            self.ctx, code=saved.code, family=family, preset=preset or "", rules=rules, options=options,
            members=members, seed=saved.seed, host=saved.host, host_token=saved.host_token,
            round_offset=saved.round_offset, game=saved.game,
        )  # fmt: skip

    # ------------------------------------------------------------------ time
    async def tick(self) -> None:
        """Check every room's deadlines once, and drop rooms nobody uses any more."""
        for code, room in list(self.rooms.items()):
            try:
                await room.tick()
            except Exception:
                log.exception("room %s: tick failed", code)
            if self._expired(room):
                room.close_all(CLOSE_ROOM_CLOSED, "the room was closed")
                del self.rooms[code]
                self.created.pop(code, None)
                if self.dropped is not None:
                    self.dropped(code)
        for address, codes in list(self._lobbies.items()):  # forget clients whose lobbies are all gone
            codes.intersection_update(c for c in codes if c in self.rooms and self.rooms[c].status == "lobby")
            if not codes:
                del self._lobbies[address]

    def _expired(self, room: Room) -> bool:
        if room.closed:
            return True
        idle = room.idle_for()
        if room.status == "lobby":
            return idle >= self.config.lobby_ttl and room.empty_since is not None
        if room.status == "finished":
            return idle >= self.config.finished_ttl and room.empty_since is not None
        return False

    async def run_ticker(self, interval: float) -> None:
        """Call :meth:`tick` every ``interval`` seconds until cancelled."""
        while True:
            await asyncio.sleep(interval)
            await self.tick()

    async def close(self) -> None:
        """Close every connection (the server is stopping); games resume from the store on the next start."""
        for room in self.rooms.values():
            room.close_all(CLOSE_GOING_AWAY, "the server is restarting; reconnect to resume")
        await asyncio.sleep(0)
        self._bot_executor.shutdown(wait=False, cancel_futures=True)


def settle_room(body: CreateRoom, config: ServerConfig) -> tuple[Family, Any, RoomOptions]:
    """Family, rules and options of a new room, checked (a bad preset, variant or option raises)."""
    family = family_of(body.preset)
    fixed = sorted(set(body.variants) & ROOM_OPTIONS)
    if fixed:
        raise ServerError(
            "invalid",
            f"variants cannot set {', '.join(fixed)}: players come from the seats, ghost is a field of its own "
            "and hints a switch of each player's browser",
        )
    rules = family.presets[body.preset].replace(players=len(body.seats), **body.variants)
    if body.ghost:
        if family.name != "shichinarabe":
            raise RulesError("the ghost rule (B13) exists only in Shichi-narabe presets")
        rules = rules.replace(ghost=True)
    if body.turn_seconds is not None and not config.min_turn_seconds <= body.turn_seconds <= config.max_turn_seconds:
        raise ServerError(
            "invalid", f"turn_seconds is from {config.min_turn_seconds:g} to {config.max_turn_seconds:g} (or null)"
        )
    if body.rounds is not None and body.rounds > config.max_rounds:
        raise ServerError("invalid", f"rounds is at most {config.max_rounds}")
    options = RoomOptions(
        body.turn_seconds, body.ghost, body.kids, body.rounds, body.listed, body.spectators, body.pace
    )
    return family, rules, options


__all__ = ["RoomRegistry", "settle_room"]
