"""Where the test suite's time goes (issue 43: CI under 10 minutes): each test's wall time and CPU, per worker.

Run as a script, it runs pytest with itself as a plugin (``-p suite_timeline``), reads the machine's CPU from
``/proc/stat`` before and after, and prints a summary: the run's wall time, how busy the machine's cores were,
each worker's span, busy time and CPU, and the test files or folders that took the most wall time, with their CPU:

    eval "$(bash .ci/postgres.sh)"; CI=true python bench/suite_timeline.py [--out timeline.jsonl] [-- PYTEST ARGS]

(default pytest arguments: ``-n auto``, as .ci/run). A test's CPU is its worker's own (user + system) plus that of
the child processes the worker reaped during the test: a server a fixture keeps for many tests is counted in the
test whose teardown ends it, and processes nobody reaps (daemons, containers) are not counted at all, so the
machine's busy share is the figure to compare runs by. Each test's line goes to ``--out`` (JSON lines: ``id``,
``worker``, ``start``, ``end``, ``cpu``, ``children``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Generator, Iterable
from pathlib import Path
from typing import Any, TextIO

import pytest

ROOT = Path(__file__).resolve().parents[1]
OUT_VARIABLE = "SEVENS_SUITE_TIMELINE"  # the file the plugin appends each test's line to
_out: list[TextIO] = []


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, object, object]:
    """Time one test (setup, call and teardown) and append its line to ``$SEVENS_SUITE_TIMELINE``."""
    path = os.environ.get(OUT_VARIABLE)
    if not path:
        return (yield)
    if not _out:
        _out.append(open(path, "a", encoding="utf-8"))  # noqa: SIM115 - kept open for the worker's life
    start, before = time.time(), os.times()
    try:
        return (yield)
    finally:
        after = os.times()
        line = {
            "id": item.nodeid,
            "worker": os.environ.get("PYTEST_XDIST_WORKER", "main"),
            "start": start,
            "end": time.time(),
            "cpu": (after.user - before.user) + (after.system - before.system),
            "children": (after.children_user - before.children_user) + (after.children_system - before.children_system),
        }
        _out[0].write(json.dumps(line) + "\n")
        _out[0].flush()


def busy_share(busy_seconds: float, wall: float, cores: int) -> float:
    """How busy the machine's ``cores`` were over ``wall`` seconds in which they spent ``busy_seconds`` busy."""
    return busy_seconds / (wall * cores) if wall > 0 and cores > 0 else 0.0


def group_of(test_id: str) -> str:
    """A test's file, or its folder below ``tests/`` (``tests/browser``), for the summary."""
    path = test_id.split("::", 1)[0]
    parts = path.split("/")
    return "/".join(parts[:2]) if len(parts) > 2 and parts[0] == "tests" else path


def summary(lines: Iterable[dict[str, Any]], wall: float, busy: float, cores: int, top: int = 15) -> str:
    """The run in a few lines: workers, then the groups with the most wall time, with their CPU."""
    rows = list(lines)
    out = [f"{len(rows)} tests in {wall:.0f} s; the machine's {cores} cores {100 * busy:.0f}% busy"]
    first = min((r["start"] for r in rows), default=0.0)
    workers: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        workers[row["worker"]].append(row)
    for name, mine in sorted(workers.items()):
        span = max(r["end"] for r in mine) - first
        taken = sum(r["end"] - r["start"] for r in mine)
        cpu = sum(r["cpu"] + r["children"] for r in mine)
        out.append(f"  {name}: ends at {span:.0f} s, running tests {taken:.0f} s, CPU counted {cpu:.0f} s")
    groups: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for row in rows:
        group = groups[group_of(row["id"])]
        group[0] += row["end"] - row["start"]
        group[1] += row["cpu"] + row["children"]
        group[2] += 1
    out.append(f"  {'wall s':>8} {'CPU s':>8} {'tests':>6}  file or folder")
    for name, (taken, cpu, count) in sorted(groups.items(), key=lambda kv: -kv[1][0])[:top]:
        out.append(f"  {taken:8.1f} {cpu:8.1f} {int(count):6d}  {name}")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("timeline.jsonl"), help="each test's line (JSON lines)")
    parser.add_argument("--top", type=int, default=15, help="how many files or folders to list (default 15)")
    parser.add_argument("pytest_args", nargs="*", help="pytest's arguments, after -- (default: -n auto)")
    options = parser.parse_args()
    if options.top < 1:
        parser.error(f"--top {options.top}: give 1 or more")
    options.out.unlink(missing_ok=True)
    # a fresh pytest, even when this script is run from a test worker (whose xdist variables it would inherit)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST_")}
    env[OUT_VARIABLE] = str(options.out.resolve())
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "bench"), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "pytest", "-p", "suite_timeline", *(options.pytest_args or ["-n", "auto"])]
    from load import machine_busy_seconds  # here: the plugin, loaded by every test worker, needs none of load.py

    cores, busy_before, started = os.cpu_count() or 1, machine_busy_seconds() or 0.0, time.monotonic()
    returncode = subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
    wall, busy_after = time.monotonic() - started, machine_busy_seconds() or 0.0
    text = options.out.read_text(encoding="utf-8") if options.out.exists() else ""
    lines = [json.loads(line) for line in text.splitlines()]
    print(summary(lines, wall, busy_share(busy_after - busy_before, wall, cores), cores, options.top))
    raise SystemExit(returncode)


if __name__ == "__main__":
    main()
