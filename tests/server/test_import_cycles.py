"""The server's modules import one another without a circle: every ``import`` counts, at the top of a module, inside
a function, or under ``TYPE_CHECKING`` (a circle of any kind means two modules that cannot be read apart). The
graph is read with :mod:`ast`, so nothing is imported to check it."""

from __future__ import annotations

import ast
from pathlib import Path

import sevens

PACKAGE_DIR = Path(sevens.__file__).parent
CHECKED = ("sevens.server", "sevens.store")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, name: str, known: set[str]) -> set[str]:
    """The package's modules ``path`` imports (``from a import b`` counts ``a.b`` when that is a module, else ``a``)."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {m for m in found if m in known and m != name}


def import_graph() -> dict[str, set[str]]:
    paths = {module_name(p): p for p in PACKAGE_DIR.rglob("*.py")}
    known = set(paths)
    return {name: imports_of(path, name, known) for name, path in paths.items()}


def cycles(graph: dict[str, set[str]], within: tuple[str, ...]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), among modules under ``within``."""
    nodes = sorted(n for n in graph if n.startswith(within))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for succ in sorted(graph[node]):
            if not succ.startswith(within):
                continue
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in nodes:
        if node not in index:
            visit(node)
    return found


def test_the_server_and_the_store_import_without_circles() -> None:
    assert cycles(import_graph(), CHECKED) == []


def test_the_check_sees_a_circle_through_a_function_level_import(tmp_path: Path) -> None:
    known = {"sevens.server.a", "sevens.server.b", "sevens.server.c"}
    (tmp_path / "a.py").write_text("def f():\n    from sevens.server import b\n")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import f\n")
    graph = {name: imports_of(tmp_path / f"{name[-1]}.py", name, known) for name in sorted(known - {"sevens.server.c"})}
    assert graph == {"sevens.server.a": {"sevens.server.b"}, "sevens.server.b": {"sevens.server.a"}}
    assert cycles(graph, CHECKED) == [["sevens.server.a", "sevens.server.b"]]


def test_nothing_in_the_package_imports_the_test_harness() -> None:
    """The harness that starts redis-server and creates PostgreSQL schemas lives in tests/, not in the product."""
    imported: set[str] = set()
    for path in PACKAGE_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
    assert not {m for m in imported if m.split(".")[0] in ("harness", "tests")}
    assert not (PACKAGE_DIR / "server" / "process.py").exists()
