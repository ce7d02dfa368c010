"""Issue 19: the command line keeps its promise — bad input is one line ``error: …`` and exit code 2, never a
traceback, and nothing starts (no server, no menu) — and says what it announces (rounds, resume, help, arena).
Each case runs through the real ``sevens`` command (typer's CliRunner on the app the entry point runs)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli_helpers import nothing_starts, refused, runner
from sevens.cli.app import app
from sevens.tui.controller import Controller
from sevens.tui.options import PlayOptions, resolve
from sevens.tui.persistence import open_store
from sevens.tui.text import tr

__all__ = ["nothing_starts"]  # an autouse fixture: a refused command must not start a server or a screen


def test_serve_refuses_a_port_out_of_range() -> None:
    assert "--port" in refused("serve", "--port", "99999") and "65535" in refused("serve", "--port", "99999")
    assert "--port" in refused("serve", "--port", "0")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--players", "21"), "players=21 is out of range; allowed: 2 to 20"),
        (("--bots", "bogus,easy"), "unknown level 'bogus' for the computer players; allowed: beginner, easy, normal"),
        (("--bots", "heuristic"), "unknown level 'heuristic'"),
        (("--bots", "easy,easy"), "2 computer players for 3 computer seats"),
        (("--players", "many"), "--players"),
        (("--set", "colour=red"), "unknown rules parameter 'colour'"),
        (("--time", "-3"), "must be more than 0 seconds"),
    ],
)
def test_play_refuses_bad_options_before_the_menu_opens(tmp_path: Path, args: tuple[str, ...], says: str) -> None:
    assert says in refused("play", "--db", f"sqlite:///{tmp_path / 'cli.db'}", *args)


def test_unknown_commands_and_options_are_one_line() -> None:
    assert "nope" in refused("nope")
    assert "--colour" in refused("simulate", "--colour", "red")


def _help_lines(*args: str) -> dict[str, str]:
    result = runner.invoke(app, [*args, "--help"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("  -")]
    return {word.rstrip(","): line for line in lines for word in line.split()[:2] if word.startswith("--")}


def test_help_shows_no_value_after_plain_switches() -> None:
    lines = _help_lines("play")
    assert "<bool>" not in lines["--continue"] and "<bool>" not in lines["--hints"] and "<bool>" not in lines["--help"]
    assert "<int>" in lines["--players"]  # options that take a value still say which
    assert "<bool>" not in _help_lines()["--help"]  # `sevens --help` itself (issue 27)
    seed = _help_lines("simulate")["--seed"]
    assert "<int>" in seed and "range>" not in seed  # a ranged number reads as a number


def test_quitting_suggests_what_the_readme_says() -> None:
    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    for lang in ("ja", "en"):
        said = tr("saved", lang, id=1)
        flags = re.findall(r"--[a-z]+", said)
        assert "--continue" in flags and all(flag in readme for flag in flags), (said, flags)


def test_history_counts_rounds_of_those_announced(tmp_path: Path) -> None:
    """A session announced as "Round 1 of 4" (four players, one round each) lists 0/4 while round 1 is played."""
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    with open_store(url) as store:
        controller = Controller.start(store, resolve(PlayOptions(preset="standard", seed=3, name="Aiko", lang="en")))
        assert (controller.round_number, controller.rounds_total) == (1, 4)
    result = runner.invoke(app, ["history", "--db", url, "--lang", "en"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if "Aiko" in line)
    assert "0/4" in row and "1/1" not in row


@pytest.mark.parametrize("preset", ["standard", "killer", "seven27"])
def test_watch_speaks_one_language_and_counts_seats_from_one(preset: str) -> None:
    """The issue's `席0: pass`: every line of `sevens watch --lang ja` is Japanese, seats counted from 1."""
    result = runner.invoke(app, ["watch", "--preset", preset, "--players", "3", "--agents", "greedy"
                                 if preset != "seven27" else "rule", "--lang", "ja", "--seed", "2"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "席0" not in result.output and "席1" in result.output and "順位" in result.output
    notation = re.sub(r"(?:10|[A2-9TJQK])[shdc♠♥♦♣]|\?\?", "", result.output)
    assert not re.findall(r"[A-Za-z]{2,}", notation.replace("7 / 27", ""))
