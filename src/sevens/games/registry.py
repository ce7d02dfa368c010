"""Which families exist and which family owns each preset name (preset names are unique across families).

A family's outline (name, titles, presets) comes with its package; its :class:`Family`, which loads the engine, is
built only when asked for: :func:`outlines` and :func:`outline_of` load no engine, :func:`family_of` loads one.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from sevens.errors import RulesError
from sevens.games.base import Family, FamilyOutline

FAMILY_MODULES = ("sevens.games.shichinarabe", "sevens.games.killer", "sevens.games.seven27")


@cache
def _installed() -> dict[str, str]:
    """The package of every family by the family's name, in the order of :data:`FAMILY_MODULES`."""
    return {import_module(module_name).OUTLINE.name: module_name for module_name in FAMILY_MODULES}


@cache
def outlines() -> dict[str, FamilyOutline]:
    """Every family's outline by name, without loading any engine."""
    return {name: import_module(module).OUTLINE for name, module in _installed().items()}


@cache
def families() -> dict[str, Family]:
    """Every family by name (this loads every engine)."""
    return {name: import_module(module).FAMILY for name, module in _installed().items()}


def preset_names() -> list[str]:
    return [name for outline in outlines().values() for name in outline.presets]


def outline_of(preset: str) -> FamilyOutline:
    """The outline of the family that owns ``preset``; an unknown name raises :class:`RulesError` listing the
    allowed ones."""
    for outline in outlines().values():
        if preset in outline.presets:
            return outline
    raise RulesError(f"unknown preset {preset!r}; allowed: {', '.join(preset_names())}")


def family_of(preset: str) -> Family:
    """The family that owns ``preset`` (loading its engine); an unknown name raises :class:`RulesError`."""
    family: Family = import_module(_installed()[outline_of(preset).name]).FAMILY
    return family
