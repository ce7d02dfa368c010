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
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from redis import asyncio as aioredis
from redis.exceptions import RedisError

from sevens.server.errors import ServerError
from sevens.server.persistence import read_room
from sevens.server.security import normalise_code, redact

if TYPE_CHECKING:
    from starlette.websockets import WebSocket

    from sevens.server.operations import Operation
    from sevens.server.room import Room
    from sevens.server.rooms import RoomRegistry

log = logging.getLogger("sevens.server")

PREFIX = "sevens:"
CLOSE_MOVED = 1012  # "service restart": the room moved to another node; reconnect (to any node)
RPC_TIMEOUT = 5.0
SCAN_CLAIMS = 200  # rooms one scan adopts at most (the other nodes take the rest)

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
# Delete a lease only if it is ours.
RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"


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
        self.redis: aioredis.Redis = aioredis.from_url(url, decode_responses=True)
        self.node = secrets.token_hex(6)
        self.address = address.rstrip("/")
        self.registry = registry
        self.ops = ops
        self.lease_ms = int(lease_seconds * 1000)
        self.interval = lease_seconds / 3
        self._renew = self.redis.register_script(RENEW)
        self._release = self.redis.register_script(RELEASE)
        self._waiting: dict[str, asyncio.Future[tuple[int, Any]]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._adopting: dict[str, asyncio.Task[Room | None]] = {}
        self._background: set[asyncio.Task[Any]] = set()
        registry.claim_code = self.claim
        registry.dropped = self._dropped
        registry.ctx.on_session = self._session_started

    # ------------------------------------------------------------------ lifetime
    async def start(self) -> None:
        """Announce the node, listen to its channels, adopt the rooms nobody owns, and keep everything fresh."""
        await self._announce()
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(f"{PREFIX}rpc:{self.node}", f"{PREFIX}reply:{self.node}")
        self._tasks.append(asyncio.create_task(self._listen(pubsub), name="sevens-cluster-listen"))
        await self.adopt_from_store()
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

    async def _keep(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await self._announce()
                await self._renew_leases()
                await self._publish_lobby()
                await self.scan()
            except Exception:
                log.exception("node %s: cluster upkeep failed", self.node)

    async def _announce(self) -> None:
        rooms = self.registry.rooms
        presence = {"address": self.address, "rooms": len(rooms), "connections": self.registry.connections.total()}
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(f"{PREFIX}node:{self.node}", json.dumps(presence), px=self.lease_ms)
            pipe.sadd(f"{PREFIX}nodes", self.node)
            await pipe.execute()

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
        """Take the lease of ``code`` if nobody holds it."""
        return bool(await self.redis.set(self._owner_key(code), self.node, nx=True, px=self.lease_ms))

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
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

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

    async def adopt(self, code: str, session_id: int) -> Room | None:
        """Take ``code`` over from the durable log if its lease is free (one adoption per room at a time)."""
        running = self._adopting.get(code)
        if running is None:
            running = self._adopting[code] = asyncio.get_running_loop().create_task(self._adopt(code, session_id))
            running.add_done_callback(lambda _t: self._adopting.pop(code, None))
        return await asyncio.shield(running)

    async def _adopt(self, code: str, session_id: int) -> Room | None:
        if code in self.registry.rooms:
            return self.registry.rooms[code]
        if not await self.claim(code) and text(await self.redis.get(self._owner_key(code))) != self.node:
            return None  # another node holds it (a lease already ours: a room dropped here, rebuilt now)
        persistence = self.registry.persistence
        info = await persistence.run(lambda store: store.load_session(session_id))
        saved = read_room(info.settings)
        room = await self.registry.adopt(info, saved) if saved is not None and saved.code == code else None
        if room is None:
            await self._release(keys=[self._owner_key(code)], args=[self.node])
            return None
        await self.redis.sadd(self._held_key(self.node), code)
        log.info("node %s adopted room %s (session %s) from the durable log", self.node, code, session_id)
        return room

    async def adopt_from_store(self) -> int:
        """At start-up: adopt every resumable room of the durable log that no live node owns (a whole site that
        restarts after Redis lost its keys resumes everything)."""
        persistence = self.registry.persistence
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(None, persistence.unfinished_rooms)
        found += await loop.run_in_executor(
            None, persistence.recently_finished_rooms, self.registry.config.finished_ttl
        )
        latest = {saved.code: info.id for info, saved in sorted(found, key=lambda pair: pair[0].id)}
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
        try:
            return await self._locate(code)
        except RedisError as exc:
            log.error("node %s: Redis failed: %r", self.node, exc)
            raise ServerError("store_unavailable", "the site's shared state is not reachable; try again") from None

    async def _locate(self, code: str) -> Room | Remote:
        owner = text(await self.redis.get(self._owner_key(code)))
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
        raise ServerError("unknown_room", f"no open room with code {code[:16]!r}")

    # ------------------------------------------------------------------ the lobby across nodes
    async def _publish_lobby(self) -> None:
        key = f"{PREFIX}lobby:{self.node}"
        listed = self.registry.open_rooms(0, 10_000)
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
        for node in (await self.nodes())[0]:
            for value in (await self._hgetall(f"{PREFIX}lobby:{node}")).values():
                at, info = json.loads(value)
                entries.append((at, info))
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
                raise ServerError("store_unavailable", "the room's server is not reachable; try again")
            return await asyncio.wait_for(future, RPC_TIMEOUT)
        except (TimeoutError, RedisError):
            raise ServerError("store_unavailable", "the room's server did not answer; try again") from None
        finally:
            self._waiting.pop(ident, None)

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
                asyncio.get_running_loop().create_task(self._answer(data))

    async def _answer(self, request: dict[str, Any]) -> None:
        from sevens.server.app import refusal  # the HTTP shape of every refusal, in one place

        try:
            op = self.ops[request["op"]]
            body = await op(self.registry, request["code"], request["args"])
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
