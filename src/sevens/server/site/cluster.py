"""Several ``sevens serve`` nodes, one site: what they share lives in Redis, the durable log in PostgreSQL.

Keys (all under ``sevens:``):

- ``node:{id}`` the node's presence: its address (where other nodes reach it), rooms and connections, expiring
  after ``lease_seconds`` unless the node renews it;
- ``owner:{CODE}`` which node owns a room: a lease set with ``NX`` (so join codes are unique across nodes) and
  renewed by its owner every ``lease_seconds / 3``; a node that stops renewing (killed) loses its rooms;
- ``rooms`` a hash from join code to the room's latest session id: the rooms that can be taken over from the
  durable log (a room is in it once its game has started; a lobby lives only on its node); ``held:{id}`` the
  started rooms a node holds, where the others look when its presence expires;
- ``nodes`` the ids of the nodes; ``lobby:{id}`` each node's listed lobby rooms with a free seat
  (``GET /api/rooms`` reads every live node's);
- channels ``rpc:{id}`` / ``reply:{id}``: requests to a room's owner (info, join, start) and their answers.

A client may connect to any node: HTTP requests for a room another node owns are carried to the owner over
pub/sub, a WebSocket is proxied to the owner's address (:func:`proxy_websocket`). A room without a live owner
is adopted from the durable log by the first node that needs it (a reconnecting client) or by the periodic
scan of dead nodes' rooms, within ``lease_seconds`` plus one scan of a node's death. Moves are stored before
anyone hears of them and the store's primary key ``(round, seq)`` refuses a number stored twice, so a takeover
neither loses a committed move nor applies one twice.

Redis may go away and come back (restarted, empty): the node keeps playing the rooms it holds, answers what needs
Redis with 503 ``store_unavailable``, listens again with backoff, and once Redis answers re-announces itself, its
leases and the rooms it holds. For ``lease_seconds`` after an outage it adopts nothing (every live owner renews
its leases first) and says 503 rather than "unknown room". On ``SIGTERM`` a node drains (:meth:`Cluster.drain`):
each room's lease goes to a live node that adopts it from the durable log before the room's clients are told to
reconnect (1012).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from redis import asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError

from sevens.errors import SevensError
from sevens.server.api.refusals import DATABASE_DOWN, UNAVAILABLE, refusal
from sevens.server.errors import ServerError
from sevens.server.persistence import StoredRoom, read_room
from sevens.server.security import normalise_code, redact
from sevens.store import StoreError, StoreUnavailableError

if TYPE_CHECKING:
    from starlette.websockets import WebSocket

    from sevens.server.room.room import Room
    from sevens.server.rooms import RoomRegistry
    from sevens.server.site.operations import Operation

log = logging.getLogger("sevens.server")

PREFIX = "sevens:"
CLOSE_MOVED = 1012  # "service restart": the room moved to another node; reconnect (to any node)
RPC_TIMEOUT = 5.0
REDIS_TIMEOUT = 2.0  # seconds a Redis command (or connecting) may take before Redis counts as down
BACKOFF = (0.05, 1.0)  # seconds between attempts to listen again: the first, and the most
HANDOVER_CONCURRENCY = 16  # rooms handed over at once while draining
REDIS_DOWN = "the site's shared state is not reachable; try again"
ADOPT = "adopt"  # the request a draining node sends: adopt this room from the durable log now
TAKE_LOBBY = "take_lobby"  # … or take this lobby (not in the durable log yet) as it is
SCAN_CLAIMS = 200  # rooms one scan adopts at most (the other nodes take the rest)
LOBBY_PUBLISHED = 1100  # a node's newest listed lobbies in Redis: GET /api/rooms serves offsets up to 1,000 only
SWEEP_SECONDS = 30.0  # how often a live node also looks in the durable log for rooms nobody owns (a safety net)

# Renew the leases still ours (or free again: a pause longer than the lease); return the ones another node holds.
RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  local owner = redis.call('GET', key)
  if owner == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  elseif not owner then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
  else
    table.insert(lost, key)
  end
end
return lost
"""
# Take one token of a rate limit's bucket (tokens and time in a hash), on Redis's clock: every node shares it.
# Returns the seconds to wait as text (0: taken); the bucket expires once it would be full again anyway.
TAKE_TOKEN = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 't', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = (1 - tokens) / rate end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return tostring(wait)
"""
# Delete a lease only if it is ours.
RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"
# Take a lease from the node handing the room over (ARGV[1]), or a free one: a draining node keeps its lease until
# its heir holds it, so no third node adopts the room meanwhile (and its clients wait for the heir, not a race).
HAND_OVER = """
local owner = redis.call('GET', KEYS[1])
if owner == ARGV[1] or owner == false then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
if owner == ARGV[2] then return 1 end
return 0
"""


def text(value: Any) -> str | None:
    """A Redis reply as text (the client decodes replies; the stubs cannot know)."""
    return None if value is None else str(value)


@dataclass(frozen=True)
class Remote:
    """A room another node owns."""

    node: str
    address: str  # http://host:port


class Cluster:
    """This node's part of the site (see the module docstring); :meth:`start` it with the app, :meth:`stop` it
    at shutdown."""

    def __init__(self, url: str, address: str, registry: RoomRegistry, ops: dict[str, Operation],
                 lease_seconds: float = 5.0) -> None:  # fmt: skip
        # A connection from before a Redis restart fails once: try again at once on a new one, then give up.
        self.redis: aioredis.Redis = aioredis.from_url(
            url, decode_responses=True, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT,
            retry=Retry(ExponentialBackoff(cap=0.1, base=0.01), 1), retry_on_error=[RedisConnectionError],
        )  # fmt: skip
        # Subscriptions wait for messages as long as it takes: their own client, without a read timeout.
        self._listener: aioredis.Redis = aioredis.from_url(
            url, decode_responses=True, socket_connect_timeout=REDIS_TIMEOUT
        )
        self.node = secrets.token_hex(6)
        self.address = address.rstrip("/")
        self.registry = registry
        self.ops = ops
        self.lease_ms = int(lease_seconds * 1000)
        self.interval = lease_seconds / 3
        self._renew = self.redis.register_script(RENEW)
        self._release = self.redis.register_script(RELEASE)
        self._hand_over_lease = self.redis.register_script(HAND_OVER)
        self._take_token = self.redis.register_script(TAKE_TOKEN)
        self._waiting: dict[str, asyncio.Future[tuple[int, Any]]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._adopting: dict[str, asyncio.Task[Room | None]] = {}
        self._background: set[asyncio.Task[Any]] = set()
        self.redis_down_since: float | None = None  # monotonic time of the first failure of an outage
        self._settled_at = 0.0  # monotonic: no adoption before (after an outage, live owners renew first)
        self._reindex = False  # the rooms this node holds must be written to Redis again (it may have restarted)
        self.draining = False
        # The durable log's rooms without an owner are adopted by the next upkeep unless this is set: at start-up,
        # once Redis is back (it may have lost every index while a node died) and every SWEEP_SECONDS.
        self._swept = False
        self._next_sweep = 0.0  # monotonic
        self._announced = False  # this node's presence was written once (its absence later: Redis lost it)
        self.listening = asyncio.Event()  # set while the node's channels are subscribed
        registry.claim_code = self.claim
        registry.dropped = self._dropped
        registry.ctx.on_session = self._session_started
        for buckets in registry.rate_limits():
            buckets.shared = self.take_token

    # ------------------------------------------------------------------ lifetime
    async def start(self) -> None:
        """Announce the node, listen to its channels, and keep everything fresh: after one lease it adopts the rooms
        nobody owns (:meth:`_settle`)."""
        self._tasks.append(asyncio.create_task(self._listen_forever(), name="sevens-cluster-listen"))
        try:
            await self._announce()
            # Adopt from the durable log only after one lease: Redis may have restarted empty a moment ago, and a
            # live owner renews its leases within a lease (a node that adopted at once took rooms still in play).
            self._settle()
        except (RedisError, OSError) as exc:  # a node may start while Redis is down: it joins once Redis is back
            self.redis_failed(exc)
        self._tasks.append(asyncio.create_task(self._keep(), name="sevens-cluster-keep"))
        log.info("node %s at %s joined the site", self.node, self.address)

    async def stop(self) -> None:
        """Give up every lease (another node adopts the rooms at once) and leave."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            for code in list(self.registry.rooms):
                await self._release(keys=[self._owner_key(code)], args=[self.node])
            await self.redis.delete(f"{PREFIX}node:{self.node}", f"{PREFIX}lobby:{self.node}")
        await self.redis.aclose()
        await self._listener.aclose()

    # ------------------------------------------------------------------ Redis outages
    def redis_failed(self, exc: BaseException) -> None:
        """Note a failed Redis call: the outage starts (logged once), and the node's keys must be written again."""
        self._reindex = True
        if self.redis_down_since is None:
            self.redis_down_since = time.monotonic()
            log.warning("node %s: Redis is not reachable (%s); rooms held here keep playing", self.node,
                        redact(repr(exc)))  # fmt: skip

    def _redis_back(self) -> None:
        if self.redis_down_since is not None:
            log.warning("node %s: Redis is back after %.1f s", self.node, time.monotonic() - self.redis_down_since)
            self.redis_down_since = None
            self._settle()

    def _settle(self) -> None:
        """Redis may have lost its keys: let every live owner renew its leases first, then adopt the durable log's
        rooms that nobody owns (the rooms of a node that died while Redis was away are in no index)."""
        self._settled_at = time.monotonic() + self.lease_ms / 1000
        self._swept = False

    def settling(self) -> bool:
        """Whether Redis is down as far as this node knows, or came back so recently that a live owner may not
        have renewed its leases yet (a room without an owner then is not "unknown", nor free to adopt)."""
        return self.redis_down_since is not None or time.monotonic() < self._settled_at

    async def take_token(self, name: str, key: str, rate: float, burst: int) -> float | None:
        """Take a token of the site's rate limit ``name`` for ``key`` (see :class:`~.limits.SiteBuckets`): the
        seconds to wait, 0.0 if taken; ``None`` while Redis is down (the node judges alone then)."""
        if self.redis_down_since is not None:
            return None
        try:
            wait = await self._take_token(keys=[f"{PREFIX}rate:{name}:{key}"], args=[rate, burst])
        except (RedisError, OSError) as exc:
            self.redis_failed(exc)
            return None
        return float(wait)

    async def reachable(self, timeout: float) -> bool:
        """Whether Redis answers a ping within ``timeout`` seconds (for ``/api/health``)."""
        try:
            await asyncio.wait_for(self.redis.ping(), timeout)
        except (RedisError, OSError, TimeoutError) as exc:
            self.redis_failed(exc)
            return False
        return True

    async def _shared(self, work: Callable[[], Awaitable[Any]]) -> Any:
        """Run a Redis call for a request: Redis down is a 503 ``store_unavailable``."""
        try:
            return await work()
        except (RedisError, OSError) as exc:
            self.redis_failed(exc)
            raise ServerError(UNAVAILABLE, REDIS_DOWN) from None

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self.upkeep()
            except (RedisError, OSError) as exc:
                self.redis_failed(exc)
            except (ServerError, StoreError) as exc:  # the database is down: rooms are adopted once it is back
                log.warning("node %s: cannot adopt rooms now: %s", self.node, exc)
            except Exception:
                log.exception("node %s: cluster upkeep failed", self.node)

    async def upkeep(self) -> None:
        """One round of keeping the node's part fresh: presence, held rooms (after an outage), leases, lobby,
        and the dead nodes' rooms (not while Redis has just come back)."""
        await self._announce()
        if self._reindex:
            await self._index_held_rooms()
            self._reindex = False
        await self._renew_leases()
        self._redis_back()
        await self._publish_lobby()
        if not self.settling() and not self.draining:
            if not self._swept or time.monotonic() >= self._next_sweep:
                await self._sweep()
            await self.scan()

    async def _sweep(self) -> None:
        await self.adopt_from_store()
        self._swept = True
        self._next_sweep = time.monotonic() + SWEEP_SECONDS * (0.75 + secrets.randbelow(50) / 100)  # nodes spread

    async def _index_held_rooms(self) -> None:
        """Write again what the others need to adopt this node's started rooms if it dies (Redis may have lost it)."""
        started = {code: room.session_id for code, room in self.registry.rooms.items()
                   if room.session_id is not None and not room.closed}  # fmt: skip
        if started:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.hset(f"{PREFIX}rooms", mapping={code: str(session) for code, session in started.items()})
                pipe.sadd(self._held_key(self.node), *started)
                await pipe.execute()

    async def _announce(self) -> None:
        rooms = self.registry.rooms
        presence = {"address": self.address, "rooms": len(rooms), "connections": self.registry.connections.total()}
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(f"{PREFIX}node:{self.node}", json.dumps(presence), px=self.lease_ms, get=True)
            pipe.sadd(f"{PREFIX}nodes", self.node)
            before, _added = await pipe.execute()
        if before is None and self._announced:
            # Redis restarted (or this node was paused past its lease) without a failed call: a quick restart
            # hides behind the client's retry. Its indexes may be gone too.
            log.warning("node %s: Redis had forgotten this node; announcing its rooms again", self.node)
            self._reindex = True
            self._settle()
        self._announced = True

    async def nodes(self) -> tuple[list[str], list[str]]:
        """The live nodes, and the dead ones whose rooms are not all adopted yet."""
        known = sorted(str(n) for n in await self.redis.smembers(f"{PREFIX}nodes"))
        async with self.redis.pipeline(transaction=False) as pipe:
            for node in known:
                pipe.exists(f"{PREFIX}node:{node}")
            alive = await pipe.execute()
        live = [n for n, a in zip(known, alive, strict=True) if a]
        return live, [n for n in known if n not in live]

    async def _hgetall(self, key: str) -> dict[str, str]:
        found = await self.redis.hgetall(key)
        return {str(k): str(v) for k, v in found.items()}

    # ------------------------------------------------------------------ ownership
    def _owner_key(self, code: str) -> str:
        return f"{PREFIX}owner:{code}"

    def _held_key(self, node: str) -> str:
        """The started rooms a node holds: where the others look when it dies."""
        return f"{PREFIX}held:{node}"

    async def claim(self, code: str) -> bool:
        """Take the lease of ``code`` if nobody holds it (503 ``store_unavailable`` if Redis is down)."""
        return bool(await self._shared(lambda: self._claim(code)))

    async def _claim(self, code: str, handed_from: str | None = None) -> bool:
        key = self._owner_key(code)
        if handed_from is not None:
            return bool(await self._hand_over_lease(keys=[key], args=[handed_from, self.node, self.lease_ms]))
        if await self.redis.set(key, self.node, nx=True, px=self.lease_ms):
            return True
        return text(await self.redis.get(key)) == self.node  # a retried SET whose first attempt got through

    async def _renew_leases(self) -> None:
        codes = list(self.registry.rooms)
        for start in range(0, len(codes), 1000):
            keys = [self._owner_key(c) for c in codes[start : start + 1000]]
            lost = await self._renew(keys=keys, args=[self.node, self.lease_ms])
            for key in lost:
                self._give_up(key.rsplit(":", 1)[1])

    def _give_up(self, code: str) -> None:
        """Another node owns ``code`` now (we were paused past the lease): drop our copy; clients reconnect."""
        room = self.registry.rooms.pop(code, None)
        self._in_background(self._forget_held(code))
        if room is not None:
            log.warning("node %s: room %s is owned by another node now; dropped here", self.node, code)
            room.close_all(CLOSE_MOVED, "the room moved to another server; reconnect")

    def _in_background(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(self._noting_failures(work))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _noting_failures(self, work: Coroutine[Any, Any, Any]) -> None:
        try:
            await work
        except (RedisError, OSError) as exc:  # written again by the upkeep once Redis is back
            self.redis_failed(exc)

    async def _forget_held(self, code: str) -> None:
        await self.redis.srem(self._held_key(self.node), code)

    def _session_started(self, room: Room) -> None:
        async def index() -> None:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.hset(f"{PREFIX}rooms", room.code, str(room.session_id))
                pipe.sadd(self._held_key(self.node), room.code)
                await pipe.execute()

        self._in_background(index())

    def _dropped(self, code: str) -> None:
        async def forget() -> None:
            await self.redis.hdel(f"{PREFIX}rooms", code)
            await self._forget_held(code)
            await self._release(keys=[self._owner_key(code)], args=[self.node])

        self._in_background(forget())

    async def scan(self) -> int:
        """Adopt the started rooms of nodes that died (their presence expired); returns how many this node took.
        Only dead nodes' rooms are looked at, so a healthy site costs a few commands per scan."""
        taken = 0
        for dead in (await self.nodes())[1]:
            held = self._held_key(dead)
            codes = [str(c) for c in await self.redis.smembers(held)]
            secrets.SystemRandom().shuffle(codes)  # nodes scanning at once take different rooms first
            for code in codes[:SCAN_CLAIMS]:
                session = text(await self.redis.hget(f"{PREFIX}rooms", code))
                if session is not None and await self.adopt(code, int(session)) is not None:
                    taken += 1
                owner = text(await self.redis.get(self._owner_key(code)))
                if session is None or owner not in (None, dead):  # gone, or adopted (the dead lease may outlive it)
                    await self.redis.srem(held, code)
            if not await self.redis.scard(held):
                await self.redis.srem(f"{PREFIX}nodes", dead)
        return taken

    async def adopt(
        self, code: str, session_id: int, handed_from: str | None = None, waiting_since: float | None = None
    ) -> Room | None:
        """Take ``code`` over from the durable log if its lease is free, or held by ``handed_from``, the node
        handing it over (one adoption per room at a time); ``waiting_since``: when its computer to move began its
        wait (this node's clock), for a room handed over."""
        running = self._adopting.get(code)
        if running is None:
            adopting = self._adopt(code, session_id, handed_from, waiting_since)
            running = self._adopting[code] = asyncio.get_running_loop().create_task(adopting)
            running.add_done_callback(lambda _t: self._adopting.pop(code, None))
        return await asyncio.shield(running)

    async def _adopt(
        self, code: str, session_id: int, handed_from: str | None, waiting_since: float | None
    ) -> Room | None:
        if code in self.registry.rooms:
            return self.registry.rooms[code]
        if not await self._claim(code, handed_from):
            return None  # another node holds it (a lease already ours: a room dropped here, rebuilt now)
        persistence = self.registry.persistence
        try:
            info = await persistence.run(lambda store: store.load_session(session_id))
            saved = read_room(info.settings)
            room = None
            if saved is not None and saved.code == code:
                room = await self.registry.adopt(info, saved, waiting_since)
        except BaseException as exc:
            await self._release(keys=[self._owner_key(code)], args=[self.node])  # another node may try now
            if isinstance(exc, StoreUnavailableError):
                raise ServerError(UNAVAILABLE, DATABASE_DOWN) from None
            if not isinstance(exc, StoreError):
                raise
            log.error("node %s: room %s (session %s) cannot be adopted: %s", self.node, code, session_id, exc)
            return None
        if room is None:
            await self._release(keys=[self._owner_key(code)], args=[self.node])
            return None
        await self.redis.sadd(self._held_key(self.node), code)
        log.info("node %s adopted room %s (session %s) from the durable log", self.node, code, session_id)
        return room

    async def adopt_from_store(self) -> int:
        """Adopt every resumable room of the durable log that no live node owns: at start-up (a whole site that
        restarts after Redis lost its keys resumes everything), after Redis came back, and now and then."""
        persistence = self.registry.persistence
        latest = await persistence.run(lambda _store: persistence.resumable_codes(self.registry.config.finished_ttl))
        if not latest:
            return 0
        await self.redis.hset(f"{PREFIX}rooms", mapping={c: str(i) for c, i in latest.items()})
        async with self.redis.pipeline(transaction=False) as pipe:
            for code in latest:
                pipe.exists(self._owner_key(code))
            owned = await pipe.execute()
        taken = 0
        for (code, session_id), held in zip(latest.items(), owned, strict=True):
            if not held and await self.adopt(code, session_id) is not None:
                taken += 1
        return taken

    async def locate(self, code: str) -> Room | Remote:
        """The room with join code ``code``: here (adopted now if nobody owns it), or on another node."""
        code = normalise_code(code)
        room = self.registry.rooms.get(code)
        if room is not None and not room.closed:
            return room
        located: Room | Remote = await self._shared(lambda: self._locate(code))
        return located

    async def _locate(self, code: str) -> Room | Remote:
        owner = text(await self.redis.get(self._owner_key(code)))
        if owner in (None, self.node) and (self.draining or self.settling()):
            # Stopping: the room is on its way to another node. Redis just back: its owner renews within moments.
            raise ServerError(UNAVAILABLE, "the room is moving between servers; try again in a moment")
        if owner is None or owner == self.node:
            session = text(await self.redis.hget(f"{PREFIX}rooms", code))
            if session is not None:
                adopted = await self.adopt(code, int(session))
                if adopted is not None:
                    return adopted
                owner = text(await self.redis.get(self._owner_key(code)))
        if owner is not None and owner != self.node:
            presence = text(await self.redis.get(f"{PREFIX}node:{owner}"))
            if presence is not None:
                return Remote(owner, json.loads(presence)["address"])
            # A lease without a live node: its owner is late renewing, or dead and the room about to be adopted.
            raise ServerError(UNAVAILABLE, "the room's server is not answering; try again in a moment")
        if not self._swept:  # the durable log is not searched yet (the database was down): the room may be there
            raise ServerError(UNAVAILABLE, "the site is still finding its rooms; try again in a moment")
        raise ServerError("unknown_room", f"no open room with code {code[:16]!r}")

    # ------------------------------------------------------------------ draining (SIGTERM)
    async def drain(self) -> int:
        """Hand every started room to a live node before this one stops; returns how many were adopted there.

        For each room: no move is made here any more (its lock held, the room closed), its lease is released,
        a live node (the least busy first) adopts it from the durable log, then its clients are told to
        reconnect (1012), which they do to any node. A room nobody adopted is found in the durable log by the
        first node a client reaches; a lone node's games resume when it starts again."""
        self.draining = True
        rooms = [room for room in self.registry.rooms.values()
                 if not room.closed and (room.session_id is not None or room.status == "lobby")]  # fmt: skip
        try:
            heirs = await self._heirs()
        except (RedisError, OSError) as exc:
            self.redis_failed(exc)
            heirs = []
        if not heirs or not rooms:
            return 0
        limit = asyncio.Semaphore(HANDOVER_CONCURRENCY)

        async def hand_over(index: int, room: Room) -> bool:
            async with limit:
                return await self._hand_over(room, heirs[index % len(heirs)])

        handed = await asyncio.gather(*(hand_over(i, room) for i, room in enumerate(rooms)))
        log.info("node %s: %d of %d room(s) handed to other nodes", self.node, sum(handed), len(rooms))
        return sum(handed)

    async def _heirs(self) -> list[Remote]:
        """The other live nodes, the ones with the fewest rooms first."""
        live = [node for node in (await self.nodes())[0] if node != self.node]
        loads = []
        for node in live:
            presence = text(await self.redis.get(f"{PREFIX}node:{node}"))
            if presence is not None:
                found = json.loads(presence)
                loads.append((int(found.get("rooms", 0)), node, str(found["address"])))
        return [Remote(node, address) for _rooms, node, address in sorted(loads)]

    async def _hand_over(self, room: Room, heir: Remote) -> bool:
        code, session = room.code, room.session_id
        adopted = False
        if session is None:  # a lobby: the heir takes it as it is
            op, args = (
                TAKE_LOBBY,
                {
                    "family": room.family.name,
                    "preset": room.preset,
                    "rules": room.rules.to_dict(),
                    "room": room.stored().model_dump(),
                    "created": self.registry.created.get(code, 0.0),
                },
            )
        else:
            op, args = ADOPT, {"session": session}
        async with room.lock:  # a move being stored finishes first; none starts after
            self.registry.rooms.pop(code, None)  # (not "dropped": the room lives on elsewhere)
            room.closed = True
            args["from"] = self.node  # the heir takes our lease: nobody else adopts the room meanwhile
            if op == ADOPT:
                args["waited"] = room.autoplay.waited()
            room.autoplay.cancel()
            try:
                await self.redis.srem(self._held_key(self.node), code)
                status, body = await self.call(heir, op, code, args)
                adopted = status == 200 and bool(body.get("adopted"))
            except (RedisError, OSError, ServerError) as exc:
                log.warning("node %s: room %s not handed over (%s); it is adopted when a client returns",
                            self.node, code, exc)  # fmt: skip
            if not adopted:  # free the lease at once: the first node a client reaches adopts the room
                with contextlib.suppress(RedisError, OSError):
                    await self._release(keys=[self._owner_key(code)], args=[self.node])
        self.registry.created.pop(code, None)
        room.close_all(CLOSE_MOVED, "the room moved to another server; reconnect")
        return adopted

    async def _take_lobby(self, code: str, args: dict[str, Any]) -> bool:
        if code in self.registry.rooms or not await self._claim(code, args.get("from")):
            return False
        try:
            saved = StoredRoom.model_validate(args["room"])
            self.registry.take_lobby(args["family"], args["preset"], args["rules"], saved, float(args["created"]))
        except (SevensError, KeyError, ValueError) as exc:
            log.error("node %s: lobby %s could not be taken over: %s", self.node, code, exc)
            await self._release(keys=[self._owner_key(code)], args=[self.node])
            return False
        log.info("node %s took over lobby %s", self.node, code)
        return True

    # ------------------------------------------------------------------ the lobby across nodes
    async def _publish_lobby(self) -> None:
        key = f"{PREFIX}lobby:{self.node}"
        listed = self.registry.open_rooms(0, LOBBY_PUBLISHED)
        created = self.registry.created
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(key)
            if listed:
                pipe.hset(key, mapping={r.code: json.dumps([created.get(r.code, 0.0), r.model_dump()]) for r in listed})
                pipe.pexpire(key, self.lease_ms)
            await pipe.execute()

    async def lobby(self, offset: int, limit: int) -> list[dict[str, Any]]:
        """Listed lobby rooms with a free seat on every node, newest first (as of each node's last upkeep, so
        at most ``lease_seconds / 3`` old)."""
        entries: list[tuple[float, dict[str, Any]]] = []

        async def read() -> None:
            for node in (await self.nodes())[0]:
                for value in (await self._hgetall(f"{PREFIX}lobby:{node}")).values():
                    at, info = json.loads(value)
                    entries.append((at, info))

        await self._shared(read)
        entries.sort(key=lambda e: e[0], reverse=True)
        return [info for _at, info in entries[offset : offset + limit]]

    # ------------------------------------------------------------------ requests to a room's owner
    async def call(self, remote: Remote, op: str, code: str, args: dict[str, Any]) -> tuple[int, Any]:
        """Run ``op`` on the node that owns ``code``: ``(HTTP status, JSON body)``."""
        ident = secrets.token_hex(8)
        future: asyncio.Future[tuple[int, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[ident] = future
        request = {"id": ident, "from": self.node, "op": op, "code": code, "args": args}
        try:
            if not await self.redis.publish(f"{PREFIX}rpc:{remote.node}", json.dumps(request)):
                raise ServerError(UNAVAILABLE, "the room's server is not reachable; try again")
            return await asyncio.wait_for(future, RPC_TIMEOUT)
        except (TimeoutError, RedisError, OSError) as exc:
            if not isinstance(exc, TimeoutError):
                self.redis_failed(exc)
            raise ServerError(UNAVAILABLE, "the room's server did not answer; try again") from None
        finally:
            self._waiting.pop(ident, None)

    async def _listen_forever(self) -> None:
        """Listen to the node's channels; when the subscription breaks (Redis restarted, unreachable), subscribe
        again with backoff, for as long as the node runs."""
        delay = BACKOFF[0]
        while True:
            pubsub = self._listener.pubsub()
            try:
                await pubsub.subscribe(f"{PREFIX}rpc:{self.node}", f"{PREFIX}reply:{self.node}")
                self.listening.set()
                delay = BACKOFF[0]
                await self._listen(pubsub)
            except (RedisError, OSError) as exc:
                self.redis_failed(exc)
            finally:
                self.listening.clear()
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(delay)
            delay = min(delay * 2, BACKOFF[1])

    async def _listen(self, pubsub: Any) -> None:
        async for message in pubsub.listen():
            if message.get("type") != "message":
                continue
            try:
                data = json.loads(message["data"])
            except (TypeError, ValueError):
                continue
            if message["channel"].endswith(f"reply:{self.node}"):
                future = self._waiting.get(data.get("id", ""))
                if future is not None and not future.done():
                    future.set_result((int(data["status"]), data["body"]))
            else:
                self._in_background(self._answer(data))

    async def _answer(self, request: dict[str, Any]) -> None:
        try:
            if request["op"] == ADOPT:
                # the computer's wait so far, and from here on the time this adoption takes, count towards its delay
                args, now = request["args"], self.registry.clock.now()
                since = now - float(args.get("waited", 0.0))
                adopted = await self.adopt(request["code"], int(args["session"]), args.get("from"), since)
                body = {"adopted": adopted is not None}
            elif request["op"] == TAKE_LOBBY:
                body = {"adopted": await self._take_lobby(request["code"], request["args"])}
            else:
                # The caller found this node in the room's lease; the room may still be loading here (adopted a
                # moment ago) or already on its way elsewhere (draining, lost): wait for the one, 503 the other.
                if isinstance(await self.locate(request["code"]), Remote):
                    raise ServerError(UNAVAILABLE, "the room is moving between servers; try again in a moment")
                body = await self.ops[request["op"]](self.registry, request["code"], request["args"])
            status = 200
        except Exception as exc:
            status, body = refusal(exc)
        reply = {"id": request["id"], "status": status, "body": body}
        await self.redis.publish(f"{PREFIX}reply:{request['from']}", json.dumps(reply))


async def proxy_websocket(websocket: WebSocket, remote: Remote, path: str, client: str) -> None:
    """Carry an accepted WebSocket to the room's owner and back, frame by frame; the owner's close code reaches
    the client (a dead owner: 1012, reconnect)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    target = remote.address.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + path
    try:
        upstream = await connect(target, additional_headers={"X-Forwarded-For": client}, open_timeout=5,
                                 max_size=None, ping_interval=None)  # fmt: skip
    except (OSError, TimeoutError, ConnectionClosed) as exc:
        log.info("proxy to %s failed: %s", remote.address, redact(repr(exc)))  # the URL holds the seat token
        await websocket.close(CLOSE_MOVED, "the room's server is not reachable; reconnect")
        return

    async def down() -> None:
        async for message in upstream:
            await websocket.send_text(message if isinstance(message, str) else message.decode())

    async def up() -> None:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            if message.get("text") is not None:
                await upstream.send(message["text"])
            elif message.get("bytes") is not None:
                await upstream.send(message["bytes"])

    tasks = {asyncio.create_task(down()), asyncio.create_task(up())}
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        code, reason = CLOSE_MOVED, "the room's server went away; reconnect"
        if upstream.close_code is not None and upstream.close_code not in (1005, 1006):
            code, reason = upstream.close_code, upstream.close_reason or ""
        with contextlib.suppress(Exception):
            await upstream.close()
        with contextlib.suppress(Exception):
            await websocket.close(code, reason)


__all__ = ["CLOSE_MOVED", "Cluster", "Remote", "proxy_websocket"]
