"""``sevens serve``: an authoritative game server with rooms, computer players, timers, chat, and nothing lost.

Its folders show its parts (DESIGN.md's layers: all of it is the ``server`` front-end):

- :mod:`.room` a room and its parts (the table's authority, frames, seats, rounds, moves, chat, computer
  players, turn clocks, resuming from the store);
- :mod:`.site` one server's life and the site around it: start, drain and stop, the cluster on Redis, the edge
  (proxies, slow clients, limits per client, metrics, logs);
- :mod:`.api` the HTTP routes and the WebSocket, and what they serve;
- here, what all three share: :mod:`.app` the FastAPI app (:func:`create_app`) and :func:`serve`;
  :mod:`.command` the CLI command; :mod:`.config` limits and timings; :mod:`.rooms` every room (create, find by
  code, restore after a restart, the ticker); :mod:`.messages` the wire format (pydantic); :mod:`.connection`
  one WebSocket's queue and limits; :mod:`.views` per-seat and public views; :mod:`.persistence` the store, off
  the event loop; :mod:`.actionlog` moves committed in groups; :mod:`.security` tokens, codes, Origin, rate
  limits; :mod:`.timers` clocks; :mod:`.errors` refusals.

:mod:`sevens.session.match` keeps the rounds of a session and their scores (E2, E3, chips).

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
