"""The real-terminal tests read the screen as a terminal shows it (tests/tui/terminal.py), including what pyte's
own ``Screen.display`` cannot read: a wide character's stub left alone when a narrow character overwrites the wide
one (pyte raises IndexError there; it made a terminal test fail once in a run with three workers, issue 43)."""

from __future__ import annotations

import pyte
import pytest

from tui.terminal import displayed_row


def screen_after(*writes: str, columns: int = 8) -> pyte.Screen:
    screen = pyte.Screen(columns, 1)
    stream = pyte.Stream(screen)
    for text in writes:
        stream.feed(text)
    return screen


def test_wide_characters_read_as_one_character_each() -> None:
    assert displayed_row(screen_after("あいx"), 0) == "あいx   "


def test_a_narrow_character_over_a_wide_one_leaves_a_blank_where_its_second_half_was() -> None:
    screen = screen_after("あいう", "\x1b[1;1Hx")
    with pytest.raises(IndexError):  # pyte's own reading of it, which the helper replaces
        _ = screen.display
    assert displayed_row(screen, 0) == "x いう  "


def test_a_narrow_character_on_a_wide_ones_second_half_erases_the_wide_one() -> None:
    assert displayed_row(screen_after("あいう", "\x1b[1;2Hx"), 0) == " xいう  "
