"""Load test of ``sevens serve``: N concurrent rooms played by computer clients over real WebSockets.

    python bench/load.py --rooms 500 [--seconds 60] [--think-ms 5000 | --think-range 3000,8000] [--preset standard]
                         [--players 4] [--humans 1 [--agent normal] [--bot-delay 1]] [--warmup 15]
                         [--sqlite-sync full|normal] [--clients K] [--client python|node] [--json]
    python bench/load.py --rooms 400 --think-ms 0 --client node --nodes 1,2 [--redis URL] [--database postgresql://…]
    python bench/load.py --find-capacity --rooms 200 --humans 1 --think-range 3000,8000 --warmup 15 --client node
                         [--nodes 3] [--p99-ms 100] [--step 1.5] [--max-rooms 5000]

Without ``--nodes`` it starts one server (``python -m sevens.server``) on a free port of 127.0.0.1 with a fresh
SQLite file. With ``--nodes N`` (or a list, ``1,2``: each measured in turn, in the same run) it starts Redis
(Debian's ``redis-server`` on a free loopback port, unless ``--redis`` names one), uses PostgreSQL (``--database``,
else the one ``.ci/postgres.sh`` starts; a fresh schema per measurement) and N nodes sharing them, and creates
room ``i`` on node ``i mod N`` (its players connect to that node, its owner).

Then it creates ``--rooms`` rooms over HTTP, seats a bot client in each of the first ``--humans`` seats (default:
every seat; each its own WebSocket, choosing uniformly among the legal actions of its view after "thinking"),
gives the other seats to the server's own computer players (``{"kind": "bot", "agent": --agent}``, the level the
web page's "play now" seats by default, moving ``--bot-delay`` seconds after their turn comes: 1 s, the server's
own default, as on a real site), starts them, and lets them play until ``--seconds`` have passed (a room whose
game ends starts a rematch). A client's thinking time is uniform in ``--think-range LO,HI`` milliseconds
(people's pace: 3000,8000), or 0.5 to 1.5 times ``--think-ms`` (default 5000: a room of four clients makes a move
every 5 s on average). ``--warmup S`` lets the rooms play S seconds before the window opens (the rooms start
together; their first moves come in a burst no site sees). ``--clients K`` spreads the rooms over K client
processes, so the clients are not what limits a fast server. ``--client node`` runs the same bots in Node.js
(``bench/loadclient``, after ``npm ci --prefix bench/loadclient``): a third of the Python clients' CPU per move,
so that on a small machine the load generator leaves the cores to what it measures. Rooms, seconds and
connections are bounded; only 127.0.0.1 is used.

Latency is action-to-broadcast, on the clients' moves only (the computers' moves are the server's own): from the
moment a client sends its move to the moment it receives the ``action`` frame the server broadcast for it (the
move stored in the database first). Prints rooms, games completed, moves per second (every move, and the
clients' and the computers' apart), the p50/p99 latency, the servers' CPU per move (``cpu_ms_per_move``: the
nodes' CPU over every move, the computers' included, whose thinking it pays for; ``cpu_ms_per_human_move``: over
the clients' moves only, what one person's move costs with the computers it brings), the nodes' resident memory
per room, and the CPU per move and cores used by every class of process, read from ``/proc``: the nodes, the
load clients, this run's PostgreSQL backends, PostgreSQL's shared processes (WAL writer, checkpointer, …), Redis,
everything else on the machine; and for each node's event loop the share of the window it ran and the share it
was runnable but waiting for a CPU (their sum near 1: the node was saturated). With nodes, also Redis commands
and PostgreSQL transactions per move (the whole database's: other users of it count too; ``--json``: one object
per measurement).

``--find-capacity`` searches for the most rooms held with a p99 latency of at most ``--p99-ms`` (100): a fresh
measurement (fresh servers, database and clients) at ``--rooms``, then ``--step`` times as many while the p99
holds (up to ``--max-rooms``), then halving the interval between the most rooms held and the fewest that missed
until it is within 10 % of the rooms held. Every measurement is printed as it is made, then the result (with
nodes, for each node count in turn). On a shared machine p99 is noisy: two neighbouring counts may come out in
the wrong order; the search reports what it saw.

The bots ask for the move log as the web page does, in tail form (``--log tail``: each frame carries only the
log's new entries; docs/protocol.md); ``--log full`` measures frames that carry the whole log.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import math
import multiprocessing
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from queue import Empty, Queue
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the servers are started by the tests' harness
from harness.process import ServerStartError, postgres_schema, redis_process, server_process

MAX_ROOMS = 5000
MAX_CONNECTIONS = 8000  # the clients' WebSockets (rooms × humans): each an open file in a client and in a node
MAX_SECONDS = 600.0
MAX_NODES = 8
MAX_CLIENTS = 8
SETUP_CONCURRENCY = 32
UNLIMITED = ("--rooms-per-minute", "1000000", "--lobbies-per-address", "100000", "--connections-per-address", "100000",
             "--requests-per-second", "1000000")  # fmt: skip
POSTGRES_SCRIPT = Path(__file__).resolve().parents[1] / ".ci" / "postgres.sh"


@dataclass
class Stats:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    moves: int = 0  # every move of the rooms this process plays
    human_moves: int = 0  # the clients' moves (``by: player``)
    computer_moves: int = 0  # the server's computer players' (``by: bot``)
    games: int = 0
    errors: int = 0
    measuring: bool = False


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


def room_seats(players: int, humans: int, agent: str) -> list[dict[str, str]]:
    """The seats of a new room: ``humans`` seats for the clients first (the host's is the first), then the
    server's computer players.

    >>> [seat.get("agent", seat["kind"]) for seat in room_seats(4, 1, "normal")]
    ['human', 'normal', 'normal', 'normal']
    """
    return [{"kind": "human"}] * humans + [{"kind": "bot", "agent": agent}] * (players - humans)


async def make_room(http: httpx.AsyncClient, base: str, options: dict[str, Any], seed: int) -> list[Seat]:
    """A room on node ``base`` whose first ``options["humans"]`` seats are bot clients, the others the server's
    computer players; returns the clients' seats (not yet connected)."""
    seats_spec = room_seats(options["players"], options["humans"], options["agent"])
    body = {"preset": options["preset"], "seats": seats_spec, "host_name": "load0", "seed": seed,
            "listed": False, "spectators": False}  # fmt: skip
    ticket = (await http.post(f"http://{base}/api/rooms", json=body)).raise_for_status().json()
    code = ticket["code"]
    seats = [Seat(base, code, 0, ticket["token"], True, True, random.Random(seed))]
    for player in range(1, options["humans"]):
        url = f"http://{base}/api/rooms/{code}/join"
        joined = (await http.post(url, json={"name": f"load{player}"})).raise_for_status().json()
        seats.append(Seat(base, code, joined["player"], joined["token"], False, False,
                          random.Random(seed * 31 + player)))  # fmt: skip
    return seats


ACTION = re.compile(
    r'^\{"v":1,"type":"action","seq":\d+,"round":(\d+),"turn":(\d+),(?:"player":(?:\d+|null),"by":"(\w+)")?'
)
TO_MOVE = re.compile(r'"to_move":(\d+|null)')
YOU_SEAT = re.compile(r'"you_seat":(\d+|null)')


def glance_action(text: str) -> tuple[tuple[int, int], int | None, int | None, str | None] | None:
    """``((round, turn), to_move, you_seat, by)`` of an ``action`` frame without decoding it (``None``: another
    kind of frame): the clients must not cost more than the server they measure. ``by`` says who moved
    (``player``: a client; ``bot``: a computer player; ``None`` when the frame does not say where expected).

    >>> glance_action('{"v":1,"type":"action","seq":5,"round":0,"turn":3,"player":2,"by":"bot","you_seat":1,'
    ...               '"view":{"to_move":2}}')
    ((0, 3), 2, 1, 'bot')
    """
    head = ACTION.match(text)
    to_move, you_seat = TO_MOVE.search(text), YOU_SEAT.search(text)
    if head is None or to_move is None or you_seat is None:
        return None
    number = [None if m.group(1) == "null" else int(m.group(1)) for m in (to_move, you_seat)]
    return (int(head.group(1)), int(head.group(2))), number[0], number[1], head.group(3)


async def play(seat: Seat, stats: Stats, think: tuple[float, float], stop: asyncio.Event) -> None:
    """Read frames; on this seat's turn, think (uniformly ``think[0]`` to ``think[1]`` seconds), then send a random
    legal move and time its broadcast."""
    assert seat.ws is not None
    ws = seat.ws
    async for message in ws:
        received = time.perf_counter()
        glance = glance_action(message) if isinstance(message, str) else None
        if glance is not None:  # most frames: another seat's turn; read four numbers, not the whole view
            key, to_move, you_seat, by = glance
            if seat.sent == key:
                if stats.measuring:
                    stats.latencies.append(received - seat.sent_at)
                seat.sent = None
            if seat.counts and stats.measuring:
                stats.moves += 1
                stats.human_moves += by == "player"
                stats.computer_moves += by == "bot"
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
        if think[1] > 0:
            await asyncio.sleep(think[0] + (think[1] - think[0]) * seat.rng.random())
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
                return await make_room(http, base, options, seed)

        made = await asyncio.gather(*(room(seed, base) for seed, base in rooms))
        seats = [seat for room_seats in made for seat in room_seats]

        async def open_seat(seat: Seat) -> None:
            async with gate:
                url = f"ws://{seat.base}/ws/{seat.code}?token={seat.token}&log={options['log']}"
                seat.ws = await connect(url, max_size=2**22,
                                        open_timeout=60, ping_interval=None)  # fmt: skip

        await asyncio.gather(*(open_seat(seat) for seat in seats))
        think = (options["think_ms"][0] / 1000, options["think_ms"][1] / 1000)
        players = [asyncio.create_task(play(seat, stats, think, stop)) for seat in seats]

        async def start(host: Seat) -> None:
            async with gate:
                headers = {"Authorization": f"Bearer {host.token}"}
                (await http.post(f"http://{host.base}/api/rooms/{host.code}/start", headers=headers)).raise_for_status()

        await asyncio.gather(*(start(room_seats[0]) for room_seats in made))
        ready.put(len(seats))
        await asyncio.get_running_loop().run_in_executor(None, go.wait)
        stats.measuring = True
        await asyncio.sleep(max(0.0, stop_at.value - time.time()))
        stats.measuring = False
        stop.set()
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        await asyncio.gather(*(s.ws.close() for s in seats if s.ws is not None), return_exceptions=True)
    return stats


def client_process(options: dict[str, Any], rooms: list[tuple[int, str]], ready: Any, go: Any, stop_at: Any,
                   results: Any) -> None:  # fmt: skip
    """The body of a Python client process: its stats go back through ``results``."""
    with contextlib.suppress(ImportError):
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    stats = asyncio.run(drive(options, rooms, ready, go, stop_at))
    results.put((stats.moves, stats.human_moves, stats.computer_moves, stats.games, stats.errors, stats.latencies))


def wait_for(queue: Any, failed: Callable[[], bool], count: int, timeout: float) -> list[Any]:
    """``count`` items from ``queue``, failing fast when a client process dies instead of waiting ``timeout``."""
    items: list[Any] = []
    deadline = time.monotonic() + timeout
    while len(items) < count:
        try:
            items.append(queue.get(timeout=1.0))
        except Empty:
            if failed():
                raise SystemExit("a client process failed (its error is above)") from None
            if time.monotonic() > deadline:
                raise SystemExit(f"the clients did not answer within {timeout:g} s") from None
    return items


# moves (every one), the clients' moves, the computers' moves, games, error frames, latencies in seconds
ClientResult = tuple[int, int, int, int, int, list[float]]


class PythonClients:
    """``len(shares)`` Python client processes (``drive``), each playing its share of the rooms."""

    def __init__(self, options: dict[str, Any], shares: list[list[tuple[int, str]]]) -> None:
        context = multiprocessing.get_context("spawn")
        self._ready, self._results, self._go = context.Queue(), context.Queue(), context.Event()
        self._stop_at = context.Value("d", 0.0)
        self._workers = [
            context.Process(target=client_process,
                            args=(options, share, self._ready, self._go, self._stop_at, self._results))
            for share in shares
        ]  # fmt: skip
        for worker in self._workers:
            worker.start()
        self.pids = [w.pid for w in self._workers if w.pid is not None]

    def _failed(self) -> bool:
        return any(w.exitcode not in (None, 0) for w in self._workers)

    def wait_ready(self, timeout: float) -> None:
        wait_for(self._ready, self._failed, len(self._workers), timeout)

    def go(self, stop_at: float) -> None:
        self._stop_at.value = stop_at
        self._go.set()

    def results(self, timeout: float) -> list[ClientResult]:
        return wait_for(self._results, self._failed, len(self._workers), timeout)

    def close(self) -> None:
        for worker in self._workers:
            worker.join(timeout=30)
            if worker.is_alive():
                worker.kill()


NODE_CLIENT = Path(__file__).resolve().parent / "loadclient"


def node_client_missing() -> str | None:
    """Why the Node.js client cannot run on this machine (``None``: it can)."""
    if shutil.which("node") is None:
        return "the Node.js client needs node (Debian: apt-get install nodejs)"
    if not (NODE_CLIENT / "node_modules" / "ws").is_dir():
        return f"the Node.js client's package is not installed: npm ci --prefix {NODE_CLIENT}"
    return None


class NodeClients:
    """``len(shares)`` Node.js client processes (``bench/loadclient/client.js``, the same bots in a faster
    language); one JSON line each way on their standard input and output (see that file)."""

    def __init__(self, options: dict[str, Any], shares: list[list[tuple[int, str]]]) -> None:
        node = shutil.which("node") or "node"
        self._lines: Queue[dict[str, Any]] = Queue()
        self._procs = [
            subprocess.Popen([node, str(NODE_CLIENT / "client.js"), json.dumps({**options, "rooms": share})],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            for share in shares
        ]  # fmt: skip
        for proc in self._procs:
            threading.Thread(target=self._read, args=(proc,), daemon=True).start()
        self.pids = [p.pid for p in self._procs]

    def _read(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            self._lines.put(json.loads(line))

    def _failed(self) -> bool:
        return any(p.poll() not in (None, 0) for p in self._procs)

    def wait_ready(self, timeout: float) -> None:
        wait_for(self._lines, self._failed, len(self._procs), timeout)

    def go(self, stop_at: float) -> None:
        for proc in self._procs:
            assert proc.stdin is not None
            proc.stdin.write(json.dumps({"stop_at": stop_at}) + "\n")
            proc.stdin.flush()

    def results(self, timeout: float) -> list[ClientResult]:
        lines = wait_for(self._lines, self._failed, len(self._procs), timeout)
        return [(r["moves"], r["human_moves"], r["computer_moves"], r["games"], r["errors"], r["latencies"])
                for r in lines]  # fmt: skip

    def close(self) -> None:
        for proc in self._procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def measure(args: argparse.Namespace, bases: list[str], pids: list[int], shared: CpuClasses | None = None,
            probe: Callable[[], dict[str, float]] | None = None) -> dict[str, Any]:  # fmt: skip
    """Play ``args.rooms`` rooms spread over the nodes ``bases`` (processes ``pids``) with ``args.clients`` client
    processes; the CPU of the nodes, the clients, the ``shared`` services and the whole machine, and ``probe()``
    (counters of shared services), are read when the window opens and when it closes."""
    options = {"preset": args.preset, "players": args.players, "humans": args.humans, "agent": args.agent,
               "think_ms": list(args.think_range), "log": args.log}  # fmt: skip
    rooms = [(i + 1, bases[i % len(bases)]) for i in range(args.rooms)]
    shares = [rooms[k :: args.clients] for k in range(args.clients)]
    idle_rss = sum(resident_kib(pid) for pid in pids)
    clients = NodeClients(options, shares) if args.client == "node" else PythonClients(options, shares)
    try:
        clients.wait_ready(timeout=300)
        held_rss = sum(resident_kib(pid) for pid in pids)  # every room created, started, its seats connected
        time.sleep(args.warmup)  # the rooms play on meanwhile: past the burst of their common start
        classes = CpuClasses({"nodes": pids, "clients": clients.pids, **(shared.pids if shared else {})},
                             shared.discover if shared else None, shared.extra if shared else None)  # fmt: skip
        probed = probe() if probe is not None else {}
        started = time.perf_counter()
        cpu_before = classes.read()
        loops_before = [main_thread_schedule(pid) for pid in pids]
        clients.go(time.time() + args.seconds)
        collected = clients.results(timeout=args.seconds + 300)
        elapsed = time.perf_counter() - started
        cpu_after = classes.read()
        loops_after = [main_thread_schedule(pid) for pid in pids]
        end_rss = sum(resident_kib(pid) for pid in pids)
        load_average = os.getloadavg()
        probed = {k: v - probed[k] for k, v in (probe() if probe is not None else {}).items()}
    finally:
        clients.close()
    moves, human_moves = sum(c[0] for c in collected), sum(c[1] for c in collected)
    computer_moves = sum(c[2] for c in collected)
    latencies = sorted(x for c in collected for x in c[5])
    cpu = cpu_used(cpu_before, cpu_after)
    node_cores = [(cpu_after["nodes"][p] - cpu_before["nodes"][p]) / elapsed for p in pids if p in cpu_after["nodes"]]
    loops = [(a[0] - b[0], a[1] - b[1]) for a, b in zip(loops_after, loops_before, strict=True) if a and b]
    if "machine" in cpu:  # what no counted class used: other people's jobs, this script's parent, …
        cpu["other"] = max(0.0, cpu["machine"] - sum(v for k, v in cpu.items() if k != "machine"))

    def percentile(q: float) -> float:
        if not latencies:
            return float("nan")
        return 1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))]

    return {
        "rooms": args.rooms,
        "nodes": len(bases),
        "client": args.client,
        "humans": args.humans,  # client seats per room; the others are the server's computer players
        "players": args.players,
        "agent": args.agent if args.humans < args.players else None,
        "bot_delay": args.bot_delay,
        "think_ms": list(args.think_range),
        "seconds": round(elapsed, 1),
        "warmup": args.warmup,
        "games_completed": sum(c[3] for c in collected),
        "moves": moves,  # in the window: every move (the counting seat saw), the clients', the computers'
        "human_moves": human_moves,
        "computer_moves": computer_moves,
        "moves_per_second": round(moves / elapsed, 1),  # every move, the computers' too
        "human_moves_per_second": round(human_moves / elapsed, 1),
        "computer_moves_per_second": round(computer_moves / elapsed, 1),
        # latency samples: the clients' moves only (sent and broadcast within the window)
        "latency_samples": len(latencies),
        "p50_ms": round(percentile(0.50), 2),
        "p99_ms": round(percentile(0.99), 2),
        # the nodes' CPU over every move (the computers' thinking included) and over the clients' moves only
        "cpu_ms_per_move": round(1000 * cpu["nodes"] / moves, 3) if moves else None,
        "cpu_ms_per_human_move": round(1000 * cpu["nodes"] / human_moves, 3) if human_moves else None,
        # the nodes' resident memory grown by the rooms (their state, their seats' connections), per room: once
        # every room is started and its clients connected, and at the window's end (the games under way)
        "kib_per_room": round((held_rss - idle_rss) / args.rooms, 1),
        "kib_per_room_end": round((end_rss - idle_rss) / args.rooms, 1),
        "load_average": [round(x, 2) for x in load_average],  # the machine's 1, 5, 15 min at the window's end
        "cpu_ms_per_move_by_class": {k: round(1000 * v / moves, 3) if moves else None for k, v in cpu.items()},
        "cores_by_class": {k: round(v / elapsed, 2) for k, v in cpu.items()},
        "cores_per_node": [round(c, 2) for c in node_cores],
        # each node's event loop: share of the window running, and runnable but waiting for a CPU (taken by others)
        "loop_running": [round(run / elapsed, 2) for run, _ in loops],
        "loop_waiting_for_cpu": [round(wait / elapsed, 2) for _, wait in loops],
        "_errors": sum(c[4] for c in collected),
        "_mean_ms": round(1000 * statistics.fmean(latencies), 2) if latencies else None,
        **{f"{k}_per_move": round(v / max(1, moves), 4) for k, v in probed.items()},
    }


# ---------------------------------------------------------------------------------------------- CPU by process class
CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
POSTGRES_AUX = re.compile(
    r"checkpointer|background writer|walwriter|autovacuum|logical replication|archiver|stats collector|wal sender"
)


def resident_kib(pid: int) -> int:
    """A process's resident memory (``VmRSS``) in KiB, 0 if it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def proc_stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command name (state is field 0), or ``None``."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system, all threads) of a process so far, on Linux; ``None`` elsewhere or once gone."""
    fields = proc_stat(pid)
    return None if fields is None else (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def main_thread_schedule(pid: int) -> tuple[float, float] | None:
    """Seconds the process's main thread (a node's event loop) has spent running, and runnable but waiting for a
    CPU, so far (``/proc/<pid>/schedstat``); ``None`` when unavailable. What is left of the wall time, the
    thread slept: it had nothing to do, waiting on the network, the database or the GIL."""
    try:
        running, waiting = Path(f"/proc/{pid}/schedstat").read_text().split()[:2]
    except (OSError, ValueError):
        return None
    return int(running) / 1e9, int(waiting) / 1e9


def machine_busy_seconds() -> float | None:
    """CPU seconds all cores have spent busy (not idle, not waiting for I/O) since boot."""
    try:
        numbers = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except OSError:
        return None
    return (sum(numbers[:8]) - numbers[3] - numbers[4]) / CLOCK_TICKS


def postgres_pids(url: str, application: str) -> tuple[list[int], list[int]]:
    """PostgreSQL processes on this machine: ``(this run's backends, the server's shared processes)``: the
    backends whose ``application_name`` is ``application``, and the postmaster with its writer, WAL writer,
    checkpointer and other helpers (found under the postmaster by their process titles). Other clients'
    backends are in neither list."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            mine = [int(pid) for pid in connection.execute(
                text("SELECT pid FROM pg_stat_activity WHERE application_name = :name"), {"name": application}
            ).scalars()]  # fmt: skip
            own = proc_stat(int(connection.execute(text("SELECT pg_backend_pid()")).scalar_one()))  # while it lives
    finally:
        engine.dispose()
    if own is None:  # PostgreSQL runs on another machine: its CPU is not ours to read
        return [], []
    postmaster = int(own[1])
    shared = [postmaster]
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        fields = proc_stat(int(entry.name))
        if fields is None or int(fields[1]) != postmaster:
            continue
        with contextlib.suppress(OSError):
            if POSTGRES_AUX.search((entry / "cmdline").read_bytes().decode(errors="replace")):
                shared.append(int(entry.name))
    return mine, shared


@dataclass
class CpuClasses:
    """The processes whose CPU is counted, by class: ``pids`` known from the start; ``discover()``, pids looked
    up at each reading (PostgreSQL backends come and go with the nodes' pools); ``extra()``, CPU seconds read
    some other way (Redis's own figure)."""

    pids: dict[str, list[int]]
    discover: Callable[[], dict[str, list[int]]] | None = None
    extra: Callable[[], dict[str, float]] | None = None

    def read(self) -> dict[str, dict[int | str, float]]:
        counters: dict[str, dict[int | str, float]] = {}
        found = self.discover() if self.discover is not None else {}
        for name, pids in {**self.pids, **found}.items():
            counters[name] = {pid: s for pid in pids if (s := cpu_seconds(pid)) is not None}
        for name, seconds in (self.extra() if self.extra is not None else {}).items():
            counters[name] = {name: seconds}
        busy = machine_busy_seconds()
        if busy is not None:
            counters["machine"] = {"machine": busy}
        return counters


def cpu_used(before: dict[str, dict[int | str, float]], after: dict[str, dict[int | str, float]]) -> dict[str, float]:
    """CPU seconds each class used between two readings (a process born in between counts from zero)."""
    return {name: sum(v - before.get(name, {}).get(key, 0.0) for key, v in now.items()) for name, now in after.items()}


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
    """Transactions committed in the database so far: by anyone (``pg_stat_database``), so other users of the
    same database (tests in other schemas) count too."""
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
    from sqlalchemy.engine import make_url

    with ExitStack() as stack:
        redis_url = args.redis or stack.enter_context(redis_process())
        schema_url = stack.enter_context(postgres_schema(database, "load"))
        application = f"sevens-load-{os.getpid()}-{count}"  # tells this run's PostgreSQL backends from others'
        url = make_url(schema_url).update_query_dict({"application_name": application})
        node_url = url.render_as_string(hide_password=False)
        options = ("--redis", redis_url, "--bot-delay", str(args.bot_delay), "--log-level", "warning", *UNLIMITED)
        nodes = [stack.enter_context(server_process(node_url, options, timeout=60, stop_timeout=30))
                 for _ in range(count)]  # fmt: skip

        def postgres() -> dict[str, list[int]]:
            backends, shared = postgres_pids(schema_url, application)
            return {"postgres": backends, "postgres_shared": shared}

        def probe() -> dict[str, float]:
            return {"redis_commands": redis_counters(redis_url)[0], "postgres_commits": postgres_commits(schema_url)}

        shared = CpuClasses({}, postgres, lambda: {"redis": redis_counters(redis_url)[1]})
        return measure(args, [n.address for n in nodes], [n.proc.pid for n in nodes], shared, probe)


def run_single(args: argparse.Namespace) -> dict[str, Any]:
    """One measurement with one node on a fresh SQLite file."""
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'load.sqlite3'}"
        options = ("--sqlite-sync", args.sqlite_sync, "--bot-delay", str(args.bot_delay), "--log-level", "warning",
                   *UNLIMITED)  # fmt: skip
        with server_process(db, options, timeout=60, stop_timeout=30) as server:
            return measure(args, [server.address], [server.proc.pid])


Measurement = Callable[[argparse.Namespace], dict[str, Any]]


def configurations(args: argparse.Namespace) -> list[Measurement]:
    """What to measure, in turn: one node on SQLite, or each of ``--nodes``' counts on Redis and PostgreSQL. Each
    call starts fresh servers (and a fresh database) and measures ``args.rooms`` rooms."""
    if not args.nodes:
        return [run_single]
    database = postgres_url(args.database)
    return [functools.partial(run_nodes, count=count, database=database) for count in args.nodes]


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    return [measurement(args) for measurement in configurations(args)]


MAX_PROBES = 16  # measurements one capacity search makes at most (each a minute or more)


def find_capacity(p99_at: Callable[[int], float], start: int, target_ms: float, step: float, most: int,
                  resolution: float = 0.1) -> dict[str, Any]:  # fmt: skip
    """The most rooms whose p99 latency ``p99_at(rooms)`` is at most ``target_ms``: from ``start``, ``step``
    times as many while it holds (up to ``most``; fewer, by the same factor, while it does not), then halving
    the interval between the most rooms held and the fewest missed until it is within ``resolution`` of the
    rooms held. ``held_rooms`` is ``None`` when not even the fewest rooms tried held; ``missed_rooms`` is
    ``None`` when ``most`` held.

    >>> found = find_capacity(lambda rooms: rooms / 10, 100, 100.0, 2.0, 5000)
    >>> found["held_rooms"], found["missed_rooms"], [rooms for rooms, _ in found["probes"]]
    (1000, 1100, [100, 200, 400, 800, 1600, 1200, 1000, 1100])
    >>> find_capacity(lambda rooms: 5.0, 100, 100.0, 2.0, 300)["held_rooms"]
    300
    """
    held: int | None = None
    missed: int | None = None
    probes: list[list[float]] = []
    rooms = start
    while len(probes) < MAX_PROBES:
        p99 = p99_at(rooms)
        probes.append([rooms, p99])
        if p99 <= target_ms:  # NaN (no move measured) does not hold
            held = rooms if held is None else max(held, rooms)
        else:
            missed = rooms if missed is None else min(missed, rooms)
        if missed is None:
            if rooms >= most:
                break
            rooms = min(most, max(rooms + 1, math.ceil(rooms * step)))
        elif held is None:
            if rooms <= 1:
                break
            rooms = max(1, min(rooms - 1, int(rooms / step)))
        else:
            if missed - held <= max(1.0, resolution * held):
                break
            rooms = (held + missed) // 2
    return {"held_rooms": held, "missed_rooms": missed, "p99_target_ms": target_ms, "probes": probes}


def node_counts(text: str) -> list[int]:
    counts = [int(part) for part in text.split(",") if part.strip()]
    if not counts or not all(1 <= n <= MAX_NODES for n in counts):
        raise argparse.ArgumentTypeError(f"node counts are 1 to {MAX_NODES}, comma-separated (e.g. 1,2)")
    return counts


CLASSES = {
    "nodes": "sevens nodes",
    "clients": "load clients",
    "postgres": "PostgreSQL backends of the nodes",
    "postgres_shared": "PostgreSQL shared (postmaster, WAL writer, checkpointer, …)",
    "redis": "Redis",
    "other": "everything else on the machine",
    "machine": "the whole machine",
}


def report(result: dict[str, Any]) -> None:
    print(f"nodes             {result['nodes']}   (client: {result['client']})")
    print(f"rooms             {result['rooms']}")
    seated = result["humans"], result["players"] - result["humans"], result["agent"], result["bot_delay"]
    print("seats per room    {} clients thinking {}-{} ms".format(result["humans"], *result["think_ms"])
          + (", {} computers ({}, moving after {:g} s)".format(*seated[1:]) if seated[1] else ""))  # fmt: skip
    print(f"games completed   {result['games_completed']}")
    print(f"moves per second  {result['moves_per_second']}   (the clients' {result['human_moves_per_second']}, "
          f"the computers' {result['computer_moves_per_second']})")  # fmt: skip
    print(f"latency p50       {result['p50_ms']} ms")
    samples = result["latency_samples"]
    print(f"latency p99       {result['p99_ms']} ms   (mean {result['_mean_ms']} ms over {samples} moves)")
    print(f"error frames      {result['_errors']}")
    print(f"memory per room   {result['kib_per_room']} KiB   (the nodes' resident memory grown by the rooms; "
          f"{result['kib_per_room_end']} KiB at the window's end)")  # fmt: skip
    each = result["cores_per_node"]
    print(f"cpu_ms_per_move   {result['cpu_ms_per_move']}   (every move; the nodes together; cores by node: {each})")
    print(f"  per client move {result['cpu_ms_per_human_move']}   (the nodes' CPU over the clients' moves only)")
    running, waiting = result["loop_running"], result["loop_waiting_for_cpu"]
    print(f"event loops       running {running}, runnable but waiting for a CPU {waiting} (share of the window)")
    print("CPU by process class   ms per move   cores")
    per_move, cores = result["cpu_ms_per_move_by_class"], result["cores_by_class"]
    for name in CLASSES:
        if name in per_move:
            print(f"  {CLASSES[name]:<62} {per_move[name]!s:>8} {cores[name]:>7}")
    if "redis_commands_per_move" in result:
        print(f"redis per move    {result['redis_commands_per_move']} commands")
        print(f"postgres per move {result['postgres_commits_per_move']} commits")
    print(f"load average      {result['load_average']}   (the machine's, 1/5/15 min, at the window's end)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, required=True, help=f"concurrent rooms (1 to {MAX_ROOMS})")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to measure (default 60)")
    thinking = parser.add_mutually_exclusive_group()
    thinking.add_argument("--think-ms", type=float, help="mean thinking per move: 0.5 to 1.5 times it (default 5000)")
    thinking.add_argument("--think-range", type=think_range, help="thinking per move, uniform: LO,HI ms (3000,8000)")
    parser.add_argument("--preset", default="standard", help="game preset (default standard)")
    parser.add_argument("--players", type=int, default=4, help="seats per room (default 4)")
    parser.add_argument("--humans", type=int, help="seats per room played by the clients (default: every seat)")
    parser.add_argument("--agent", default="normal", help="the computer players' level or agent (default normal)")
    parser.add_argument("--bot-delay", type=float, default=1.0,
                        help="seconds a computer player waits to move: the nodes' --bot-delay (default 1)")  # fmt: skip
    parser.add_argument("--warmup", type=float, default=0.0, help="seconds of play before the window opens (default 0)")
    parser.add_argument("--sqlite-sync", choices=("full", "normal"), default="full", help="the server's SQLite mode")
    parser.add_argument("--clients", type=int, default=1, help=f"client processes (1 to {MAX_CLIENTS}, default 1)")
    parser.add_argument(
        "--client",
        choices=("python", "node"),
        default="python",
        help="the load clients: Python (default) or the cheaper Node.js one (bench/loadclient)",
    )
    parser.add_argument(
        "--log",
        choices=("tail", "full"),
        default="tail",
        help="the move log in each frame: only its new entries, as the web page asks (default), or all of it",
    )
    parser.add_argument("--nodes", type=node_counts, help="nodes on Redis and PostgreSQL: N, or N,M,… in turn")
    parser.add_argument("--redis", help="a running Redis (default: start redis-server on a free loopback port)")
    parser.add_argument("--database", help="PostgreSQL URL (default: the one .ci/postgres.sh starts)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per measurement")
    parser.add_argument("--find-capacity", action="store_true",
                        help="search for the most rooms held at p99 <= --p99-ms, from --rooms on")  # fmt: skip
    parser.add_argument("--p99-ms", type=float, default=100.0, help="the search's p99 latency bound (default 100)")
    parser.add_argument("--step", type=float, default=1.5, help="the search's factor of rooms (default 1.5)")
    parser.add_argument("--max-rooms", type=int, default=MAX_ROOMS, help=f"the search's most rooms ({MAX_ROOMS})")
    args = parser.parse_args(argv)
    if args.think_range is None:
        mean = 5000.0 if args.think_ms is None else args.think_ms
        args.think_range = (0.5 * mean, 1.5 * mean)
    if not 2 <= args.players <= 20:
        parser.error("--players must be 2 to 20")
    if args.humans is None:
        args.humans = args.players
    if not 1 <= args.humans <= args.players:
        parser.error("--humans must be 1 to --players")
    if not 0 <= args.bot_delay <= 60 or not 0 <= args.warmup <= MAX_SECONDS:
        parser.error(f"--bot-delay must be 0 to 60 and --warmup 0 to {MAX_SECONDS:g}")
    most = args.max_rooms if args.find_capacity else args.rooms
    if not 1 <= args.rooms <= MAX_ROOMS or not 1 <= most <= MAX_ROOMS:
        parser.error(f"--rooms and --max-rooms must be 1 to {MAX_ROOMS}")
    if most * args.humans > MAX_CONNECTIONS:
        parser.error(f"rooms × humans (the clients' WebSockets) must be at most {MAX_CONNECTIONS}")
    if not 1.05 <= args.step <= 10:
        parser.error("--step must be 1.05 to 10")
    if not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds must be more than 0 and at most {MAX_SECONDS:g}")
    if not 1 <= args.clients <= MAX_CLIENTS:
        parser.error(f"--clients must be 1 to {MAX_CLIENTS}")
    if args.client == "node" and (missing := node_client_missing()) is not None:
        parser.error(missing)
    results: list[dict[str, Any]] = []

    def measured(result: dict[str, Any]) -> dict[str, Any]:
        results.append(result)
        if args.json:
            print(json.dumps({k: v for k, v in result.items() if not k.startswith("_")}), flush=True)
        else:
            report(result)
            print(flush=True)
        return result

    try:
        for measurement in configurations(args):
            if not args.find_capacity:
                measured(measurement(args))
                continue

            def p99_at(rooms: int, measurement: Measurement = measurement) -> float:
                return float(measured(measurement(argparse.Namespace(**{**vars(args), "rooms": rooms})))["p99_ms"])

            found = find_capacity(p99_at, args.rooms, args.p99_ms, args.step, args.max_rooms)
            found["nodes"] = results[-1]["nodes"]
            if args.json:
                print(json.dumps({"capacity": found}), flush=True)
            else:
                print(capacity_line(found), flush=True)
    except ServerStartError as exc:  # say why, without a traceback
        raise SystemExit(str(exc)) from None
    if len(results) > 1 and not args.json and not args.find_capacity:
        for line in scaling(results):
            print(line)


def think_range(text: str) -> tuple[float, float]:
    """``LO,HI`` milliseconds, ``0 <= LO <= HI <= 60000``."""
    try:
        low, high = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("a thinking range is LO,HI in milliseconds (e.g. 3000,8000)") from None
    if not 0 <= low <= high <= 60000:
        raise argparse.ArgumentTypeError("a thinking range needs 0 <= LO <= HI <= 60000 ms")
    return low, high


def capacity_line(found: dict[str, Any]) -> str:
    """What a capacity search found, in one line.

    >>> capacity_line({"held_rooms": 900, "missed_rooms": 1000, "p99_target_ms": 100.0, "nodes": 1,
    ...                "probes": [[600, 40.5], [900, 80.0], [1000, 130.2]]})
    'capacity (1 node): 900 rooms held at p99 <= 100 ms, 1000 missed; probes 600: 40.5, 900: 80.0, 1000: 130.2 ms'
    """
    noun = "node" if found["nodes"] == 1 else "nodes"
    held = "no room count tried" if found["held_rooms"] is None else f"{found['held_rooms']} rooms"
    missed = "none missed" if found["missed_rooms"] is None else f"{found['missed_rooms']} missed"
    probes = ", ".join(f"{rooms}: {p99}" for rooms, p99 in found["probes"])
    return (f"capacity ({found['nodes']} {noun}): {held} held at p99 <= {found['p99_target_ms']:g} ms, {missed}; "
            f"probes {probes} ms")  # fmt: skip


def scaling(results: list[dict[str, Any]]) -> list[str]:
    """Moves/s of each measurement with more nodes against the fewest-node measurement just before it (the
    machine's speed drifts over minutes, so each ratio is of neighbours), and the median per node count.

    >>> runs = [{"nodes": n, "moves_per_second": r} for n, r in [(1, 100), (2, 170), (1, 110), (2, 176)]]
    >>> scaling(runs)
    ['2 nodes / 1 node: 1.70x 1.60x moves/s, median 1.65x']
    """
    fewest = min(r["nodes"] for r in results)
    ratios: dict[int, list[float]] = {}
    base: float | None = None
    for result in results:
        if result["nodes"] == fewest:
            base = result["moves_per_second"]
        elif base:
            ratios.setdefault(result["nodes"], []).append(result["moves_per_second"] / base)
    noun = "node" if fewest == 1 else "nodes"
    return [
        f"{count} nodes / {fewest} {noun}: {' '.join(f'{r:.2f}x' for r in found)} moves/s, "
        f"median {statistics.median(found):.2f}x"
        for count, found in sorted(ratios.items())
    ]


if __name__ == "__main__":
    main()
