"""Issue 40, the terminal's words: a round of a session is a ラウンド / Round (as on the web page), presets and
computer players go by the names people read (「標準」, "Computer 1 (Easy)"), not by their ids (``standard``,
``easy#1``), and the end of a round tells the winner from last place (the ビリ is not 「最後まで残った」)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from sevens.i18n import Lang
from sevens.tui.screens.round_over import RoundOverScreen

from .helpers import choose, open_store, start


def _finished_round(tmp_path: Path, seed: int, lang: Lang) -> str:
    """The end-of-round table of a one-round session of ``standard``, as text."""
    with open_store(tmp_path) as store:
        controller = start(store, "standard", seed=seed, lang=lang, rounds=2)
        while not controller.round_over():
            controller.run_bots()
            if controller.human_to_move():
                controller.submit(choose(controller))
        screen = RoundOverScreen(controller, lang)
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(screen.ranking_table())
        return console.export_text()


@pytest.mark.parametrize(("lang", "first", "last"), [("ja", "上がり", "ビリ"), ("en", "finished", "last")])
def test_the_winner_and_last_place_read_differently(tmp_path: Path, lang: Lang, first: str, last: str) -> None:
    """Seed 6: everybody goes out but seat 4, left holding cards in last place (the ビリ, −10 points)."""
    table = _finished_round(tmp_path, 6, lang)
    rows = [line.split() for line in table.splitlines() if re.match(r"\s*\d\s", line)]
    assert [row[0] for row in rows] == ["1", "2", "3", "4"], table
    assert first in rows[0] and last in rows[3] and "-10" in rows[3], table
    assert "最後まで残った" not in table and "left holding cards" not in table
