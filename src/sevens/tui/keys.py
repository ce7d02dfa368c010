"""The key bar (Textual's footer) in the player's language.

Widgets declare their ``BINDINGS`` with a message key of ``locale/terminal.json`` as the description
(``key.hints``); :func:`say_keys` gives a widget those bindings with the descriptions said in a language, and is
called again when the player switches language. Textual reads descriptions only from a node's binding map, so
this replaces that map (Textual 8's ``_bindings``; the pilot tests of the key bar guard it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from textual.binding import Binding, BindingsMap, BindingType
from textual.dom import DOMNode

from sevens.i18n import Lang
from sevens.tui.text import tr


def say_keys(node: DOMNode, bindings: Iterable[BindingType], lang: Lang) -> None:
    """Bind ``bindings`` on ``node`` with their descriptions in ``lang``, and redraw the key bar."""
    said = [
        replace(b, description=tr(b.description, lang)) if b.description else b for b in Binding.make_bindings(bindings)
    ]
    node._bindings = BindingsMap(said)
    node.refresh_bindings()


__all__ = ["say_keys"]
