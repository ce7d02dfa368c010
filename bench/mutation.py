"""Mutation testing of one area of the package with mutmut, against the tests that cover it (issue 43).

An area (``[tool.sevens.mutation]`` in pyproject.toml) names the files to mutate and the tests to run. The
script copies the repository's ``src``, ``tests``, ``bench``, ``docs``, ``conftest.py`` and ``pyproject.toml``
into a work folder, writes mutmut's configuration for the area there (``[tool.mutmut]``: mutmut reads only
pyproject.toml), runs ``mutmut run`` in it — mutmut runs the area's tests once to learn which test reaches which
function, then each mutant against only those tests — and reports the area's kill ratio and its survivors:

    python bench/mutation.py session [--jobs 2] [--work .mutation] [--show] [--survivors]

A mutant counts as killed when a test failed, timed out or the type checker refused it; one that no test
reaches ("no tests") counts as a survivor. The work folder keeps mutmut's results, so a second run of the same
area tests only mutants of functions that changed; ``--survivors`` tests again only the mutants that survived
the last run (after new tests were written for them); ``mutmut show NAME`` there prints one mutant's diff
(``--show`` prints every survivor's). docs/decisions.md lists the survivors judged equivalent, with reasons.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COPIED = ("src", "tests", "bench", "docs", "conftest.py", "pyproject.toml")  # docs: tests read the examples in it
KILLED = {"killed", "timeout", "caught by type check"}
RESULT_LINE = re.compile(r"^\s+(\S+): (.+)$")


@dataclass(frozen=True)
class Area:
    name: str
    mutate: list[str]
    tests: list[str]
    deselect: list[str]
    ignore: list[str]  # test files not even collected (one whose collection fails under mutmut)


def areas(pyproject: Path = ROOT / "pyproject.toml") -> dict[str, Area]:
    """The areas of ``[tool.sevens.mutation]``."""
    table = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["sevens"]["mutation"]
    return {
        name: Area(name, list(a["mutate"]), list(a["tests"]), list(a.get("deselect", [])), list(a.get("ignore", [])))
        for name, a in table.items()
    }


def mutmut_config(area: Area) -> str:
    """``[tool.mutmut]`` for one area, as TOML."""

    def strings(values: list[str]) -> str:
        return "[" + ", ".join(f'"{v}"' for v in values) + "]"

    selection = [
        *area.tests,
        *(f"--deselect={path}" for path in area.deselect),
        *(f"--ignore={path}" for path in area.ignore),
    ]
    # -p no:xdist: mutmut runs each mutant's tests in one process; -x: the first failure kills the mutant
    return "\n".join([
        "[tool.mutmut]",
        'source_paths = ["src"]',
        f"only_mutate = {strings(area.mutate)}",
        f"pytest_add_cli_args = {strings(['-x', '-q', '-p', 'no:cacheprovider', '-p', 'no:randomly', '--no-cov'])}",
        f"pytest_add_cli_args_test_selection = {strings(selection)}",
        'also_copy = ["bench", "docs", "conftest.py"]',
        "",
    ])  # fmt: skip


def prepare(area: Area, work: Path) -> None:
    """The work folder: the repository's files (refreshed) and mutmut's configuration for ``area``."""
    work.mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        source, target = ROOT / name, work / name
        if source.is_dir():
            shutil.copytree(source, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, target)
    pyproject = work / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8").replace("--doctest-modules ", "")  # doctests are not the area's tests
    pyproject.write_text(text + "\n" + mutmut_config(area), encoding="utf-8")


def tally(results: str) -> Counter[str]:
    """Statuses counted from ``mutmut results --all true``."""
    return Counter(match.group(2) for line in results.splitlines() if (match := RESULT_LINE.match(line)))


def survivors(results: str) -> list[str]:
    """The names of the mutants that were not killed."""
    return [m.group(1) for line in results.splitlines() if (m := RESULT_LINE.match(line)) and m.group(2) not in KILLED]


def kill_ratio(counts: Counter[str]) -> float:
    """Killed (a test failed, timed out, or the type checker refused it) over every mutant (0 with none).

    >>> kill_ratio(Counter({"killed": 9, "survived": 1, "no tests": 1, "timeout": 1}))
    0.8333333333333334
    """
    total = sum(counts.values())
    return sum(n for status, n in counts.items() if status in KILLED) / total if total else 0.0


def main() -> None:
    known = areas()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("area", choices=sorted(known), help="the area of [tool.sevens.mutation] to mutate")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    parser.add_argument("--work", type=Path, default=ROOT / ".mutation", help="work folder (default .mutation/)")
    parser.add_argument("--show", action="store_true", help="print each survivor's diff")
    parser.add_argument("--survivors", action="store_true", help="test only the last run's survivors again")
    options = parser.parse_args()
    if options.jobs < 1:
        parser.error(f"--jobs {options.jobs}: give at least 1")
    area = known[options.area]
    work = options.work.resolve() / area.name
    prepare(area, work)
    mutmut = [sys.executable, "-m", "mutmut"]
    env = dict(os.environ)  # mutmut puts the work folder's mutants/src first on the path itself
    # mutmut forks each mutant's test process from one that has already run the kernel's parallel loops: numba's
    # default threading layer here (GNU OpenMP) aborts a forked child's first parallel loop ("fork() called from
    # a process already using GNU OpenMP"), which mutmut reports as "suspicious"; the workqueue layer is fork-safe
    env.setdefault("NUMBA_THREADING_LAYER", "workqueue")
    # each test starts with the package's functools caches empty (conftest.py): a mutant in a table's builder
    # would otherwise never run in mutmut's forks of a process whose tables are already built
    env["SEVENS_FRESH_CACHES"] = "1"

    def results() -> str:
        return subprocess.run([*mutmut, "results", "--all", "true"], cwd=work, env=env, capture_output=True,
                              text=True, check=True).stdout  # fmt: skip

    again = survivors(results()) if options.survivors and (work / "mutants").exists() else []
    if options.survivors and not again:
        parser.error(f"--survivors: no survivors of an earlier run of {area.name} in {work}")
    run = subprocess.run([*mutmut, "run", "--max-children", str(options.jobs), *again], cwd=work, env=env,
                         check=False)  # fmt: skip
    listed = results()
    counts = tally(listed)
    ratio = kill_ratio(counts)
    print(f"{area.name}: {ratio:.1%} of {sum(counts.values())} mutants killed ({dict(sorted(counts.items()))})")
    left = survivors(listed)
    for name in left:
        print(f"  survived: {name}")
        if options.show:
            print(subprocess.run([*mutmut, "show", name], cwd=work, env=env, capture_output=True, text=True).stdout)
    if run.returncode != 0:
        raise SystemExit(run.returncode)


if __name__ == "__main__":
    main()
