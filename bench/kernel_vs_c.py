"""The compiled kernel against the C yardstick, both measured in this one run (issue 22).

    python bench/kernel_vs_c.py [--seconds 2] [--rounds 3] [--c-games 300000] [--json]

Compiles the C yardstick ``bench/sevens_limit.c`` as every bench script does (``c_yardstick``: ``gcc -O2``),
then alternates, ``--rounds`` times: the C loop, the kernel on 1 thread, the kernel on every thread numba may
use, and the kernel's general loop on 1 thread (random 4-player ``standard`` games from random deals, uniform over
the legal actions including pass; the general loop is the one jokers and traced games use, and heuristic play
used before ``engine.play_plain``: the same games, step by step through the game's row).
Alternating keeps other load on the machine from favouring one side; the ratios reported are the medians of
each round's ratios, by wall clock and per CPU-second (the C process's user + system time, the kernel's
process time), the latter steadier on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

import c_yardstick
import numba

from sevens.games.shichinarabe import Rules
from sevens.kernel.bench import bench_batched


def measure(source: Path, seconds: float, rounds: int, c_games: int) -> dict[str, Any]:
    rules = Rules.preset("standard")
    most = numba.config.NUMBA_NUM_THREADS
    bench_batched(rules, 0.1, 1)  # compile (or load the cache) before timing
    rows = []
    with c_yardstick.built(source) as binary:
        for _ in range(rounds):
            c, c_cpu = c_yardstick.rates(binary, c_games)
            one = bench_batched(rules, seconds, 1)
            every = bench_batched(rules, seconds, most)
            general = bench_batched(rules, seconds, 1, loop="general")
            rows.append(
                {
                    "c": c,
                    "kernel_1_thread": one["games_per_second"],
                    f"kernel_{most}_threads": every["games_per_second"],
                    "c_per_cpu_second": round(c_cpu, 1),
                    "kernel_per_cpu_second": one["games_per_cpu_second"],
                    "general_1_thread": general["games_per_second"],
                    "general_per_cpu_second": general["games_per_cpu_second"],
                }
            )
    return {
        "preset": "standard",
        "players": 4,
        "threads": most,
        "rounds": rows,
        "ratio_1_thread": median_ratio(rows, "kernel_1_thread", "c"),
        f"ratio_{most}_threads": median_ratio(rows, f"kernel_{most}_threads", "c"),
        "ratio_per_cpu_second": median_ratio(rows, "kernel_per_cpu_second", "c_per_cpu_second"),
        "general_ratio_per_cpu_second": median_ratio(rows, "general_per_cpu_second", "c_per_cpu_second"),
        "fast_over_general_per_cpu_second": median_ratio(rows, "kernel_per_cpu_second", "general_per_cpu_second"),
    }


def median_ratio(rows: list[dict[str, float]], top: str, bottom: str) -> float:
    return round(statistics.median(r[top] / r[bottom] for r in rows), 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per kernel measurement")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--c-games", type=int, default=300_000)
    parser.add_argument("--c-source", type=Path, default=c_yardstick.C_SOURCE)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = measure(args.c_source, args.seconds, args.rounds, args.c_games)
    if args.json:
        print(json.dumps(report))
        return
    for row in report["rounds"]:
        print("  ".join(f"{k} {v:,.0f}" for k, v in row.items()), "(games/s)")
    threads = report["threads"]
    print(
        f"kernel / C (median of {args.rounds}), wall clock: 1 thread {report['ratio_1_thread']}, "
        f"{threads} threads {report[f'ratio_{threads}_threads']}; per CPU-second (1 thread): "
        f"{report['ratio_per_cpu_second']} (target: at least 2.4); the general loop per CPU-second: "
        f"{report['general_ratio_per_cpu_second']} (the fast path {report['fast_over_general_per_cpu_second']}x it)"
    )


if __name__ == "__main__":
    main()
