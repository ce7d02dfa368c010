"""A package's public names loaded from their modules when first used (PEP 562's module ``__getattr__``).

A game family's ``__init__`` shows its whole API (``from sevens.games.killer import State``) but imports only its
rules eagerly: the engine, views and positions are loaded by the first access, so ``sevens rules`` and anything
else that only lists presets stays fast (and the server's package costs ``sevens --help`` nothing). The package
also imports the same names under ``if TYPE_CHECKING:`` for mypy.

A lazy name must not be the name of one of the package's modules: once that module is imported, the package's
attribute is the module and ``__getattr__`` is never asked (such a name is imported eagerly instead).

>>> import sevens.games.shichinarabe as family
>>> family.State.__module__
'sevens.games.shichinarabe.state'
>>> family.Nonesuch
Traceback (most recent call last):
...
AttributeError: module 'sevens.games.shichinarabe' has no attribute 'Nonesuch'
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_exports(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """The module ``__getattr__`` of ``package``: each name of ``homes`` is read from its module (relative to the
    package, e.g. ``".state"``) on first access and kept in the package, so later accesses cost nothing."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home, package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
