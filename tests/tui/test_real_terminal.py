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
from sevens.tui.text import tr

from .terminal import SIZES, Terminal, board, selected_card, terminal

LANGS: tuple[Lang, ...] = ("ja", "en")
NAME = "Aiko"


def whole_board(screen: str) -> bool:
    """The board is on screen with all thirteen ranks of all four suits (none cut off)."""
    return len(board(screen)) == 52


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


def play_args(tmp_path: Path, preset: str, lang: Lang, *extra: str) -> list[str]:
    """``sevens play`` of ``preset`` against computers that move at once, in a fresh store."""
    db = f"sqlite:///{tmp_path / 'play.db'}"
    return ["play", "--preset", preset, "--lang", lang, "--bot-delay", "0", "--name", NAME, "--db", db, *extra]


def your_turn(lang: Lang) -> str:
    return tr("your_turn", lang)


def players_panel(screen: str) -> str:
    """The game screen's right-hand side (the players panel, the timer, the log): what follows its border."""
    return "\n".join(line.rpartition("│")[2] for line in screen.splitlines())


def seat_figures(screen: str) -> tuple[int, int]:
    """The human's number of cards and passes used, as the players panel says them (on the name's line or,
    in a narrow panel, the next)."""
    found = re.search(rf"{NAME}\D*?(\d+)\s.*?(\d+)/", players_panel(screen), re.S)
    assert found, screen
    return int(found.group(1)), int(found.group(2))


def hand_count(screen: str) -> int:
    return seat_figures(screen)[0]


def walk_the_hand(term: Terminal) -> list[str]:
    """Press → through the whole hand, reading the selected card off the screen each time; the cards selected,
    in order, once round (the selected card must be on screen at every step)."""
    screen = term.wait_for(lambda text: selected_card(text) is not None, "a selected card")
    seen = [selected_card(screen) or ""]
    for _ in range(40):
        term.press("right")
        screen = term.wait_for(lambda text: selected_card(text) not in (None, seen[-1]), "the next card")
        label = selected_card(screen) or ""
        if label == seen[0]:
            return seen
        seen.append(label)
    raise AssertionError(f"the cursor never came back to the first card: {seen}")


FAMILY_PRESETS = [("standard", 3), ("killer", 3), ("joker", 4), ("seven27", 3)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("preset", "seed"), FAMILY_PRESETS)
def test_play_shows_the_whole_table_the_selected_card_and_every_action(
    tmp_path: Path, preset: str, seed: int, lang: Lang, size: str
) -> None:
    """The first turn of ``sevens play`` of each family: the whole board (Q and K included), every card of the hand
    selectable with → and on screen while selected (the hand wraps or scrolls), every action button of the turn
    and the key bar's way back to the hand."""
    with terminal(play_args(tmp_path, preset, lang, "--seed", str(seed), "--rounds", "1"), size) as term:
        if preset == "seven27":
            buttons = [tr(f"action_{action}", lang) for action in ("check", "bet", "call", "raise", "fold", "take",
                                                                    "stand")]  # fmt: skip
        else:
            buttons = [tr("pass_button", lang)]

        def drawn(text: str) -> bool:
            table = preset == "seven27" or whole_board(text)
            return (
                your_turn(lang) in text
                and table
                and selected_card(text) is not None
                and all(button in text for button in buttons)
            )

        screen = term.wait_for(drawn, f"the whole table, the hand and the buttons {buttons}")
        if preset != "seven27":
            cards = walk_the_hand(term)
            assert len(cards) == len(set(cards)) == hand_count(screen), (cards, screen)
        assert f"Esc {tr('key.hand', lang)}" in term.text(), term.text()
        term.save(f"play-{preset}-{lang}-{size}")
