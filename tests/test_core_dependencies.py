"""A core install (`pip install sevens`, the README's first command) can import every module outside the
optional extras: each third-party package a core module imports at its top is a core dependency or comes with
one. (numpy once reached the agents only through matplotlib; when matplotlib became an extra, `sevens serve`
failed at the first computer player.)"""

from __future__ import annotations

import ast
import re
import tomllib
from importlib.metadata import PackageNotFoundError, packages_distributions, requires
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "sevens"
# Modules that need an extra (research, multinode, plot, postgres), named in pyproject and docs.
OPTIONAL = ("envs/", "kernel/", "arena/ray_executor.py", "arena/plot.py", "server/site/cluster.py")


def name_of(requirement: str) -> str:
    return re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def core_closure() -> set[str]:
    """The core dependencies and, recursively, what they require (their own extras left out)."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    seen: set[str] = set()
    todo = [*declared]
    while todo:
        requirement = todo.pop()
        name = name_of(requirement)
        if name in seen or "extra ==" in requirement:
            continue
        seen.add(name)
        extras = re.findall(r"\[([^\]]+)\]", requirement.split(";")[0])
        try:
            subs = requires(name) or []
        except PackageNotFoundError:  # a requirement whose marker leaves it out here (another Python, OS)
            continue
        for sub in subs:
            marker = sub.split(";", 1)[1] if ";" in sub else ""
            if "extra ==" not in marker or any(f'"{e.strip()}"' in marker for x in extras for e in x.split(",")):
                todo.append(sub.split(";", 1)[0] if "extra ==" in marker else sub)
    return seen


def top_level_imports(path: Path) -> set[str]:
    """Third-party top-level names imported at a module's top (not inside functions or TYPE_CHECKING)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_every_core_module_imports_only_core_dependencies() -> None:
    closure = core_closure()
    distributions = packages_distributions()
    missing = {}
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith(OPTIONAL):
            continue
        for name in top_level_imports(path):
            if name == "sevens" or name not in distributions:  # the package itself, or the standard library
                continue
            if not {d.lower().replace("_", "-") for d in distributions[name]} & closure:
                missing[relative] = name
    assert not missing, f"imported by core modules but not a core dependency (pyproject): {missing}"
