"""Widgets of the game screen: the hand, the players panel, and one module per family for the table.

A family plugs in by adding ``sevens/tui/widgets/<family>.py`` that exposes ``UI`` (a
:class:`~sevens.tui.widgets.base.FamilyUI`).
"""

from __future__ import annotations

from importlib import import_module

from sevens.errors import RulesError
from sevens.tui.widgets.base import FamilyUI


def family_ui(name: str) -> FamilyUI:
    """The screen half of family ``name``."""
    try:
        module = import_module(f"sevens.tui.widgets.{name}")
    except ModuleNotFoundError as exc:
        raise RulesError(f"the terminal UI cannot show {name!r} games yet") from exc
    ui: FamilyUI = module.UI
    return ui


__all__ = ["family_ui"]
