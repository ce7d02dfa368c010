"""Issue 29 part 3: a fast command line. ``sevens --help``, ``sevens rules`` and ``sevens simulate --help`` import
only what they use (no Textual, store, server, agents, plots, numpy or pydantic; describing rules loads no game
engine). (That the front-ends do not import one another is checked with the rest of the import graph, in
tests/test_architecture.py.)

The time they take (under 0.15 s of CPU each) is a benchmark's target, not a test's: a CPU time depends on the
machine and its load (issue 43: 0.166 s on a loaded CI machine). ``python bench/cli_startup.py --runs 9 --budget
0.15`` checks it; docs/benchmarks.md has its figures. What makes a command slow, the modules it loads, is tested
here."""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench_scripts import load_bench_script

SRC = Path(__file__).parents[1] / "src"
HEAVY = ("textual", "sqlalchemy", "alembic", "fastapi", "uvicorn", "matplotlib", "numpy", "numba", "pydantic",
         "sevens.store", "sevens.agents", "sevens.server.app", "sevens.tui.app", "sevens.arena.tournament")  # fmt: skip

RUN_AND_LIST = """
import contextlib, io, json, sys
sys.argv = ["sevens", *json.loads(sys.argv[1])]
from sevens.cli.app import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main()
    except SystemExit as exc:
        assert exc.code in (0, None), exc.code
print(json.dumps(sorted(sys.modules)))
"""


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "100"}


RULES = [["rules"], ["rules", "standard"], ["rules", "killer", "--json"]]
# What describing rules needs of the games: the families' packages, their Rules and presets (Killer's rules check
# an enclosure against its grid; Seven Twenty-Seven's package shows `evaluate`, whose name is also its module's).
RULES_NEED = {"sevens.games", "sevens.games.base", "sevens.games.registry", "sevens.games.rules_base",
              "sevens.games.arguments", "sevens.games.killer.geometry", "sevens.games.seven27.evaluate",
              *(f"sevens.games.{family}{part}" for family in ("shichinarabe", "killer", "seven27")
                for part in ("", ".rules"))}  # fmt: skip


def _loaded(args: list[str]) -> set[str]:
    """Every module loaded by one run of ``sevens ARGS``."""
    out = subprocess.run([sys.executable, "-c", RUN_AND_LIST, json.dumps(args)], env=_env(), capture_output=True,
                         text=True, check=True).stdout  # fmt: skip
    return set(json.loads(out))


@pytest.mark.parametrize("args", [["--help"], *RULES, ["simulate", "--help"], ["play", "--help"], ["serve", "--help"]])
def test_a_command_imports_only_what_it_uses(args: list[str]) -> None:
    loaded = _loaded(args)
    heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY or any(m.startswith(h + ".") or m == h for h in HEAVY))
    assert not heavy, f"`sevens {' '.join(args)}` imported {heavy}"


@pytest.mark.parametrize("args", RULES)
def test_describing_rules_loads_no_engine(args: list[str]) -> None:
    """No family's state, position, view, record or registry entry (nor the kernel): only the rules."""
    games = {m for m in _loaded(args) if m.startswith(("sevens.games", "sevens.kernel"))}
    assert games <= RULES_NEED, f"`sevens {' '.join(args)}` imported {sorted(games - RULES_NEED)}"


def test_the_benchmark_names_the_commands_over_the_cpu_budget() -> None:
    over_budget = load_bench_script("cli_startup").over_budget
    assert over_budget({"sevens --help": 0.09, "sevens rules": 0.151}, 0.15) == ["sevens rules (0.151 s)"]
    assert over_budget({"sevens --help": 0.15}, 0.15) == []


def test_typer_evaluates_no_annotation_text() -> None:
    """A command's annotations written as text (``from __future__ import annotations``) are evaluated by typer on
    every start of every command; the commands keep real annotations."""
    from sevens.cli.app import app

    texts = {
        f"{info.callback.__module__}.{info.callback.__name__}: {name}"
        for info in app.registered_commands
        if info.callback is not None
        for name, annotation in inspect.get_annotations(info.callback).items()
        if isinstance(annotation, str)
    }
    assert not texts, sorted(texts)
