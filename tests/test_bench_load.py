"""bench/load.py: the clients' glance at action frames, its command line (node counts, limits, seats, thinking),
the capacity search, and a few seconds of the load clients against real servers, with every seat a client or one
client among the server's computer players (the Node.js client's runs are skipped without node and
``npm ci --prefix bench/loadclient``)."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bench_scripts import load_bench_script, run_main
from sevens.server.messages import frame


@pytest.fixture(scope="module")
def load() -> ModuleType:
    return load_bench_script("load")


def test_a_glance_reads_what_a_full_decode_reads(load: ModuleType) -> None:
    for to_move, you_seat, by in ((2, 1, "player"), (None, 0, "bot"), (3, None, "auto")):
        data = frame("action", 41, round=2, turn=17, player=1, by=by, action="8h", seat_players=[0, 1, 2, 3],
                     you_seat=you_seat, clock=None, view={"rules": {"players": 4}, "to_move": to_move})  # fmt: skip
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        assert load.glance_action(text) == ((2, 17), to_move, you_seat, by)
    snapshot = json.dumps(frame("snapshot", 3, game=None), separators=(",", ":"))
    assert load.glance_action(snapshot) is None


def test_node_counts_and_limits_are_checked(load: ModuleType) -> None:
    assert load.node_counts("1,2") == [1, 2]
    code, _out, err = run_main(load, ["--rooms", "10", "--nodes", "0,2"])
    assert code == 2 and "node counts are 1 to" in err
    code, _out, err = run_main(load, ["--rooms", "10", "--clients", "99"])
    assert code == 2 and "--clients must be 1 to" in err


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--humans", "0"], "--humans must be 1 to --players"),
        (["--humans", "5"], "--humans must be 1 to --players"),
        (["--think-range", "8000,3000"], "0 <= LO <= HI"),
        (["--think-range", "3000"], "LO,HI in milliseconds"),
        (["--think-range", "3000,8000", "--think-ms", "5000"], "not allowed with argument"),
        (["--find-capacity", "--max-rooms", "3000"], "the clients' WebSockets"),  # 4 clients a room by default
        (["--bot-delay", "-1"], "--bot-delay must be 0 to 60"),
    ],
)
def test_seats_and_thinking_are_checked(load: ModuleType, args: list[str], says: str) -> None:
    code, _out, err = run_main(load, ["--rooms", "10", *args])
    assert code == 2 and says in err


def test_a_room_seats_its_clients_first_and_the_computers_after(load: ModuleType) -> None:
    assert load.room_seats(3, 3, "easy") == [{"kind": "human"}] * 3
    assert load.room_seats(4, 2, "hard") == [{"kind": "human"}] * 2 + [{"kind": "bot", "agent": "hard"}] * 2


def test_the_capacity_search_closes_in_on_the_most_rooms_held(load: ModuleType) -> None:
    tried: list[int] = []

    def p99_at(rooms: int) -> float:  # 100 ms at 730 rooms
        tried.append(rooms)
        return rooms / 7.3

    found = load.find_capacity(p99_at, 100, 100.0, 1.5, 5000)
    held, missed = found["held_rooms"], found["missed_rooms"]
    assert held <= 730 < missed and missed - held <= 0.1 * held
    assert [rooms for rooms, _ in found["probes"]] == tried and len(set(tried)) == len(tried)
    assert tried[:5] == [100, 150, 225, 338, 507]  # 1.5 times as many while it holds


def test_the_capacity_search_goes_down_when_the_first_count_misses_and_never_past_its_bounds(
    load: ModuleType,
) -> None:
    found = load.find_capacity(lambda rooms: 50.0 if rooms <= 40 else 500.0, 400, 100.0, 2.0, 5000)
    assert found["probes"][:3] == [[400, 500.0], [200, 500.0], [100, 500.0]]
    assert found["held_rooms"] <= 40 < found["missed_rooms"] <= 44
    nothing = load.find_capacity(lambda rooms: math.nan, 3, 100.0, 2.0, 5000)  # no move measured: no capacity
    assert nothing["held_rooms"] is None and nothing["missed_rooms"] == 1
    everything = load.find_capacity(lambda rooms: 1.0, 100, 100.0, 2.0, 250)
    assert everything == {"held_rooms": 250, "missed_rooms": None, "p99_target_ms": 100.0,
                          "probes": [[100, 1.0], [200, 1.0], [250, 1.0]]}  # fmt: skip


def _require_node_client(load: ModuleType) -> None:
    missing = load.node_client_missing()
    if missing is not None:
        pytest.skip(missing)


def _measure(load: ModuleType, args: list[str]) -> list[dict[str, Any]]:
    code, out, err = run_main(load, [*args, "--json"])
    assert code == 0, err
    return [json.loads(line) for line in out.splitlines()]


def _check_report(result: dict[str, Any], nodes: int, classes: set[str]) -> None:
    assert result["client"] == "node" and result["nodes"] == nodes
    assert result["moves_per_second"] > 0 and result["p99_ms"] > 0
    assert result["cpu_ms_per_move"] > 0
    by_class = result["cpu_ms_per_move_by_class"]
    assert classes <= set(by_class) and set(by_class) == set(result["cores_by_class"])
    # the clients' share is counted (how much, in a two-second window, is the machine's: a loaded machine gives
    # the client less than one clock tick there; that the count reads a process's CPU is tested on its own below)
    assert by_class["nodes"] == result["cpu_ms_per_move"] and by_class["clients"] >= 0
    assert len(result["cores_per_node"]) == len(result["loop_running"]) == nodes
    assert all(0 < share <= 1.05 for share in result["loop_running"])  # a share of the window, one thread


WAIT_THEN_BURN = """
import sys, time
print("ready", flush=True)
seconds = float(sys.stdin.readline())
start = time.process_time()
while time.process_time() - start < seconds:
    pass
print("burnt", flush=True)
sys.stdin.read()
"""


def test_each_class_counts_the_cpu_its_processes_used_between_two_readings(load: ModuleType) -> None:
    """A process told to burn 0.3 s of CPU between the readings (CPU time, not a wall clock: the same on any
    machine) is counted in its class; one that only waits is counted near zero; one that has ended is left out."""
    started = [subprocess.Popen([sys.executable, "-c", WAIT_THEN_BURN], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
               for _ in range(2)]  # fmt: skip
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    busy, idle = started
    try:
        for process in started:  # both started up before the first reading
            assert process.stdout is not None and process.stdout.readline() == b"ready\n"
        classes = load.CpuClasses({"busy": [busy.pid], "idle": [idle.pid], "gone": [gone.pid]})
        before = classes.read()
        assert busy.stdin is not None and busy.stdout is not None
        busy.stdin.write(b"0.3\n")
        busy.stdin.flush()
        assert busy.stdout.readline() == b"burnt\n"
        used = load.cpu_used(before, classes.read())
    finally:
        for process in started:
            process.kill()
            process.wait()
    assert before["gone"] == {} and used["gone"] == 0
    assert 0.28 <= used["busy"] <= 0.4  # 0.3 s, give or take the clock ticks the kernel counts in
    assert used["idle"] <= 0.02
    assert used["machine"] >= used["busy"] - 0.02  # the whole machine's busy time includes it


def test_the_node_client_plays_against_a_real_server_and_cpu_is_counted_by_class(load: ModuleType) -> None:
    _require_node_client(load)
    [result] = _measure(load, ["--rooms", "4", "--think-ms", "0", "--seconds", "2", "--client", "node"])
    _check_report(result, 1, {"nodes", "clients", "machine", "other"})


def test_the_node_client_against_nodes_on_redis_and_postgresql_counts_them_too(load: ModuleType) -> None:
    _require_node_client(load)
    base = os.environ.get("SEVENS_TEST_POSTGRES_URL", "").strip()
    if not base or shutil.which("redis-server") is None:
        pytest.skip('needs redis-server and SEVENS_TEST_POSTGRES_URL (eval "$(bash .ci/postgres.sh)")')
    args = ["--rooms", "4", "--think-ms", "0", "--seconds", "2", "--client", "node", "--nodes", "2"]
    [result] = _measure(load, [*args, "--database", base])
    _check_report(result, 2, {"nodes", "clients", "postgres", "postgres_shared", "redis", "machine", "other"})
    assert result["postgres_commits_per_move"] > 0


def _check_one_client_among_computers(result: dict[str, Any], client: str) -> None:
    """One client and three computer players a room: the computers moved, the latency was measured on the
    client's moves only, and the report says how the rooms were seated and paced."""
    assert result["client"] == client
    assert (result["humans"], result["players"], result["agent"], result["bot_delay"]) == (1, 4, "normal", 0.0)
    assert result["think_ms"] == [0.0, 50.0]
    assert result["computer_moves"] > 0 and result["human_moves"] > 0
    assert result["moves"] == result["human_moves"] + result["computer_moves"]  # no seat left: no "auto" move
    assert 0 < result["latency_samples"] <= result["human_moves"]  # the client's moves only, never a computer's
    assert result["cpu_ms_per_human_move"] >= result["cpu_ms_per_move"] > 0  # over fewer moves
    assert result["kib_per_room"] > 0 and result["kib_per_room_end"] > 0
    assert len(result["load_average"]) == 3


ONE_AMONG_COMPUTERS = ["--rooms", "3", "--humans", "1", "--think-range", "0,50", "--bot-delay", "0", "--seconds", "2"]


def test_the_node_client_plays_one_seat_a_room_among_the_servers_computer_players(load: ModuleType) -> None:
    _require_node_client(load)
    [result] = _measure(load, [*ONE_AMONG_COMPUTERS, "--client", "node"])
    _check_one_client_among_computers(result, "node")


def test_the_python_client_plays_one_seat_a_room_among_the_servers_computer_players() -> None:
    script = Path(__file__).parents[1] / "bench" / "load.py"  # a real run: its client processes import the script
    done = subprocess.run([sys.executable, str(script), *ONE_AMONG_COMPUTERS, "--json"], capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    [result] = [json.loads(line) for line in done.stdout.splitlines()]
    _check_one_client_among_computers(result, "python")


def test_a_capacity_search_measures_and_reports_what_held(load: ModuleType) -> None:
    _require_node_client(load)
    args = [*ONE_AMONG_COMPUTERS, "--client", "node", "--find-capacity", "--max-rooms", "3", "--p99-ms", "60000"]
    *measured, last = _measure(load, args)
    assert [m["rooms"] for m in measured] == [3]  # the bound held at --rooms, which is --max-rooms: one measurement
    assert last == {"capacity": {"held_rooms": 3, "missed_rooms": None, "p99_target_ms": 60000.0, "nodes": 1,
                                 "probes": [[3, measured[0]["p99_ms"]]]}}  # fmt: skip


@pytest.mark.parametrize("log", ["tail", "full"])
def test_the_python_client_plays_with_the_log_in_either_form(log: str) -> None:
    script = Path(__file__).parents[1] / "bench" / "load.py"  # a real run: its client processes import the script
    args = ["--rooms", "2", "--think-ms", "0", "--seconds", "1", "--log", log, "--json"]
    done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    [result] = [json.loads(line) for line in done.stdout.splitlines()]
    assert result["client"] == "python" and result["moves_per_second"] > 0 and result["p99_ms"] > 0
