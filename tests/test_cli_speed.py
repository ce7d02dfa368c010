"""Issue 29 part 3: a fast command line. ``sevens --help``, ``sevens rules`` and ``sevens simulate --help`` import
only what they use (no Textual, store, server, agents, plots, numpy or pydantic), and the two help pages take
under 0.15 s of CPU. Issue 29 part 2: the front-ends do not import one another (the terminal app and the
server share their options through :mod:`sevens.command_options`, not through the CLI)."""

from __future__ import annotations

import ast
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


@pytest.mark.parametrize(
    "args", [["--help"], ["rules"], ["simulate", "--help"], ["play", "--help"], ["serve", "--help"]]
)
def test_a_command_imports_only_what_it_uses(args: list[str]) -> None:
    out = subprocess.run([sys.executable, "-c", RUN_AND_LIST, json.dumps(args)], env=_env(), capture_output=True,
                         text=True, check=True).stdout  # fmt: skip
    loaded = set(json.loads(out))
    heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY or any(m.startswith(h + ".") or m == h for h in HEAVY))
    assert not heavy, f"`sevens {' '.join(args)}` imported {heavy}"


@pytest.mark.parametrize("args", [["--help"], ["simulate", "--help"]])
def test_help_takes_under_0_15_s_of_cpu(args: list[str]) -> None:
    seconds = load_bench_script("cli_startup").least_cpu_seconds(args, SRC, runs=9)  # load only adds to the least
    assert seconds < 0.15, f"`sevens {' '.join(args)}` took {seconds:.3f} s of CPU"


FRONT_ENDS = ("cli", "tui", "server")


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


@pytest.mark.parametrize("front_end", ["tui", "server"])
def test_the_terminal_app_and_the_server_import_no_other_front_end(front_end: str) -> None:
    """Only the command line itself (``sevens.cli.app``) gathers the front-ends' commands; the terminal app and
    the server never import the CLI or each other."""
    package = SRC / "sevens" / front_end
    wrong = {
        f"{path.relative_to(SRC)} imports {module}"
        for path in package.rglob("*.py")
        for module in _imports(path)
        for other in FRONT_ENDS
        if other != front_end and (module == f"sevens.{other}" or module.startswith(f"sevens.{other}."))
    }
    assert not wrong, sorted(wrong)
