"""Which families exist and which family owns each preset name (preset names are unique across families)."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from sevens.errors import RulesError
from sevens.games.base import Family

FAMILY_MODULES = ("sevens.games.shichinarabe", "sevens.games.killer", "sevens.games.seven27")


@cache
def families() -> dict[str, Family]:
    """Every installed family by name, in the order of :data:`FAMILY_MODULES`."""
    found: dict[str, Family] = {}
    for module_name in FAMILY_MODULES:
        try:
            module = import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            continue
        family: Family = module.FAMILY
        found[family.name] = family
    return found


def preset_names() -> list[str]:
    return [name for family in families().values() for name in family.presets]


def family_of(preset: str) -> Family:
    """The family that owns ``preset``; an unknown name raises :class:`RulesError` listing the allowed ones."""
    for family in families().values():
        if preset in family.presets:
            return family
    raise RulesError(f"unknown preset {preset!r}; allowed: {', '.join(preset_names())}")
