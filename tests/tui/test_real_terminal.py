"""Issue 40: every ``sevens`` command that draws, run in a real pseudo-terminal at 80×24 and 120×40, in Japanese
and English, and read off the screen as a person sees it (tests/tui/terminal.py): the whole board (all thirteen
ranks, Q and K included), the ranking and the winner. The tests of Textual's pilot draw into a virtual screen;
these run the installed command as a terminal does, which is where ``sevens watch`` used to crash."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sevens.i18n import Lang, t

from .terminal import SIZES, terminal

LANGS: tuple[Lang, ...] = ("ja", "en")
RANKS_ROW = re.compile(r"A\s+2\s+3\s+4\s+5\s+6\s+7\s+8\s+9\s+10\s+J\s+Q\s+K")
"""The board's header as displayed: every rank, in order, none cut off."""
SUIT_ROW = re.compile(r"^\s*[♠♥♦♣](\s+\S+){13}\s*(│|$)", re.MULTILINE)
"""A board row: the suit, then thirteen positions (a rank, a hint or ·)."""


def whole_board(screen: str) -> bool:
    return RANKS_ROW.search(screen) is not None and len(SUIT_ROW.findall(screen)) >= 4


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_watch_draws_live_in_a_real_terminal_and_names_the_winner(tmp_path: Path, size: str, lang: Lang) -> None:
    """``sevens watch`` in a terminal draws the table live (rich's Live, which crashed on the lazy console) to
    the end: exit 0, the whole board on screen, and the ranking naming the record's winner first."""
    record = tmp_path / "watched.json"
    args = ["watch", "--seed", "3", "--delay", "0.001", "--lang", lang, "--save", str(record)]
    with terminal(args, size) as term:
        status = term.wait_for_exit()
        screen = term.text()
        assert status == 0, screen
        assert "Traceback" not in "".join(term.output)
        assert whole_board(screen), screen
        winner = json.loads(record.read_text(encoding="utf-8"))["result"]["ranking"][0]
        assert re.search(rf"^\s*1\. {re.escape(t('log.seat', lang, number=winner + 1))}\b", screen, re.M), screen
        assert t("ranking", lang) in screen
        term.save(f"watch-{lang}-{size}")
