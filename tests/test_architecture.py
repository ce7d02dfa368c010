"""The package's import graph follows DESIGN.md: no cycles (imports inside functions count), no module importing a
higher layer, no front-end importing another, and no test or bench harness inside the product.

The graph is read from the source with :mod:`ast`, so it sees every import a module can make, not only the ones
one run happens to execute."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "sevens"

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
}
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


def imported(name: str, path: Path, known: set[str]) -> Iterator[str]:
    """Every ``sevens`` module that ``name`` imports anywhere in its source (resolved to a module, not a symbol)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        for target in targets:
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


def test_the_graph_reads_imports_inside_functions() -> None:
    """The check would be worthless if it missed ``import`` statements in function bodies."""
    edges = graph()
    lazily = [
        (name, path) for name, path in modules().items()
        if any(isinstance(n, ast.FunctionDef) and any(isinstance(m, ast.ImportFrom | ast.Import) for m in ast.walk(n))
               for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))))
    ]
    assert lazily, "expected some function-level imports in the package"
    name, path = lazily[0]
    inner = {
        m.module for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.FunctionDef)
        for m in ast.walk(n) if isinstance(m, ast.ImportFrom) and m.module and m.module.startswith("sevens")
    }
    for module in inner:
        assert any(t == module or module.startswith(t + ".") or t.startswith(module) for t in edges[name]), module
