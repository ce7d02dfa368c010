"""bench/load.py: the clients' glance at action frames, its command line (node counts, limits), and a few seconds
of the Node.js load client against real servers (skipped without node and ``npm ci --prefix bench/loadclient``)."""

from __future__ import annotations

import json
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
    for to_move, you_seat in ((2, 1), (None, 0), (3, None)):
        data = frame("action", 41, round=2, turn=17, player=1, by="player", action="8h", seat_players=[0, 1, 2, 3],
                     you_seat=you_seat, clock=None, view={"rules": {"players": 4}, "to_move": to_move})  # fmt: skip
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        assert load.glance_action(text) == ((2, 17), to_move, you_seat)
    snapshot = json.dumps(frame("snapshot", 3, game=None), separators=(",", ":"))
    assert load.glance_action(snapshot) is None


def test_node_counts_and_limits_are_checked(load: ModuleType) -> None:
    assert load.node_counts("1,2") == [1, 2]
    code, _out, err = run_main(load, ["--rooms", "10", "--nodes", "0,2"])
    assert code == 2 and "node counts are 1 to" in err
    code, _out, err = run_main(load, ["--rooms", "10", "--clients", "99"])
    assert code == 2 and "--clients must be 1 to" in err


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
    assert by_class["nodes"] == result["cpu_ms_per_move"] and by_class["clients"] > 0
    assert len(result["cores_per_node"]) == len(result["loop_running"]) == nodes
    assert all(0 < share <= 1.05 for share in result["loop_running"])  # a share of the window, one thread


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


@pytest.mark.parametrize("log", ["tail", "full"])
def test_the_python_client_plays_with_the_log_in_either_form(log: str) -> None:
    script = Path(__file__).parents[1] / "bench" / "load.py"  # a real run: its client processes import the script
    args = ["--rooms", "2", "--think-ms", "0", "--seconds", "1", "--log", log, "--json"]
    done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    [result] = [json.loads(line) for line in done.stdout.splitlines()]
    assert result["client"] == "python" and result["moves_per_second"] > 0 and result["p99_ms"] > 0
