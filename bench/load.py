"""Load test of ``sevens serve``: N concurrent rooms played by computer clients over real WebSockets.

    python bench/load.py --rooms 500 [--seconds 60] [--think-ms 5000] [--preset standard] [--players 4]
                         [--sqlite-sync full|normal] [--json]

Starts its own server (``python -m sevens.server``) on a free port of 127.0.0.1 with a fresh SQLite file, creates
``--rooms`` rooms over HTTP, seats a bot client in every seat (each its own WebSocket, choosing uniformly among
the legal actions of its view after about ``--think-ms`` of "thinking": 0.5 to 1.5 times it, so a room makes a
move every ``--think-ms`` on average, a human pace at the default 5 s), starts them, and lets them play until
``--seconds`` have passed (a room whose game ends starts a rematch). Then it stops the clients and the server.
Rooms, seconds and connections are bounded; only 127.0.0.1 is used.

Latency is action-to-broadcast: from the moment a client sends its move to the moment it receives the
``action`` frame the server broadcast for it (the move stored in the database first). Prints rooms, games
completed, moves per second and the p50/p99 latency (``--json``: one object with those keys).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import ClientConnection, connect

from sevens.server.process import ServerStartError, server_process

MAX_ROOMS = 2000
MAX_SECONDS = 600.0
SETUP_CONCURRENCY = 32
UNLIMITED = ("--rooms-per-minute", "1000000", "--lobbies-per-address", "100000", "--connections-per-address", "100000")


@dataclass
class Stats:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    games: int = 0
    errors: int = 0
    measuring: bool = False


@dataclass
class Seat:
    """One bot client: a seat of a room, over its own WebSocket."""

    code: str
    player: int
    token: str
    counts: bool  # this seat counts the room's moves and games (one per room)
    host: bool
    rng: random.Random
    ws: ClientConnection | None = None
    sent: tuple[int, int] | None = None
    sent_at: float = 0.0


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) of a process so far, on Linux; ``None`` elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def make_room(http: httpx.AsyncClient, preset: str, players: int, seed: int) -> list[Seat]:
    """A room whose every seat is a bot client; returns the seats (not yet connected)."""
    body = {"preset": preset, "seats": [{"kind": "human"}] * players, "host_name": "load0", "seed": seed,
            "listed": False, "spectators": False}  # fmt: skip
    ticket = (await http.post("/api/rooms", json=body)).raise_for_status().json()
    code = ticket["code"]
    seats = [Seat(code, 0, ticket["token"], True, True, random.Random(seed))]
    for player in range(1, players):
        joined = (await http.post(f"/api/rooms/{code}/join", json={"name": f"load{player}"})).raise_for_status().json()
        seats.append(Seat(code, joined["player"], joined["token"], False, False, random.Random(seed * 31 + player)))
    return seats


async def play(seat: Seat, stats: Stats, think: float, stop: asyncio.Event) -> None:
    """Read frames; on this seat's turn, think, then send a random legal move and time its broadcast."""
    assert seat.ws is not None
    ws = seat.ws
    async for message in ws:
        received = time.perf_counter()
        frame = json.loads(message)
        kind = frame["type"]
        game: dict[str, Any] | None = None
        if kind in ("snapshot", "round_start"):
            game = frame["game"]
        elif kind == "action":
            key = (frame["round"], frame["turn"])
            if seat.sent == (frame["round"], frame["turn"]):
                if stats.measuring:
                    stats.latencies.append(received - seat.sent_at)
                seat.sent = None
            if seat.counts and stats.measuring:
                stats.moves += 1
            game = {"round": key[0], "turn": key[1], "view": frame["view"], "you_seat": frame["you_seat"]}
        elif kind == "round_over":
            if seat.counts and frame["session_over"]:
                if stats.measuring:
                    stats.games += 1
                if not stop.is_set():
                    await ws.send(json.dumps({"v": 1, "type": "rematch"}))
        elif kind == "error":
            stats.errors += 1
        if game is None or stop.is_set():
            continue
        view = game["view"]
        if view.get("to_move") != game["you_seat"] or game["you_seat"] is None or not view.get("legal_actions"):
            continue
        if think:
            await asyncio.sleep(think * (0.5 + seat.rng.random()))
            if stop.is_set():
                continue
        legal = view["legal_actions"]
        seat.sent = (game["round"], game["turn"] + 1)
        seat.sent_at = time.perf_counter()
        await ws.send(json.dumps({"v": 1, "type": "move", "round": game["round"], "seq": game["turn"] + 1,
                                  "action": legal[seat.rng.randrange(len(legal))]}))  # fmt: skip


async def run(args: argparse.Namespace) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'load.sqlite3'}"
        quiet = ("--sqlite-sync", args.sqlite_sync, "--log-level", "warning")  # warning: no log line per request
        quiet += UNLIMITED  # every client of the bench comes from 127.0.0.1
        with server_process(db, quiet, timeout=60, stop_timeout=30) as server:
            proc, base = server.proc, server.address
            limits = httpx.Limits(max_connections=SETUP_CONCURRENCY)
            async with httpx.AsyncClient(base_url=server.url, timeout=60, limits=limits) as http:
                gate = asyncio.Semaphore(SETUP_CONCURRENCY)

                async def room(i: int) -> list[Seat]:
                    async with gate:
                        return await make_room(http, args.preset, args.players, seed=i + 1)

                rooms = await asyncio.gather(*(room(i) for i in range(args.rooms)))
                seats = [seat for room_seats in rooms for seat in room_seats]

                async def open_seat(seat: Seat) -> None:
                    async with gate:
                        seat.ws = await connect(f"ws://{base}/ws/{seat.code}?token={seat.token}", max_size=2**22,
                                                open_timeout=60, ping_interval=None)  # fmt: skip

                await asyncio.gather(*(open_seat(seat) for seat in seats))
                players = [asyncio.create_task(play(seat, stats, args.think_ms / 1000, stop)) for seat in seats]

                async def start(host: Seat) -> None:
                    async with gate:
                        headers = {"Authorization": f"Bearer {host.token}"}
                        (await http.post(f"/api/rooms/{host.code}/start", headers=headers)).raise_for_status()

                await asyncio.gather(*(start(room_seats[0]) for room_seats in rooms))
                stats.measuring = True
                started, cpu_before = time.perf_counter(), cpu_seconds(proc.pid)
                await asyncio.sleep(args.seconds)
                stop.set()
                elapsed, cpu_after = time.perf_counter() - started, cpu_seconds(proc.pid)
                stats.measuring = False
                for task in players:
                    task.cancel()
                await asyncio.gather(*players, return_exceptions=True)
                await asyncio.gather(*(s.ws.close() for s in seats if s.ws is not None), return_exceptions=True)
    latencies = sorted(stats.latencies)

    def percentile(q: float) -> float:
        if not latencies:
            return float("nan")
        return 1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))]

    return {
        "rooms": args.rooms,
        "games_completed": stats.games,
        "moves_per_second": round(stats.moves / elapsed, 1),
        "p50_ms": round(percentile(0.50), 2),
        "p99_ms": round(percentile(0.99), 2),
        "_errors": stats.errors,
        "_latency_samples": len(latencies),
        "_mean_ms": round(1000 * statistics.fmean(latencies), 2) if latencies else None,
        "_server_cpu_ms_per_move": (
            round(1000 * (cpu_after - cpu_before) / stats.moves, 2)
            if cpu_before is not None and cpu_after is not None and stats.moves
            else None
        ),
        "_server_cpu_share": (
            round((cpu_after - cpu_before) / elapsed, 2) if cpu_before is not None and cpu_after is not None else None
        ),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, required=True, help=f"concurrent rooms (1 to {MAX_ROOMS})")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to measure (default 60)")
    parser.add_argument("--think-ms", type=float, default=5000.0, help="mean thinking time per move (default 5000)")
    parser.add_argument("--preset", default="standard", help="game preset (default standard)")
    parser.add_argument("--players", type=int, default=4, help="seats per room (default 4)")
    parser.add_argument("--sqlite-sync", choices=("full", "normal"), default="full", help="the server's SQLite mode")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if not 1 <= args.rooms <= MAX_ROOMS:
        parser.error(f"--rooms must be 1 to {MAX_ROOMS}")
    if not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds must be more than 0 and at most {MAX_SECONDS:g}")
    with contextlib.suppress(ImportError):
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    try:
        result = asyncio.run(run(args))
    except ServerStartError as exc:  # say why, without a traceback
        raise SystemExit(str(exc)) from None
    if args.json:
        print(json.dumps({k: v for k, v in result.items() if not k.startswith("_")}))
        return
    print(f"rooms             {result['rooms']}")
    print(f"games completed   {result['games_completed']}")
    print(f"moves per second  {result['moves_per_second']}")
    print(f"latency p50       {result['p50_ms']} ms")
    samples = result["_latency_samples"]
    print(f"latency p99       {result['p99_ms']} ms   (mean {result['_mean_ms']} ms over {samples} moves)")
    print(f"error frames      {result['_errors']}")
    print(f"server CPU        {result['_server_cpu_ms_per_move']} ms per move, {result['_server_cpu_share']} cores")


if __name__ == "__main__":
    main()
