"""How to play the current game, on ``?`` or F1: a short text per family (and per rule that changes play, such
as jokers or the A–K link), then the keys. Every word comes from ``locale/terminal.json``."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from sevens.games.base import Family
from sevens.i18n import Lang
from sevens.tui.keys import say_keys
from sevens.tui.text import tr


def help_paragraphs(family: Family, rules: Any, lang: Lang) -> list[str]:
    """The help for ``family`` under ``rules``: what to do, the rules that are on, then the keys."""
    paragraphs = [tr(f"help.{family.name}", lang)]
    if family.name == "shichinarabe":
        if getattr(rules, "jokers", 0):
            paragraphs.append(tr("help.shichinarabe.joker", lang))
        if getattr(rules, "ak_link", False):
            paragraphs.append(tr("help.shichinarabe.ak_link", lang))
        if getattr(rules, "pass_limit", 0) is None and not getattr(rules, "voluntary_pass", True):
            paragraphs.append(tr("help.shichinarabe.no_pass_limit", lang))  # kids, english
    keys = "help_keys_seven27" if family.name == "seven27" else "help_keys_cards"
    paragraphs += [tr("help_keys_title", lang), tr(keys, lang)]
    return paragraphs


class HelpScreen(ModalScreen[None]):
    """The rules in short and the keys; any of Esc, q, ? or F1 closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help { width: 90%; max-width: 100; height: auto; max-height: 90%; border: thick $accent; padding: 1 2;
            background: $surface; }
    #help-title { text-style: bold; margin-bottom: 1; }
    .help-text { margin-bottom: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1", "app.pop_screen", "key.close"),
    ]

    def __init__(self, family: Family, rules: Any, lang: Lang) -> None:
        super().__init__()
        self.family = family
        self.rules = rules
        self.lang: Lang = lang

    def compose(self) -> ComposeResult:
        game = self.family.title[1] if self.lang == "ja" else self.family.title[0]
        with VerticalScroll(id="help"):
            yield Static(tr("help_title", self.lang, game=game), id="help-title")
            for index, text in enumerate(help_paragraphs(self.family, self.rules, self.lang)):
                yield Static(text, classes="help-text", id=f"help-{index}")
        yield Footer()

    def on_mount(self) -> None:
        say_keys(self, self.lang)


__all__ = ["HelpScreen", "help_paragraphs"]
