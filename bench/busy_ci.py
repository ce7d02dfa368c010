"""The whole CI on a busy machine, as a contributor runs it: ``bash .ci/run`` in a fresh clone, with four
processes burning the CPU beside it, several times in a row (issue 43: a suite that holds on any machine).

Each run clones the repository's committed ``--rev`` (default ``HEAD``; uncommitted changes are not in it) into a
new folder, runs the command there (default ``bash .ci/run``: installs included) while ``--burners`` processes
spin, and reports its result and duration; the burners run from before the first run to after the last. Each
run's output goes to a log file in ``--logs`` (default: a new folder, printed). The exit status is 1 when a run
failed. Three runs of the real CI take an hour or more on a 2-core machine:

    python3 bench/busy_ci.py --runs 3                        # the check of issue 43
    python3 bench/busy_ci.py --runs 1 --burners 0            # CI's duration on an idle machine
    python3 bench/busy_ci.py --runs 2 --command 'git log -1' # the script's own mechanics, in seconds

``.ci/run`` installs Debian packages only when some are missing (then it must run as root); on a machine where
they are, any user can run this.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BURN = "while True: pass"


@dataclass(frozen=True)
class Run:
    number: int
    returncode: int
    seconds: float
    load: tuple[float, float]  # the 1-minute load average when the run started and when it ended
    log: Path

    @property
    def passed(self) -> bool:
        return self.returncode == 0


@contextmanager
def burning(processes: int) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``processes`` Python processes spinning on the CPU until the block ends (then killed and reaped)."""
    burners = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(processes)]
    try:
        yield burners
    finally:
        for burner in burners:
            burner.kill()
        for burner in burners:
            burner.wait()


def clone(repo: Path, rev: str, into: Path) -> None:
    """A fresh clone of ``repo`` at ``rev`` in ``into`` (which must not exist)."""
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(repo), str(into)], check=True)
    subprocess.run(["git", "-C", str(into), "checkout", "--quiet", "--detach", rev], check=True)


def run_once(number: int, repo: Path, rev: str, command: list[str], logs: Path, keep: bool) -> Run:
    """Clone, run ``command`` in the clone (its output to ``logs/run-N.log``), remove the clone unless ``keep``."""
    log = logs / f"run-{number}.log"
    workdir = Path(tempfile.mkdtemp(prefix=f"sevens-busy-ci-{number}-"))
    checkout = workdir / "sevens"
    load_before = os.getloadavg()[0]
    started = time.monotonic()
    try:
        clone(repo, rev, checkout)
        with log.open("wb") as out:
            returncode = subprocess.run(command, cwd=checkout, stdout=out, stderr=subprocess.STDOUT).returncode
    finally:
        if not keep:
            shutil.rmtree(workdir, ignore_errors=True)
    return Run(number, returncode, time.monotonic() - started, (load_before, os.getloadavg()[0]), log)


def summary(runs: list[Run], burners: int) -> str:
    """A Markdown table of the runs (for docs/benchmarks.md)."""
    rows = [f"{len(runs)} run(s), {burners} CPU burner(s) beside them", "",
            "| run | result | minutes | load average (start → end) | log |", "|---|---|---|---|---|"]  # fmt: skip
    for r in runs:
        result = "passed" if r.passed else f"**failed** (exit {r.returncode})"
        rows.append(f"| {r.number} | {result} | {r.seconds / 60:.1f} | {r.load[0]:.1f} → {r.load[1]:.1f} | {r.log} |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs in a row (default 3)")
    parser.add_argument("--burners", type=int, default=4, help="CPU-burning processes beside them (default 4)")
    parser.add_argument("--command", default="bash .ci/run", help="what to run in each clone (default: bash .ci/run)")
    parser.add_argument("--repo", type=Path, default=ROOT, help="the repository to clone (default: this one)")
    parser.add_argument("--rev", default="HEAD", help="the commit to clone (default HEAD)")
    parser.add_argument("--logs", type=Path, help="folder for the runs' logs (default: a new temporary folder)")
    parser.add_argument("--keep", action="store_true", help="keep each clone (default: removed after its run)")
    options = parser.parse_args()
    if options.runs < 1:
        parser.error(f"--runs {options.runs}: give at least 1")
    if options.burners < 0:
        parser.error(f"--burners {options.burners}: give 0 or more")
    command = shlex.split(options.command)
    if not command:
        parser.error("--command is empty: give a command to run in each clone")
    rev = subprocess.run(["git", "-C", str(options.repo), "rev-parse", "--verify", options.rev + "^{commit}"],
                         capture_output=True, text=True, check=False)  # fmt: skip
    if rev.returncode != 0:
        parser.error(f"--rev {options.rev}: not a commit of {options.repo}")
    logs = options.logs or Path(tempfile.mkdtemp(prefix="sevens-busy-ci-logs-"))
    logs.mkdir(parents=True, exist_ok=True)
    print(f"{options.runs} run(s) of `{options.command}` in fresh clones of {options.repo} at "
          f"{rev.stdout.strip()[:12]}, {options.burners} burner(s); logs in {logs}", flush=True)  # fmt: skip
    runs: list[Run] = []
    with burning(options.burners):
        for number in range(1, options.runs + 1):
            run = run_once(number, options.repo, rev.stdout.strip(), command, logs, options.keep)
            runs.append(run)
            result = "passed" if run.passed else f"FAILED (exit {run.returncode})"
            print(f"run {number}/{options.runs}: {result} in {run.seconds:.0f} s ({run.seconds / 60:.1f} min), "
                  f"load {run.load[0]:.1f} → {run.load[1]:.1f}, log {run.log}", flush=True)  # fmt: skip
    print(summary(runs, options.burners))
    if not all(run.passed for run in runs):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
