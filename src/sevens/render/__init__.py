"""Terminal drawings of a table, one module per family, each with ``render_table(state, lang)``.

Renderers draw only public information (the table, counts, passes, statuses), never a hidden card."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import Any

from rich.console import RenderableType

from sevens.i18n import Lang


def render_table(family: str, state: Any, lang: Lang, names: Sequence[str] | None = None) -> RenderableType:
    """The table of a game of ``family``; the seats named ``names`` (by seat of the game) when given, as the
    players saw them at the table, else "seat 1", "seat 2" …"""
    module = import_module(f"sevens.render.{family}")
    drawing: RenderableType = module.render_table(state, lang, names)
    return drawing
