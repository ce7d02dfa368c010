"""Load test of ``sevens serve``: N concurrent rooms played by computer clients over real WebSockets.

    python bench/load.py --rooms 500 [--seconds 60] [--think-ms 5000] [--preset standard] [--players 4]
                         [--sqlite-sync full|normal] [--clients K] [--json]
    python bench/load.py --rooms 200 --think-ms 0 --nodes 1,2 [--redis URL] [--database postgresql://…]

Without ``--nodes`` it starts one server (``python -m sevens.server``) on a free port of 127.0.0.1 with a fresh
SQLite file. With ``--nodes N`` (or a list, ``1,2``: each measured in turn, in the same run) it starts Redis
(Debian's ``redis-server`` on a free loopback port, unless ``--redis`` names one), uses PostgreSQL (``--database``,
else the one ``.ci/postgres.sh`` starts; a fresh schema per measurement) and N nodes sharing them, and creates
room ``i`` on node ``i mod N`` (its players connect to that node, its owner).

Then it creates ``--rooms`` rooms over HTTP, seats a bot client in every seat (each its own WebSocket, choosing
uniformly among the legal actions of its view after about ``--think-ms`` of "thinking": 0.5 to 1.5 times it, so
a room makes a move every ``--think-ms`` on average, a human pace at the default 5 s), starts them, and lets
them play until ``--seconds`` have passed (a room whose game ends starts a rematch). ``--clients K`` spreads the
rooms over K client processes, so the clients are not what limits a fast server. Rooms, seconds and
connections are bounded; only 127.0.0.1 is used.

Latency is action-to-broadcast: from the moment a client sends its move to the moment it receives the
``action`` frame the server broadcast for it (the move stored in the database first). Prints rooms, games
completed, moves per second, the p50/p99 latency and the servers' CPU per move (``cpu_ms_per_move``); with
nodes, also Redis commands and PostgreSQL transactions per move (``--json``: one object per measurement).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from queue import Empty
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import ClientConnection, connect

from sevens.server.process import ServerStartError, postgres_schema, redis_process, server_process

MAX_ROOMS = 2000
MAX_SECONDS = 600.0
MAX_NODES = 8
MAX_CLIENTS = 8
SETUP_CONCURRENCY = 32
UNLIMITED = ("--rooms-per-minute", "1000000", "--lobbies-per-address", "100000", "--connections-per-address", "100000")
POSTGRES_SCRIPT = Path(__file__).resolve().parents[1] / ".ci" / "postgres.sh"


@dataclass
class Stats:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    games: int = 0
    errors: int = 0
    measuring: bool = False
    cpu: float = 0.0  # this client process's CPU seconds during the window


@dataclass
class Seat:
    """One bot client: a seat of a room, over its own WebSocket to its room's node."""

    base: str  # host:port
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


async def make_room(http: httpx.AsyncClient, base: str, preset: str, players: int, seed: int) -> list[Seat]:
    """A room on node ``base`` whose every seat is a bot client; returns the seats (not yet connected)."""
    body = {"preset": preset, "seats": [{"kind": "human"}] * players, "host_name": "load0", "seed": seed,
            "listed": False, "spectators": False}  # fmt: skip
    ticket = (await http.post(f"http://{base}/api/rooms", json=body)).raise_for_status().json()
    code = ticket["code"]
    seats = [Seat(base, code, 0, ticket["token"], True, True, random.Random(seed))]
    for player in range(1, players):
        url = f"http://{base}/api/rooms/{code}/join"
        joined = (await http.post(url, json={"name": f"load{player}"})).raise_for_status().json()
        seats.append(Seat(base, code, joined["player"], joined["token"], False, False,
                          random.Random(seed * 31 + player)))  # fmt: skip
    return seats


ACTION = re.compile(r'^\{"v":1,"type":"action","seq":\d+,"round":(\d+),"turn":(\d+),')
TO_MOVE = re.compile(r'"to_move":(\d+|null)')
YOU_SEAT = re.compile(r'"you_seat":(\d+|null)')


def glance_action(text: str) -> tuple[tuple[int, int], int | None, int | None] | None:
    """``((round, turn), to_move, you_seat)`` of an ``action`` frame without decoding it (``None``: another
    kind of frame): the clients must not cost more than the server they measure.

    >>> glance_action('{"v":1,"type":"action","seq":5,"round":0,"turn":3,"you_seat":1,"view":{"to_move":2}}')
    ((0, 3), 2, 1)
    """
    head = ACTION.match(text)
    to_move, you_seat = TO_MOVE.search(text), YOU_SEAT.search(text)
    if head is None or to_move is None or you_seat is None:
        return None
    number = [None if m.group(1) == "null" else int(m.group(1)) for m in (to_move, you_seat)]
    return (int(head.group(1)), int(head.group(2))), number[0], number[1]


async def play(seat: Seat, stats: Stats, think: float, stop: asyncio.Event) -> None:
    """Read frames; on this seat's turn, think, then send a random legal move and time its broadcast."""
    assert seat.ws is not None
    ws = seat.ws
    async for message in ws:
        received = time.perf_counter()
        glance = glance_action(message) if isinstance(message, str) else None
        if glance is not None:  # most frames: another seat's turn; read four numbers, not the whole view
            key, to_move, you_seat = glance
            if seat.sent == key:
                if stats.measuring:
                    stats.latencies.append(received - seat.sent_at)
                seat.sent = None
            if seat.counts and stats.measuring:
                stats.moves += 1
            if to_move != you_seat or you_seat is None:
                continue
        frame = json.loads(message)
        kind = frame["type"]
        game: dict[str, Any] | None = None
        if kind in ("snapshot", "round_start"):
            game = frame["game"]
        elif kind == "action":  # counted by the glance above
            game = {
                "round": frame["round"],
                "turn": frame["turn"],
                "view": frame["view"],
                "you_seat": frame["you_seat"],
            }
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


async def drive(options: dict[str, Any], rooms: list[tuple[int, str]], ready: Any, go: Any, stop_at: Any) -> Stats:
    """One client process: set up ``rooms`` (seed, node), report ready, play from ``go`` until ``stop_at``."""
    stats = Stats()
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=SETUP_CONCURRENCY)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        gate = asyncio.Semaphore(SETUP_CONCURRENCY)

        async def room(seed: int, base: str) -> list[Seat]:
            async with gate:
                return await make_room(http, base, options["preset"], options["players"], seed)

        made = await asyncio.gather(*(room(seed, base) for seed, base in rooms))
        seats = [seat for room_seats in made for seat in room_seats]

        async def open_seat(seat: Seat) -> None:
            async with gate:
                seat.ws = await connect(f"ws://{seat.base}/ws/{seat.code}?token={seat.token}", max_size=2**22,
                                        open_timeout=60, ping_interval=None)  # fmt: skip

        await asyncio.gather(*(open_seat(seat) for seat in seats))
        players = [asyncio.create_task(play(seat, stats, options["think_ms"] / 1000, stop)) for seat in seats]

        async def start(host: Seat) -> None:
            async with gate:
                headers = {"Authorization": f"Bearer {host.token}"}
                (await http.post(f"http://{host.base}/api/rooms/{host.code}/start", headers=headers)).raise_for_status()

        await asyncio.gather(*(start(room_seats[0]) for room_seats in made))
        ready.put(len(seats))
        await asyncio.get_running_loop().run_in_executor(None, go.wait)
        stats.measuring, cpu = True, time.process_time()
        await asyncio.sleep(max(0.0, stop_at.value - time.time()))
        stats.measuring, stats.cpu = False, time.process_time() - cpu
        stop.set()
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        await asyncio.gather(*(s.ws.close() for s in seats if s.ws is not None), return_exceptions=True)
    return stats


def client_process(options: dict[str, Any], rooms: list[tuple[int, str]], ready: Any, go: Any, stop_at: Any,
                   results: Any) -> None:  # fmt: skip
    """The body of a client process: its stats go back through ``results``."""
    with contextlib.suppress(ImportError):
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    stats = asyncio.run(drive(options, rooms, ready, go, stop_at))
    results.put((stats.moves, stats.games, stats.errors, stats.latencies, stats.cpu))


def wait_for(queue: Any, workers: list[Any], count: int, timeout: float) -> list[Any]:
    """``count`` items from ``queue``, failing fast when a client process dies instead of waiting ``timeout``."""
    items: list[Any] = []
    deadline = time.monotonic() + timeout
    while len(items) < count:
        try:
            items.append(queue.get(timeout=1.0))
        except Empty:
            if any(w.exitcode not in (None, 0) for w in workers):
                raise SystemExit("a client process failed (its traceback is above)") from None
            if time.monotonic() > deadline:
                raise SystemExit(f"the clients did not answer within {timeout:g} s") from None
    return items


def measure(
    args: argparse.Namespace, bases: list[str], pids: list[int], probe: Callable[[], dict[str, float]] | None = None
) -> dict[str, Any]:
    """Play ``args.rooms`` rooms spread over the nodes ``bases`` with ``args.clients`` client processes;
    ``probe()`` (counters of shared services) is read when the window opens and when it closes."""
    context = multiprocessing.get_context("spawn")
    ready, results, go = context.Queue(), context.Queue(), context.Event()
    stop_at = context.Value("d", 0.0)
    options = {"preset": args.preset, "players": args.players, "think_ms": args.think_ms}
    rooms = [(i + 1, bases[i % len(bases)]) for i in range(args.rooms)]
    workers = [
        context.Process(target=client_process, args=(options, rooms[k :: args.clients], ready, go, stop_at, results))
        for k in range(args.clients)
    ]
    for worker in workers:
        worker.start()
    try:
        wait_for(ready, workers, len(workers), timeout=300)
        probed = probe() if probe is not None else {}
        started = time.perf_counter()
        cpu_before = [cpu_seconds(pid) for pid in pids]
        stop_at.value = time.time() + args.seconds
        go.set()
        collected = wait_for(results, workers, len(workers), timeout=args.seconds + 300)
        elapsed = time.perf_counter() - started
        cpu_after = [cpu_seconds(pid) for pid in pids]
        probed = {k: v - probed[k] for k, v in (probe() if probe is not None else {}).items()}
    finally:
        for worker in workers:
            worker.join(timeout=30)
            if worker.is_alive():
                worker.kill()
    moves = sum(c[0] for c in collected)
    latencies = sorted(x for c in collected for x in c[3])
    cpu = None
    if all(c is not None for c in cpu_before + cpu_after):
        cpu = sum(a - b for a, b in zip(cpu_after, cpu_before, strict=True))  # type: ignore[operator]

    def percentile(q: float) -> float:
        if not latencies:
            return float("nan")
        return 1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))]

    return {
        "rooms": args.rooms,
        "nodes": len(bases),
        "games_completed": sum(c[1] for c in collected),
        "moves_per_second": round(moves / elapsed, 1),
        "p50_ms": round(percentile(0.50), 2),
        "p99_ms": round(percentile(0.99), 2),
        "cpu_ms_per_move": round(1000 * cpu / moves, 3) if cpu is not None and moves else None,
        "_moves": moves,
        "_errors": sum(c[2] for c in collected),
        "_latency_samples": len(latencies),
        "_mean_ms": round(1000 * statistics.fmean(latencies), 2) if latencies else None,
        "_server_cpu_share": round(cpu / elapsed, 2) if cpu is not None else None,
        "_client_cpu_ms_per_move": round(1000 * sum(c[4] for c in collected) / moves, 3) if moves else None,
        **{f"{k}_per_move": round(v / max(1, moves), 4) for k, v in probed.items()},
    }


# ---------------------------------------------------------------------------------------------- several nodes
def postgres_url(given: str | None) -> str:
    """``--database``, else the URL of the PostgreSQL that ``.ci/postgres.sh`` starts (or finds running)."""
    if given:
        return given
    line = subprocess.run(["bash", str(POSTGRES_SCRIPT)], check=True, capture_output=True, text=True).stdout
    return line.strip().split("=", 1)[1].strip("'")


def redis_counters(url: str) -> tuple[int, float]:
    """Redis's commands processed and CPU seconds so far."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        stats, cpu = client.info("stats"), client.info("cpu")
    finally:
        client.close()
    return int(stats["total_commands_processed"]), float(cpu["used_cpu_user"]) + float(cpu["used_cpu_sys"])


def postgres_commits(url: str) -> int:
    """Transactions committed in the database so far."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            query = "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"
            return int(connection.execute(text(query)).scalar_one())
    finally:
        engine.dispose()


def run_nodes(args: argparse.Namespace, count: int, database: str) -> dict[str, Any]:
    """One measurement with ``count`` nodes on one Redis and one PostgreSQL schema."""
    with ExitStack() as stack:
        redis_url = args.redis or stack.enter_context(redis_process())
        url = stack.enter_context(postgres_schema(database, "load"))
        options = ("--redis", redis_url, "--log-level", "warning", *UNLIMITED)
        nodes = [stack.enter_context(server_process(url, options, timeout=60, stop_timeout=30)) for _ in range(count)]

        def probe() -> dict[str, float]:
            commands, cpu = redis_counters(redis_url)
            return {"redis_commands": commands, "redis_cpu_ms": 1000 * cpu, "postgres_commits": postgres_commits(url)}

        return measure(args, [n.address for n in nodes], [n.proc.pid for n in nodes], probe)


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    if not args.nodes:
        with tempfile.TemporaryDirectory() as folder:
            db = f"sqlite:///{Path(folder) / 'load.sqlite3'}"
            options = ("--sqlite-sync", args.sqlite_sync, "--log-level", "warning", *UNLIMITED)
            with server_process(db, options, timeout=60, stop_timeout=30) as server:
                return [measure(args, [server.address], [server.proc.pid])]
    database = postgres_url(args.database)
    return [run_nodes(args, count, database) for count in args.nodes]


def node_counts(text: str) -> list[int]:
    counts = [int(part) for part in text.split(",") if part.strip()]
    if not counts or not all(1 <= n <= MAX_NODES for n in counts):
        raise argparse.ArgumentTypeError(f"node counts are 1 to {MAX_NODES}, comma-separated (e.g. 1,2)")
    return counts


def report(result: dict[str, Any]) -> None:
    print(f"nodes             {result['nodes']}")
    print(f"rooms             {result['rooms']}")
    print(f"games completed   {result['games_completed']}")
    print(f"moves per second  {result['moves_per_second']}")
    print(f"latency p50       {result['p50_ms']} ms")
    samples = result["_latency_samples"]
    print(f"latency p99       {result['p99_ms']} ms   (mean {result['_mean_ms']} ms over {samples} moves)")
    print(f"error frames      {result['_errors']}")
    print(f"cpu_ms_per_move   {result['cpu_ms_per_move']}   (servers together: {result['_server_cpu_share']} cores)")
    print(f"client CPU        {result['_client_cpu_ms_per_move']} ms per move")
    if "redis_commands_per_move" in result:
        print(
            f"redis per move    {result['redis_commands_per_move']} commands, {result['redis_cpu_ms_per_move']} ms CPU"
        )
        print(f"postgres per move {result['postgres_commits_per_move']} commits")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, required=True, help=f"concurrent rooms (1 to {MAX_ROOMS})")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to measure (default 60)")
    parser.add_argument("--think-ms", type=float, default=5000.0, help="mean thinking time per move (default 5000)")
    parser.add_argument("--preset", default="standard", help="game preset (default standard)")
    parser.add_argument("--players", type=int, default=4, help="seats per room (default 4)")
    parser.add_argument("--sqlite-sync", choices=("full", "normal"), default="full", help="the server's SQLite mode")
    parser.add_argument("--clients", type=int, default=1, help=f"client processes (1 to {MAX_CLIENTS}, default 1)")
    parser.add_argument("--nodes", type=node_counts, help="nodes on Redis and PostgreSQL: N, or N,M,… in turn")
    parser.add_argument("--redis", help="a running Redis (default: start redis-server on a free loopback port)")
    parser.add_argument("--database", help="PostgreSQL URL (default: the one .ci/postgres.sh starts)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per measurement")
    args = parser.parse_args(argv)
    if not 1 <= args.rooms <= MAX_ROOMS:
        parser.error(f"--rooms must be 1 to {MAX_ROOMS}")
    if not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds must be more than 0 and at most {MAX_SECONDS:g}")
    if not 1 <= args.clients <= MAX_CLIENTS:
        parser.error(f"--clients must be 1 to {MAX_CLIENTS}")
    try:
        results = run(args)
    except ServerStartError as exc:  # say why, without a traceback
        raise SystemExit(str(exc)) from None
    for result in results:
        if args.json:
            print(json.dumps({k: v for k, v in result.items() if not k.startswith("_")}))
        else:
            report(result)
    if len(results) > 1 and not args.json:
        first = results[0]["moves_per_second"] or float("nan")
        for result in results[1:]:
            print(f"{result['nodes']} nodes / {results[0]['nodes']}: {result['moves_per_second'] / first:.2f}x moves/s")


if __name__ == "__main__":
    main()
