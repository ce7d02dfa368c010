"""Issue 40: every ``sevens`` command that draws, run in a real pseudo-terminal at 80×24 and 120×40, in Japanese
and English, and read off the screen as a person sees it (tests/tui/terminal.py): the whole board (all thirteen
ranks, Q and K included), the ranking and the winner. The tests of Textual's pilot draw into a virtual screen;
these run the installed command as a terminal does, which is where ``sevens watch`` used to crash."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import NamedTuple

import pytest
from typer.testing import CliRunner

from sevens.cli.app import app
from sevens.games.registry import outlines
from sevens.i18n import Lang, t
from sevens.render.names import preset_name, preset_with_id
from sevens.session.standings import session_winners
from sevens.store import Store
from sevens.tui.history import shown_names
from sevens.tui.text import tr

from .helpers import choose, open_store, start
from .terminal import SIZES, Terminal, board, selected_card, terminal

LANGS: tuple[Lang, ...] = ("ja", "en")
runner = CliRunner()
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


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_rules_of_a_preset_show_every_parameter(size: str, lang: Lang) -> None:
    """``sevens rules standard``: the preset by its name and every parameter with its value, on screen."""
    with terminal(["rules", "standard", "--lang", lang], size) as term:
        assert term.wait_for_exit() == 0, term.text()
        screen = term.text()
    assert preset_with_id("standard", lang) in screen, screen
    rules = outlines()["shichinarabe"].presets["standard"].to_dict()
    for parameter in rules:
        assert re.search(rf"│ {parameter}\s+│", screen), (parameter, screen)


@pytest.mark.parametrize("lang", LANGS)
def test_rules_list_every_preset_by_its_name(lang: Lang) -> None:
    """``sevens rules`` at 120×40: every preset, with the name people read beside the id they type."""
    with terminal(["rules", "--lang", lang], "120x40") as term:
        assert term.wait_for_exit() == 0, term.text()
        screen = one_line(term.text())
        term.save(f"rules-{lang}-120x40")
    for family in outlines().values():
        for preset in family.presets:
            assert one_line(preset_with_id(preset, lang)) in screen, (preset, term.text())


def a_recorded_game(tmp_path: Path, seed: int) -> tuple[Path, int]:
    """A record written by ``sevens watch --save`` and its winner's seat."""
    record = tmp_path / "game.json"
    result = runner.invoke(app, ["watch", "--seed", str(seed), "--delay", "0", "--save", str(record)])
    assert result.exit_code == 0, result.output
    return record, json.loads(record.read_text(encoding="utf-8"))["result"]["ranking"][0]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_replay_of_a_file_ends_on_the_whole_board_and_the_winner(tmp_path: Path, size: str, lang: Lang) -> None:
    record, winner = a_recorded_game(tmp_path, 8)
    with terminal(["replay", str(record), "--lang", lang], size) as term:
        assert term.wait_for_exit() == 0, term.text()
        screen = term.text()
        term.save(f"replay-file-{lang}-{size}")
    assert whole_board(screen), screen
    assert re.search(rf"^\s*1\. {re.escape(t('log.seat', lang, number=winner + 1))}\b", screen, re.M), screen
    assert t("replay_ok", lang) in screen, screen


def a_stored_session(tmp_path: Path) -> tuple[str, int, list[str]]:
    """A session of ``standard`` with its first round of two played, in a store of its own: its URL, its id and
    the players' names as they were seen at the table (in English)."""
    with open_store(tmp_path) as store:
        controller = start(store, "standard", rounds=2, seed=9)
        while not controller.round_over():
            controller.run_bots()
            if controller.human_to_move():
                controller.submit(choose(controller))
        return f"sqlite:///{tmp_path / 'tui.db'}", controller.session_id, list(controller.display_names("en"))


def round_ranking(screen: str, lang: Lang) -> str:
    """The replay's closing ranking ("Ranking: Computer 3 (Easy), …", wrapped as it may be), as one line."""
    found = re.search(rf"{re.escape(t('ranking', lang))}: (.+?)(\n\s*\n|\Z)", screen, re.S)
    assert found, screen
    return one_line(found.group(1).split("←")[0].split("⏎")[0])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_replay_of_a_stored_round_names_players_as_seen_at_the_table(tmp_path: Path, size: str, lang: Lang) -> None:
    """``sevens replay --session ID``, printed and stepped through (Textual): the whole board after the last
    move and the ranking by the names people saw ("Computer 1 (Easy)"), never profile ids (``easy#1``)."""
    db, session, _ = a_stored_session(tmp_path)
    names = [one_line(name) for name in shown_names_of(db, session, lang)]
    with terminal(["replay", "--session", str(session), "--lang", lang, "--db", db], size) as term:
        assert term.wait_for_exit() == 0, term.text()
        printed = term.text()
    assert whole_board(printed), printed
    ranking = round_ranking(printed, lang)
    assert "#" not in ranking and all(name in ranking for name in names), (names, printed)
    assert t("seat", lang, seat=1) not in printed, printed  # the players table names its seats too
    args = ["replay", "--session", str(session), "--step", "--lang", lang, "--db", db]
    with terminal(args, size) as term:
        screen = term.wait_for(lambda text: whole_board(text) and t("ranking", lang) in text, "the last move")
        term.save(f"replay-step-{lang}-{size}")
        assert all(name in round_ranking(screen, lang) for name in names), screen
        term.press("home")
        first = re.escape(tr("replay_step", lang, step=0, total="TOTAL")).replace("TOTAL", r"\d+")
        term.wait_for(re.compile(first), "the first step")
        term.press("q")
        assert term.wait_for_exit() == 0, term.text()


def shown_names_of(db: str, session: int, lang: Lang) -> tuple[str, ...]:
    with Store.open(db) as store:
        info = store.load_session(session)
    return shown_names([seat.name for seat in sorted(info.seats, key=lambda s: s.seat)], info.settings, lang)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_history_shows_the_preset_by_name_and_every_player_whole(tmp_path: Path, size: str, lang: Lang) -> None:
    db, session, _ = a_stored_session(tmp_path)
    with terminal(["history", "--lang", lang, "--db", db], size) as term:
        assert term.wait_for_exit() == 0, term.text()
        screen = term.text()
        term.save(f"history-{lang}-{size}")
    assert tr("history_title", lang) in screen and preset_name("standard", lang) in screen, screen
    assert re.search(rf"^\s*{session}\s+20\d\d-", screen, re.M) and "1/2" in screen, screen
    for name in shown_names_of(db, session, lang):
        assert name in screen, (name, screen)  # on one line, not cut


def play_args(tmp_path: Path, preset: str, lang: Lang, *extra: str) -> list[str]:
    """``sevens play`` of ``preset`` against computers that move at once, in a fresh store."""
    db = f"sqlite:///{tmp_path / 'play.db'}"
    return ["play", "--preset", preset, "--lang", lang, "--bot-delay", "0", "--name", NAME, "--db", db, *extra]


def your_turn(lang: Lang) -> str:
    return tr("your_turn", lang)


def players_panel(screen: str) -> str:
    """The game screen's right-hand side (the players panel, the timer, the log): what follows its border."""
    return "\n".join(line.rpartition("│")[2] for line in screen.splitlines())


def seat_figures(screen: str) -> tuple[int, int] | None:
    """The human's number of cards and passes used, as the players panel says them (on the name's line or,
    in a narrow panel, the next); None when the panel is not on screen."""
    found = re.search(rf"{NAME}\D*?(\d+)\s.*?(\d+)/", players_panel(screen), re.S)
    return (int(found.group(1)), int(found.group(2))) if found else None


def hand_count(screen: str) -> int:
    figures = seat_figures(screen)
    assert figures is not None, screen
    return figures[0]


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
        example = r"（例: [^）\s]+）" if lang == "ja" else r"e\.g\. [^\s▎]+"  # the text box's suggestion, whole
        assert re.search(example, term.text()), term.text()
        term.save(f"play-{preset}-{lang}-{size}")


class Journey(NamedTuple):
    preset: str
    lang: Lang
    size: str
    seed: int
    rounds: int


JOURNEYS = [Journey("standard", "ja", "80x24", 11, 2), Journey("killer", "en", "120x40", 5, 2)]


def one_line(text: str) -> str:
    """The screen's words with the layout's line breaks and padding taken out (a dialog wraps long lines)."""
    return re.sub(r"[\s│]+", "", text)


@pytest.mark.parametrize("journey", JOURNEYS, ids=lambda j: f"{j.preset}-{j.lang}-{j.size}")
def test_a_whole_session_played_by_keys_in_a_real_terminal(tmp_path: Path, journey: Journey) -> None:
    """A person plays a whole seeded session against computers from the keyboard, reading only the screen: with
    hints on, a card the board marks ● is chosen with → and played with Enter, else p passes; Enter deals the
    next round; the last dialog names the session's winner, the one the store's totals give."""
    preset, lang, size, seed, rounds = journey
    args = play_args(tmp_path, preset, lang, "--seed", str(seed), "--rounds", str(rounds), "--hints")
    with terminal(args, size) as term:
        number = 1
        moves = 0
        while True:
            over = tr("round_over_title", lang, number=number)

            def ready(text: str, over: str = over) -> bool:
                turn = your_turn(lang) in text and whole_board(text) and selected_card(text) is not None
                return turn or over in text

            screen = term.wait_for(ready, f"my turn or the end of round {number}")
            if over in screen:
                if number == rounds:
                    break
                term.press("enter")
                number += 1
                term.wait_for(tr("round_title", lang, number=number, total=rounds), f"round {number}")
                continue
            before = seat_figures(screen)
            targets = {card for card, cell in board(screen).items() if cell == "●"}
            if targets:
                for _ in range(hand_count(screen)):
                    if selected_card(term.text()) in targets:
                        break
                    last = selected_card(term.text())
                    term.press("right")
                    term.wait_for(lambda text: selected_card(text) not in (None, last), "the next card")  # noqa: B023
                assert selected_card(term.text()) in targets, (targets, term.text())
                term.press("enter")
            else:
                term.press("p")
            moves += 1
            term.wait_for(lambda text: over in text or seat_figures(text) != before, "my move played")  # noqa: B023
        screen = term.wait_for(tr("session_over_title", lang), "the end of the session")
        term.save(f"journey-play-{preset}-{lang}-{size}")
        term.press("enter")  # Close
        assert term.wait_for_exit() == 0, term.text()
    with Store.open(f"sqlite:///{tmp_path / 'play.db'}") as store:
        session = store.list_sessions(1)[0]
        totals = [seat.points for seat in store.session_totals(session.id)]
    assert session.finished and session.rounds_finished == rounds and moves > 0
    names = shown_names(session.players, session.settings, lang)
    winners = session_winners(totals)
    said = one_line(screen)
    assert one_line(tr("session_winner", lang, names="", total="")).split("（")[0].split("(")[0] in said, screen
    for seat in winners:
        assert one_line(names[seat]) in said, (names[seat], screen)
    assert one_line(f"{totals[winners[0]]:+d}") in said, screen
