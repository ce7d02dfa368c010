"""Rolling restart of a site under play: how long does a room pause, and does anyone get a wrong 404?

    python bench/rolling_restart.py [--nodes 3] [--rooms-per-node 30] [--bot-delay 1.0] [--database URL] [--json]

Starts Redis (Debian's ``redis-server`` on a free loopback port), a fresh schema of PostgreSQL (``--database``,
else the one ``.ci/postgres.sh`` starts) and ``--nodes`` ``sevens serve`` processes sharing them; creates
``--rooms-per-node`` rooms on each node, every seat a computer player moving after ``--bot-delay`` seconds, and
starts them. Each room has a spectator on a WebSocket (``log=tail``) that notes when it first sees each move and
reconnects to the next live node whenever its connection closes, as the web page does; meanwhile HTTP probes ask
random live nodes about random rooms. Then every node in turn is taken out of the clients' list, sent
``SIGTERM`` (it drains: its rooms are adopted by the others before their clients are told to reconnect), and
started again, as docs/operations.md's procedure says.

Prints, over the restart window: moves seen; each room's **longest pause** (the longest time between two moves
its spectator saw) and its ordinary interval (the median), with the worst room's and the p50/p99 over rooms of
the pause *beyond* the ordinary interval (what a player notices); reconnections; and the wrong answers: WebSocket
closes with 4404 ``unknown_room`` and HTTP 404s for rooms that exist (there must be none).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the servers are started by the tests' harness
from harness.process import ServerProcess, postgres_schema, redis_process, server_process

POSTGRES_SCRIPT = Path(__file__).resolve().parents[1] / ".ci" / "postgres.sh"
UNLIMITED = ("--rooms-per-minute", "1000000", "--lobbies-per-address", "100000", "--connections-per-address", "100000",
             "--requests-per-second", "1000000")  # fmt: skip
MAX_NODES = 5
MAX_ROOMS_PER_NODE = 100
SETTLE_SECONDS = 3.0  # play between two restarts, and after the last one, before the window closes
CLOSE_UNKNOWN_ROOM = 4404


@dataclass
class Watch:
    """What one room's spectator saw."""

    code: str
    moves: dict[tuple[int, int], float] = field(default_factory=dict)  # (round, turn) -> first seen (monotonic)
    reconnects: int = 0
    unknown: int = 0  # closes with 4404 unknown_room

    def gaps(self, since: float, until: float) -> list[float]:
        times = sorted(at for at in self.moves.values() if since <= at <= until)
        return [b - a for a, b in itertools.pairwise(times)]


@dataclass
class Site:
    """The live nodes, in the clients' list order."""

    live: list[ServerProcess]
    stacks: dict[int, ExitStack] = field(default_factory=dict)
    http_404: int = 0
    probes: int = 0


def postgres_url(given: str | None) -> str:
    """``--database``, else the URL of the PostgreSQL that ``.ci/postgres.sh`` starts (or finds running)."""
    if given:
        return given
    line = subprocess.run(["bash", str(POSTGRES_SCRIPT)], check=True, capture_output=True, text=True).stdout
    return line.strip().split("=", 1)[1].strip("'")


def start_node(site: Site, database: str, options: tuple[str, ...]) -> ServerProcess:
    stack = ExitStack()
    node = stack.enter_context(server_process(database, options, timeout=90, stop_timeout=60))
    site.stacks[id(node)] = stack
    return node


def create_rooms(node: ServerProcess, count: int, seed: int) -> list[str]:
    """``count`` started rooms of four computer players on ``node``."""
    codes = []
    with httpx.Client(timeout=30) as http:
        for index in range(count):
            body = {"seats": [{"kind": "bot", "agent": "greedy"}] * 4, "rounds": 50, "seed": seed + index,
                    "listed": False}  # fmt: skip
            ticket = http.post(f"{node.url}/api/rooms", json=body).raise_for_status().json()
            headers = {"Authorization": f"Bearer {ticket['token']}"}
            http.post(f"{node.url}/api/rooms/{ticket['code']}/start", headers=headers).raise_for_status()
            codes.append(ticket["code"])
    return codes


async def spectate(site: Site, watch: Watch, stop: asyncio.Event) -> None:
    attempt = random.randrange(100)
    while not stop.is_set():
        nodes = list(site.live)
        node = nodes[attempt % len(nodes)]
        attempt += 1
        try:
            async with connect(f"ws://{node.address}/ws/{watch.code}?log=tail", open_timeout=5) as ws:
                async for message in ws:
                    frame = json.loads(message)
                    game = frame.get("game") if frame.get("type") == "snapshot" else None
                    if game and game["turn"]:  # the board as it is now: a move made while this client was away
                        watch.moves.setdefault((game["round"], game["turn"]), time.monotonic())
                    if frame.get("type") == "action":
                        watch.moves.setdefault((frame["round"], frame["turn"]), time.monotonic())
                    if stop.is_set():
                        return
        except ConnectionClosed as closed:
            if closed.rcvd is not None and closed.rcvd.code == CLOSE_UNKNOWN_ROOM:
                watch.unknown += 1
        except (OSError, TimeoutError, InvalidStatus):
            pass
        watch.reconnects += 1
        await asyncio.sleep(0.1)  # a client's retry delay


async def probe(site: Site, codes: list[str], stop: asyncio.Event) -> None:
    async with httpx.AsyncClient(timeout=10) as http:
        while not stop.is_set():
            node = random.choice(site.live)
            try:
                answer = await http.get(f"{node.url}/api/rooms/{random.choice(codes)}")
                site.probes += 1
                site.http_404 += answer.status_code == 404
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.05)


async def roll(site: Site, database: str, options: tuple[str, ...]) -> None:
    for _ in range(len(site.live)):
        leaving = site.live.pop(0)  # out of the balancer's list, then told to stop
        leaving.proc.send_signal(signal.SIGTERM)
        await asyncio.to_thread(leaving.proc.wait, 60)
        site.stacks.pop(id(leaving)).close()
        site.live.append(await asyncio.to_thread(start_node, site, database, options))
        await asyncio.sleep(SETTLE_SECONDS)  # the pace of the procedure, not a synchronisation


async def measure(site: Site, codes: list[str], database: str, options: tuple[str, ...]) -> dict[str, Any]:
    stop = asyncio.Event()
    watches = [Watch(code) for code in codes]
    tasks = [asyncio.create_task(spectate(site, watch, stop)) for watch in watches]
    tasks.append(asyncio.create_task(probe(site, codes, stop)))
    await asyncio.sleep(SETTLE_SECONDS)  # every spectator connected and seeing moves
    reconnects_before = sum(w.reconnects for w in watches)
    began = time.monotonic()
    await roll(site, database, options)
    ended = time.monotonic()
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    pauses, beyond, ordinary = [], [], []
    for watch in watches:
        gaps = watch.gaps(began, ended)
        if gaps:
            pauses.append(max(gaps))
            ordinary.append(statistics.median(gaps))
            beyond.append(max(gaps) - statistics.median(gaps))
    beyond.sort()

    def pct(values: list[float], q: float) -> float:
        return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")

    return {
        "nodes": len(site.live), "rooms": len(codes), "window_s": round(ended - began, 1),
        "moves": sum(len([t for t in w.moves.values() if began <= t <= ended]) for w in watches),
        "rooms_without_moves": len(codes) - len(pauses),
        "longest_pause_s": round(max(pauses, default=float("nan")), 2),
        "ordinary_interval_s": round(statistics.median(ordinary), 2) if ordinary else None,
        "beyond_ordinary_max_s": round(pct(beyond, 1.0), 2), "beyond_ordinary_p99_s": round(pct(beyond, 0.99), 2),
        "beyond_ordinary_p50_s": round(pct(beyond, 0.5), 2),
        "reconnects": sum(w.reconnects for w in watches) - reconnects_before,
        "ws_unknown_room": sum(w.unknown for w in watches), "http_probes": site.probes, "http_404": site.http_404,
    }  # fmt: skip


def close_all(site: Site) -> None:
    for node_stack in list(site.stacks.values()):
        node_stack.close()


def run(args: argparse.Namespace) -> dict[str, Any]:
    with ExitStack() as stack:
        redis_url = stack.enter_context(redis_process())
        database = stack.enter_context(postgres_schema(postgres_url(args.database), "roll"))
        options = ("--redis", redis_url, "--log-level", "warning", "--grace", "120", "--bot-delay",
                   str(args.bot_delay), *UNLIMITED)  # fmt: skip
        site = Site([])
        stack.callback(close_all, site)
        starting = [threading.Thread(target=lambda: site.live.append(start_node(site, database, options)))
                    for _ in range(args.nodes)]  # fmt: skip
        for thread in starting:
            thread.start()
        for thread in starting:
            thread.join()
        codes = [code for i, node in enumerate(list(site.live))
                 for code in create_rooms(node, args.rooms_per_node, 1000 * i)]  # fmt: skip
        return asyncio.run(measure(site, codes, database, options))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=3, choices=range(2, MAX_NODES + 1), help="nodes (default 3)")
    parser.add_argument("--rooms-per-node", type=int, default=30, choices=range(1, MAX_ROOMS_PER_NODE + 1),
                        metavar="N", help=f"rooms on each node (1 to {MAX_ROOMS_PER_NODE}, default 30)")  # fmt: skip
    parser.add_argument("--bot-delay", type=float, default=1.0, help="seconds a computer waits to move (default 1)")
    parser.add_argument("--database", help="PostgreSQL URL (default: the one .ci/postgres.sh starts)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if not 0.1 <= args.bot_delay <= 10:
        parser.error("--bot-delay is 0.1 to 10 seconds")
    result = run(args)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>24}: {value}")


if __name__ == "__main__":
    main()
