"""The key bar (Textual's footer) in the player's language.

Widgets declare their ``BINDINGS`` with a message key of ``locale/terminal.json`` as the description
(``key.hints``); :func:`say_keys` says those descriptions in a language, and is called again when the player
switches language. Textual reads descriptions only from a node's binding map, so this rebuilds that map
(Textual 8's ``_bindings``) from *every* binding the node has — its own and those it inherits, such as the
screen's Tab and Shift+Tab that move the focus — with only the message keys said (the pilot tests of the key bar
and of the keyboard-only round guard it).
"""

from __future__ import annotations

from dataclasses import replace

from textual.binding import BindingsMap
from textual.dom import DOMNode

from sevens.i18n import Lang, catalogue
from sevens.tui.text import tr

MESSAGE_PREFIX = "key."


def say_keys(node: DOMNode, lang: Lang) -> None:
    """Say the descriptions of ``node``'s key bindings in ``lang``, keeping every binding, and redraw the key bar."""
    merged = type(node)._merge_bindings()
    said = {
        key: [replace(b, description=tr(b.description, lang)) if _is_message(b.description) else b for b in bindings]
        for key, bindings in merged.key_to_bindings.items()
    }
    node._bindings = BindingsMap.from_keys(said)
    node.refresh_bindings()


def _is_message(description: str) -> bool:
    return description.startswith(MESSAGE_PREFIX) and f"tui.{description}" in catalogue()


__all__ = ["say_keys"]
