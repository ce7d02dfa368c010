"""The compiled kernel against the C yardstick, both measured in this one run (issue 22).

    python bench/kernel_vs_c.py [--seconds 2] [--rounds 3] [--c-games 300000] [--json]

Compiles the C yardstick ``bench/sevens_limit.c`` as every bench script does (``c_yardstick``: ``gcc -O2``),
then alternates, ``--rounds`` times: the C loop, the kernel on 1 thread, the kernel on every thread numba may
use (random 4-player ``standard`` games from random deals, uniform over the legal actions including pass).
Alternating keeps other load on the machine from favouring one side; the ratios reported are the medians of
each round's ratios.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

import c_yardstick
import numba

from sevens.games.shichinarabe import Rules
from sevens.kernel.bench import bench_batched


def measure(source: Path, seconds: float, rounds: int, c_games: int) -> dict[str, object]:
    rules = Rules.preset("standard")
    most = numba.config.NUMBA_NUM_THREADS
    bench_batched(rules, 0.1, 1)  # compile (or load the cache) before timing
    rows = []
    with c_yardstick.built(source) as binary:
        for _ in range(rounds):
            c = c_yardstick.games_per_second(binary, c_games)
            one = bench_batched(rules, seconds, 1)["games_per_second"]
            every = bench_batched(rules, seconds, most)["games_per_second"]
            rows.append({"c": c, "kernel_1_thread": one, f"kernel_{most}_threads": every})
    return {
        "preset": "standard",
        "players": 4,
        "threads": most,
        "rounds": rows,
        "ratio_1_thread": round(statistics.median(r["kernel_1_thread"] / r["c"] for r in rows), 2),
        f"ratio_{most}_threads": round(statistics.median(r[f"kernel_{most}_threads"] / r["c"] for r in rows), 2),
    }


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
    for row in report["rounds"]:  # type: ignore[attr-defined]
        print("  ".join(f"{k} {v:,.0f} games/s" for k, v in row.items()))
    threads = report["threads"]
    print(
        f"kernel / C (median of {args.rounds}): 1 thread {report['ratio_1_thread']}, "
        f"{threads} threads {report[f'ratio_{threads}_threads']} (target: at least 1)"
    )


if __name__ == "__main__":
    main()
