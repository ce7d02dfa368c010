"""The package's import graph follows DESIGN.md: no cycles (imports inside functions and under ``TYPE_CHECKING``
count: a circle of any kind means two modules that cannot be read apart), no module importing a higher layer, no
front-end importing another, and no test or bench harness inside the product, nor any import of one.

The graph is read from the source with :mod:`ast`, so it sees every import a module can make, not only the ones
one run happens to execute. This is the one place the import graph is checked."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "sevens"

# DESIGN.md's layers, lowest first: a module may import its own layer and the ones below, never one above.
LAYERS: dict[str, int] = {
    "cards": 0, "rng": 0, "errors": 0, "i18n": 0, "locale": 0, "lazy_exports": 0,
    "games": 1, "rules_text": 1, "policy_weights": 1,  # the heuristic's weights: data the kernel and agents read
    "kernel": 2,
    "agents": 3,
    "session": 4,
    "arena": 5, "envs": 5,
    "store": 6,
    "command_options": 7, "render": 7,  # what several front-ends share: options, drawings of a table
    "cli": 8, "tui": 8, "server": 8,
}  # fmt: skip
FRONT_ENDS = {"cli", "tui", "server"}
# The package's own __init__ and __main__ sit above everything. The `sevens` command (the cli package) is the
# one dispatcher: it may call another front-end's entry points, its ``command`` module (``sevens play``,
# ``sevens serve``, ``sevens replay --session --step``), and nothing else of it.
TOP = {"__init__", "__main__"}


def dispatches(name: str, target: str) -> bool:
    return name.startswith("sevens.cli.") and target.endswith(".command") and layer_of(target) in FRONT_ENDS


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def import_targets(name: str, path: Path) -> Iterator[str]:
    """Every name the module ``name`` (source ``path``) imports anywhere: at the top, in a function, under
    ``TYPE_CHECKING``; relative imports made absolute, and ``from a import b`` giving both ``a.b`` and ``a``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            yield from (f"{base}.{alias.name}" for alias in node.names)
            yield base


def imported(name: str, path: Path, known: set[str]) -> Iterator[str]:
    """Every ``sevens`` module that ``name`` imports anywhere in its source (resolved to a module, not a symbol)."""
    for target in import_targets(name, path):
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target.startswith("sevens") and target != name:
            yield target


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    edges = {name: set(imported(name, path, known)) for name, path in found.items()}
    # ``from sevens.games import shichinarabe`` names the package ``sevens.games`` too: an __init__ importing its
    # own children is the normal way a package shows its API, so a package never depends on itself through them.
    for name, targets in edges.items():
        edges[name] = {t for t in targets if not (t in name.split(".") or name.startswith(t + "."))}
    return edges


def layer_of(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm: the cycles of the graph, each as its sorted members."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            members = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                members.append(member)
                if member == node:
                    break
            if len(members) > 1:
                found.append(sorted(members))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_every_top_level_module_has_a_layer() -> None:
    unknown = sorted({layer_of(name) for name in modules()} - set(LAYERS) - TOP)
    assert not unknown, f"give these a layer in LAYERS (DESIGN.md): {unknown}"


def test_no_import_cycles() -> None:
    cycles = strongly_connected(graph())
    assert not cycles, "import cycles:\n" + "\n".join(" ↔ ".join(cycle) for cycle in cycles)


def test_no_module_imports_a_higher_layer_or_another_front_end() -> None:
    wrong = []
    for name, targets in graph().items():
        mine = layer_of(name)
        if mine in TOP:
            continue
        for target in targets:
            theirs = layer_of(target)
            if theirs in TOP:
                wrong.append(f"{name} -> {target} (the package's top)")
            elif LAYERS[theirs] > LAYERS[mine]:
                wrong.append(f"{name} -> {target} ({theirs} is above {mine})")
            elif mine in FRONT_ENDS and theirs in FRONT_ENDS and mine != theirs and not dispatches(name, target):
                wrong.append(f"{name} -> {target} (a front-end imports another)")
    assert not wrong, "imports against DESIGN.md's layers:\n" + "\n".join(sorted(wrong))


@pytest.mark.parametrize("harness", ["redis-server", "CREATE SCHEMA", "create_schema"])
def test_no_test_or_bench_harness_in_the_package(harness: str) -> None:
    holders = [str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py") if harness in p.read_text(encoding="utf-8")]
    assert not holders, f"{harness!r} belongs to tests/ or bench/, found in {holders}"
    assert not (PACKAGE / "server" / "process.py").exists()  # the harness's old home; now tests/harness/process.py


def test_nothing_in_the_package_imports_the_tests_or_the_bench() -> None:
    """What tests/ and bench/ hold (the harness, helpers, test packages) is importable only beside the product."""
    outside = {"tests", "bench"} | {
        path.stem
        for folder in (ROOT / "tests", ROOT / "bench")
        for path in folder.iterdir()
        if path.suffix == ".py" or (path / "__init__.py").exists()
    }
    assert {"harness", "bench_scripts", "cli_startup"} <= outside
    wrong = sorted(
        f"{name} imports {target}"
        for name, path in modules().items()
        for target in import_targets(name, path)
        if target.split(".")[0] in outside
    )
    assert not wrong, wrong


def test_the_graph_reads_imports_in_functions_under_type_checking_and_relative_ones(tmp_path: Path) -> None:
    """The checks would be worthless if the graph missed an import that does not run at a module's top."""
    known = {"sevens.x.a", "sevens.x.b"}
    (tmp_path / "a.py").write_text("def f():\n    from sevens.x import b\n")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import f\n")
    edges = {name: set(imported(name, tmp_path / f"{name[-1]}.py", known)) for name in known}
    assert edges == {"sevens.x.a": {"sevens.x.b"}, "sevens.x.b": {"sevens.x.a"}}
    assert strongly_connected(edges) == [["sevens.x.a", "sevens.x.b"]]
    assert strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_graph_reads_the_package() -> None:
    edges = graph()
    assert len(edges) > 200
    assert "sevens.games.killer.state" in edges["sevens.games.killer.position"]
    assert "sevens.games.registry" in edges["sevens.cli.commands"]  # imported inside `sevens rules`


def test_the_kernel_and_the_agents_read_one_copy_of_the_weights_and_lanes() -> None:
    """Why the kernel needs nothing above it: the data both read (heuristic weights, lanes) lives below both."""
    from sevens.agents.shichinarabe import board, policy
    from sevens.games.shichinarabe import lanes
    from sevens.policy_weights import DEFAULT_WEIGHTS, Weights

    assert policy.Weights is Weights and policy.DEFAULT_WEIGHTS is DEFAULT_WEIGHTS
    assert board.row_lanes is lanes.row_lanes and board.both_open is lanes.both_open


SERVER = PACKAGE / "server"
# What server/'s top level may hold: what its folders (room/, site/, api/) all share. A new module belongs in one
# of the folders unless every one of them needs it.
SERVER_TOP_AT_MOST = 14


def test_the_server_shows_its_rooms_in_folders() -> None:
    """DESIGN.md: server/ is grouped in packages by what they serve (a room and its parts, the site, the HTTP API)."""
    top = sorted(path.stem for path in SERVER.glob("*.py") if path.stem not in TOP)
    loose_parts = [name for name in top if name.startswith("room") and name != "rooms"]
    assert not loose_parts, f"a room's parts belong in room/: {loose_parts}"
    assert len(top) <= SERVER_TOP_AT_MOST, f"server/ holds {len(top)} modules at its top: group them ({top})"
    packages = {path.parent.name for path in SERVER.glob("*/__init__.py")}
    assert {"room", "site", "api"} <= packages
    assert {"room", "frames", "seats", "rounds", "moves", "dispatch", "info", "shape"} <= {
        path.stem for path in (SERVER / "room").glob("*.py")
    }
    assert {"cluster", "lifecycle", "edge"} <= {path.stem for path in (SERVER / "site").glob("*.py")}
    assert (SERVER / "api" / "routes" / "__init__.py").exists()


@pytest.mark.parametrize("package", ["room", "site", "api"])
def test_the_server_folders_import_nothing_at_their_door(package: str) -> None:
    """Importing one part (the wire format reads room/reactions) must not load the whole folder: no import circle at
    run time that the graph above, which lets a module import its own package, would not see."""
    tree = ast.parse((SERVER / package / "__init__.py").read_text(encoding="utf-8"))
    assert not [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]


# Complexity (issue 43): no block in games/ or agents/ above radon's cyclomatic complexity 10, except the hot loops
# below, each with the reason it stays in one piece (splitting it would cost speed: docs/decisions.md; each says so
# in a comment). A block that no longer needs its entry must leave the list, so the list says the truth.
MAX_COMPLEXITY = 10
COMPLEXITY_SCOPE = ("games", "agents")
HOT_LOOPS: dict[str, str] = {
    "games/shichinarabe/state.py:State.apply": "every simulated move; the plain play and the pass are inlined",
    "games/killer/state.py:State.apply": "every simulated move; the play, its deaths and the pass are inlined",
    "agents/killer/policy.py:card_score": "scores each candidate card of every playout move (Board.kills inlined)",
    "agents/killer/policy.py:predict": "the playouts' and the posterior's move choice, over raw bit sets",
    "agents/shichinarabe/search.py:Rollout.value": "the Python playout loop: one pass per simulated move",
    "agents/shichinarabe/sampling.py:OpponentModel.seat_component_logs": "each swap of the posterior chain",
    "agents/shichinarabe/sampling.py:OpponentModel._explains_plain": "each past choice, at each swap of the chain",
    "agents/seven27/rollout.py:Rollout.share": "the card rounds of every Seven Twenty-Seven playout",
}


def complex_blocks() -> dict[str, int]:
    """Every function, method and class of games/ and agents/ above :data:`MAX_COMPLEXITY`, by
    ``path:qualified name`` (as ``radon cc`` lists them: a class rates its methods' mean plus one)."""
    from radon.complexity import cc_visit

    found: dict[str, int] = {}
    for part in COMPLEXITY_SCOPE:
        for path in sorted((PACKAGE / part).rglob("*.py")):
            where = path.relative_to(PACKAGE).as_posix()
            for block in cc_visit(path.read_text(encoding="utf-8")):
                if block.complexity > MAX_COMPLEXITY:
                    found[f"{where}:{block.fullname}"] = block.complexity
    return found


def test_no_function_in_games_or_agents_is_too_complex_to_read() -> None:
    found = complex_blocks()
    too_complex = {name: rating for name, rating in found.items() if name not in HOT_LOOPS}
    assert not too_complex, f"above complexity {MAX_COMPLEXITY} (split it, or say why it is a hot loop): {too_complex}"
    stale = sorted(HOT_LOOPS.keys() - found.keys())
    assert not stale, f"listed as too complex but no longer above {MAX_COMPLEXITY}: take them off the list: {stale}"


def test_the_complexity_check_sees_a_branchy_function() -> None:
    from radon.complexity import cc_visit

    branches = "".join(f"    if x == {n}:\n        return {n}\n" for n in range(MAX_COMPLEXITY))
    (block,) = cc_visit(f"def branchy(x):\n{branches}    return -1\n")
    assert block.fullname == "branchy" and block.complexity == MAX_COMPLEXITY + 1
