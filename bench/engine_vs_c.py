"""Engine speed as a ratio to the C yardstick, both measured in this one run (DESIGN.md "Speed").

    python bench/engine_vs_c.py [--seconds 5] [--preset standard] [--json]

Compiles the C yardstick ``bench/sevens_limit.c`` as every bench script does (``c_yardstick``: ``gcc -O2``),
runs it, then times `sevens bench` (random 4-player games through the public API) and prints both figures and
their ratio, by wall clock and per CPU-second (steadier on a shared machine).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import c_yardstick

from sevens.arena.bench import bench
from sevens.games.registry import family_of


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--c-games", type=int, default=2_000_000)
    parser.add_argument("--c-source", type=Path, default=c_yardstick.C_SOURCE)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with c_yardstick.built(args.c_source) as binary:
        c_rate, c_cpu_rate = c_yardstick.rates(binary, args.c_games)
    family = family_of(args.preset)
    cpu_start = time.process_time()
    python = bench(family, family.presets[args.preset], seconds=args.seconds)
    cpu_rate = python["games"] / max(time.process_time() - cpu_start, 1e-9)
    report = {
        "preset": args.preset,
        "c_flags": " ".join(c_yardstick.C_FLAGS),
        "c_games_per_second": c_rate,
        "engine_games_per_second": python["games_per_second"],
        "ratio": round(python["games_per_second"] / c_rate, 5),
        "one_in": round(c_rate / python["games_per_second"], 1),
        "c_games_per_cpu_second": round(c_cpu_rate, 1),
        "engine_games_per_cpu_second": round(cpu_rate, 1),
        "one_in_per_cpu_second": round(c_cpu_rate / cpu_rate, 1),
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"C: {c_rate:.0f} games/s; sevens ({args.preset}): {python['games_per_second']:.0f} games/s; "
            f"ratio 1/{report['one_in']}, per CPU-second 1/{report['one_in_per_cpu_second']} (target: at least 1/80)"
        )


if __name__ == "__main__":
    main()
