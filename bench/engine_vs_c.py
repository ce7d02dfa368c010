"""Engine speed as a ratio to the C yardstick, both measured in this one run (DESIGN.md "Speed").

    python bench/engine_vs_c.py [--seconds 5] [--preset standard] [--json]

Compiles ``shared/bench/sevens_limit.c`` with ``gcc -O3`` into a temporary folder, runs it, then times
`sevens bench` (random 4-player games through the public API) and prints both figures and their ratio.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import tempfile
from pathlib import Path

from sevens.arena.bench import bench
from sevens.games.registry import family_of

C_SOURCE = Path(__file__).resolve().parents[1].parent / "shared" / "bench" / "sevens_limit.c"


def c_games_per_second(source: Path, games: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "sevens_limit"
        subprocess.run(["gcc", "-O3", "-o", str(binary), str(source)], check=True)
        out = subprocess.run([str(binary), str(games)], check=True, capture_output=True, text=True).stdout
    match = re.search(r"games/s=(\d+)", out)
    if not match:
        raise SystemExit(f"unexpected output from {source.name}: {out!r}")
    return float(match.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--c-games", type=int, default=2_000_000)
    parser.add_argument("--c-source", type=Path, default=C_SOURCE)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    c_rate = c_games_per_second(args.c_source, args.c_games)
    family = family_of(args.preset)
    python = bench(family, family.presets[args.preset], seconds=args.seconds)
    report = {
        "preset": args.preset,
        "c_games_per_second": c_rate,
        "engine_games_per_second": python["games_per_second"],
        "ratio": round(python["games_per_second"] / c_rate, 5),
        "one_in": round(c_rate / python["games_per_second"], 1),
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"C: {c_rate:.0f} games/s; sevens ({args.preset}): {python['games_per_second']:.0f} games/s; "
            f"ratio 1/{report['one_in']} (target: at least 1/80)"
        )


if __name__ == "__main__":
    main()
