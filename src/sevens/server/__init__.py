"""``sevens serve``: an authoritative game server with rooms, computer players, timers, chat, and nothing lost.

Modules, one job each:

- :mod:`.app` the FastAPI app (:func:`create_app`) and :func:`serve`;
- :mod:`.rooms` every room: create, find by code, restore after a restart, the ticker;
- :mod:`.room` one room: the table's state and the doors the server calls, each job done by a helper:
  :mod:`.roomframes` frames and broadcasts, :mod:`.roomseats` seats and connections, :mod:`.roomrounds`
  sessions, rounds and the one commit path, :mod:`.roommoves` move messages, :mod:`.roomdispatch` the other
  messages, :mod:`.roominfo` the room described;
- :mod:`.autoplay` turn clocks (E4), grace periods, computer moves; :mod:`.restore` resuming from the store;
  :mod:`.roomshape` what those helpers read of a room (Protocols: no import circle);
- :mod:`sevens.session.match` rounds of a session and their scores (E2, E3, chips); :mod:`.views` per-seat and
  public views;
- :mod:`.members` seats and options; :mod:`.bots` computer players; :mod:`.timers` clocks;
- :mod:`.chat` chat, kids phrases; :mod:`.ghost` the ghost rule (B13) through chat;
- :mod:`.messages` the wire format (pydantic); :mod:`.connection` one WebSocket's queue and limits;
- :mod:`.persistence` the store, off the event loop; :mod:`.actionlog` moves committed in groups;
  :mod:`.security` tokens, codes, Origin, rate limits; :mod:`.limits` limits per client; :mod:`.logs` log
  redaction and JSON lines;
- the edge (docs/deploy.md): :mod:`.edge` what the app adds at its edge, :mod:`.proxies` the client's address
  behind trusted proxies, :mod:`.httpguard` header deadline and HTTP connections per address,
  :mod:`.metrics` Prometheus metrics;
- :mod:`.cluster` several nodes on Redis (ownership leases, lobby, presence, requests to a room's owner, the
  WebSocket proxy); :mod:`.operations` the HTTP operations on one room, run here or on its owner;
- :mod:`.config` limits and timings; :mod:`.errors` refusals; :mod:`.refusals` their HTTP shape (503 with
  ``Retry-After`` when a dependency is down); :mod:`.command` the CLI command;
- :mod:`.lifecycle` what a running server holds, its start, drain (``SIGTERM``) and stop, its health;
  :mod:`.draining` uvicorn's server draining first; :mod:`.routes` the HTTP routes; :mod:`.play` the WebSocket;
  :mod:`.requests` what routes read from a request.

The harness that runs a server (or Redis, or a PostgreSQL schema) as a child process for tests and benchmarks is
``tests/harness/process.py``, outside the package.

The protocol is described in ``docs/protocol.md``. FastAPI and uvicorn are imported by :mod:`.app` only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sevens.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from sevens.server.app import create_app, serve
    from sevens.server.config import ServerConfig
    from sevens.server.timers import ManualClock, MonotonicClock

__all__ = ["ManualClock", "MonotonicClock", "ServerConfig", "create_app", "serve"]

# Loaded on first use: every CLI command imports this package (for `sevens serve`'s options).
__getattr__ = lazy_exports(__name__, {
    "create_app": ".app", "serve": ".app",
    "ServerConfig": ".config",
    "ManualClock": ".timers", "MonotonicClock": ".timers",
})  # fmt: skip
