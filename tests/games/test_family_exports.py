"""A family's package shows its whole API though it loads its engine only on first use (sevens.lazy_exports):
every public name is the very object of the module mypy is told it comes from (``if TYPE_CHECKING:``), also
after every module of the family has been imported, and importing the package loads no engine."""

from __future__ import annotations

import ast
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGES = ["sevens.games.shichinarabe", "sevens.games.killer", "sevens.games.seven27", "sevens.server"]


def type_checking_homes(package: str) -> dict[str, str]:
    """The module each name imported under ``if TYPE_CHECKING:`` in ``package``'s ``__init__`` comes from."""
    path = SRC.joinpath(*package.split("."), "__init__.py")
    homes: dict[str, str] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom) and statement.module, ast.unparse(statement)
                homes.update((alias.asname or alias.name, statement.module) for alias in statement.names)
    return homes


@pytest.mark.parametrize("package", PACKAGES)
def test_every_public_name_is_its_home_module_s_object(package: str) -> None:
    module = importlib.import_module(package)
    homes = type_checking_homes(package)
    assert homes and set(homes) <= set(module.__all__)
    for home in set(homes.values()):
        importlib.import_module(home)  # a module imported first must not hide a name of the same spelling
    for name in module.__all__:
        assert getattr(module, name) is not None
    for name, home in homes.items():
        assert getattr(module, name) is getattr(sys.modules[home], name), f"{package}.{name}"
    with pytest.raises(AttributeError, match="has no attribute 'Nonesuch'"):
        module.Nonesuch  # noqa: B018


def test_importing_the_families_loads_no_engine() -> None:
    code = (
        "import json, sys; import sevens.games.shichinarabe, sevens.games.killer, sevens.games.seven27; "
        "print(json.dumps(sorted(sys.modules)))"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                                       check=True).stdout)  # fmt: skip
    engines = [m for m in loaded if m.startswith("sevens.") and m.rpartition(".")[2] in ("state", "position", "view")]
    assert not engines, engines
