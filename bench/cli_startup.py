"""CPU time of the command line's start-up: ``sevens --help``, ``sevens rules`` (alone, with a preset, with
``--json``) and ``sevens simulate --help``.

Each command runs in a new interpreter; its CPU time (user + system, from ``getrusage`` of the children) is
taken over ``--runs`` runs, and the least and the median are reported (other work on the machine only ever adds
to the least). With several ``--src NAME=PATH`` source trees, the runs of the trees are interleaved, so their
ratio is measured under the same load.

    python bench/cli_startup.py --src before=/path/to/old/src --src after=src --runs 7
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
from pathlib import Path

COMMANDS = (("--help",), ("rules",), ("rules", "standard"), ("rules", "killer", "--json"), ("simulate", "--help"))
SCRIPT = "import sys; from sevens.cli.app import main; sys.argv = ['sevens', *sys.argv[1:]]; main()"
SRC = Path(__file__).resolve().parents[1] / "src"


def cpu_seconds(args: tuple[str, ...] | list[str], src: Path | str = SRC) -> float:
    """The CPU time of one run of ``sevens ARGS`` with the package from ``src``; ``args`` empty: a bare
    interpreter (``python -c pass``)."""
    command = [sys.executable, "-c", SCRIPT, *args] if args else [sys.executable, "-c", "pass"]
    env = {**os.environ, "PYTHONPATH": str(src), "COLUMNS": "100"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def least_cpu_seconds(args: tuple[str, ...] | list[str], src: Path | str = SRC, runs: int = 5) -> float:
    """The least CPU time of ``runs`` runs."""
    return min(cpu_seconds(args, src) for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", action="append", default=[], help="NAME=PATH of a source tree (repeatable)")
    parser.add_argument("--runs", type=int, default=7)
    options = parser.parse_args()
    trees = dict(item.split("=", 1) for item in options.src) or {"this": str(SRC)}
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(options.runs):
        times.setdefault(("python -c pass", ""), []).append(cpu_seconds(()))
        for name, path in trees.items():
            for args in COMMANDS:
                times.setdefault((f"sevens {' '.join(args)}", name), []).append(cpu_seconds(args, path))
    print("| command | tree | least CPU s | median CPU s |\n|---|---|---|---|")
    for (command, name), values in times.items():
        values.sort()
        print(f"| `{command}` | {name or '-'} | {values[0]:.3f} | {values[len(values) // 2]:.3f} |")


if __name__ == "__main__":
    main()
