"""CPU time of the command line's start-up: ``sevens --help``, ``sevens rules`` (alone, with a preset, with
``--json``) and ``sevens simulate --help``.

Each command runs in a new interpreter; its CPU time (user + system, from ``getrusage`` of the children) is
taken over ``--runs`` runs, and the least and the median are reported (other work on the machine only ever adds
to the least). With several ``--src NAME=PATH`` source trees, the runs of the trees are interleaved, so their
ratio is measured under the same load.

The package's modules are read as an installed package has them: compiled once (into a private
``PYTHONPYCACHEPREFIX``, before the measured runs), whatever ``PYTHONDONTWRITEBYTECODE`` says. ``--bytecode none``
(or ``cached,none``: both, interleaved) measures instead with no bytecode written, as on a machine that sets
``PYTHONDONTWRITEBYTECODE``: a tree without ``__pycache__`` is then compiled on every run.

    python bench/cli_startup.py --src before=/path/to/old/src --src after=src --runs 7 --bytecode cached,none

``--budget 0.15`` checks issue 29's target (every command under 0.15 s of CPU, least of the runs, bytecode
cached): the commands above it are named on standard error and the exit status is 1. It was a unit test until
issue 43; a CPU time depends on the machine and its load, so the target is a benchmark's, run on a quiet machine.

    python bench/cli_startup.py --runs 9 --budget 0.15
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

COMMANDS = (("--help",), ("rules",), ("rules", "standard"), ("rules", "killer", "--json"), ("simulate", "--help"))
SCRIPT = "import sys; from sevens.cli.app import main; sys.argv = ['sevens', *sys.argv[1:]]; main()"
SRC = Path(__file__).resolve().parents[1] / "src"


def cpu_seconds(args: tuple[str, ...] | list[str], src: Path | str = SRC, bytecode: Path | None = None) -> float:
    """The CPU time of one run of ``sevens ARGS`` with the package from ``src``; ``args`` empty: a bare
    interpreter (``python -c pass``). ``bytecode``: the folder the compiled modules are kept in; ``None``: no
    bytecode is written."""
    command = [sys.executable, "-c", SCRIPT, *args] if args else [sys.executable, "-c", "pass"]
    env = {**os.environ, "PYTHONPATH": str(src), "COLUMNS": "100"}
    env.pop("PYTHONPYCACHEPREFIX", None)
    if bytecode is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(bytecode)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def least_cpu_seconds(args: tuple[str, ...] | list[str], src: Path | str = SRC, runs: int = 5) -> float:
    """The least CPU time of ``runs`` runs, the modules compiled once beforehand (as installed)."""
    with tempfile.TemporaryDirectory(prefix="sevens-bytecode-") as folder:
        cpu_seconds(args, src, Path(folder))  # compiles; not measured
        return min(cpu_seconds(args, src, Path(folder)) for _ in range(runs))


def over_budget(least: dict[str, float], budget: float) -> list[str]:
    """The commands whose least CPU time is above ``budget`` seconds, each with its time.

    >>> over_budget({"sevens --help": 0.09, "sevens rules": 0.16}, 0.15)
    ['sevens rules (0.160 s)']
    """
    return [f"{command} ({seconds:.3f} s)" for command, seconds in least.items() if seconds > budget]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", action="append", default=[], help="NAME=PATH of a source tree (repeatable)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--bytecode", default="cached", help="cached (as installed), none, or cached,none")
    parser.add_argument("--budget", type=float, help="seconds of CPU no command may take (least, bytecode cached)")
    options = parser.parse_args()
    trees = dict(item.split("=", 1) for item in options.src) or {"this": str(SRC)}
    conditions = options.bytecode.split(",")
    if not conditions or set(conditions) - {"cached", "none"}:
        parser.error(f"--bytecode {options.bytecode!r}: give cached, none or cached,none")
    times: dict[tuple[str, str, str], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="sevens-bytecode-") as folder:
        cache = {"cached": Path(folder), "none": None}
        for path in trees.values():
            for args in COMMANDS:
                cpu_seconds(args, path, cache["cached"])  # compiles every tree's modules; not measured
        for _ in range(options.runs):
            times.setdefault(("python -c pass", "", ""), []).append(cpu_seconds(()))
            for name, path in trees.items():
                for args in COMMANDS:
                    for condition in conditions:
                        key = (f"sevens {' '.join(args)}", name, condition)
                        times.setdefault(key, []).append(cpu_seconds(args, path, cache[condition]))
    print("| command | tree | bytecode | least CPU s | median CPU s |\n|---|---|---|---|---|")
    for (command, name, condition), values in times.items():
        values.sort()
        least, median = values[0], values[len(values) // 2]
        print(f"| `{command}` | {name or '-'} | {condition or '-'} | {least:.3f} | {median:.3f} |")
    if options.budget is not None:
        least_cached = {f"{command} [{name}]": min(values) for (command, name, condition), values in times.items()
                        if condition == "cached"}  # fmt: skip
        slow = over_budget(least_cached, options.budget)
        if slow:
            print(f"over the budget of {options.budget:g} s of CPU: {', '.join(slow)}", file=sys.stderr)
            raise SystemExit(1)
        print(f"every command under {options.budget:g} s of CPU (least of {options.runs})")


if __name__ == "__main__":
    main()
