"""The command functions behind ``sevens play``, ``sevens history`` and the stored replay, on a typer app of
their own (the real ``sevens`` command registers the same functions)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

import sevens.tui.app
from sevens.tui import command
from sevens.tui.app import Played

from .helpers import NAME, open_store, start


def _cli() -> typer.Typer:
    cli = typer.Typer()
    cli.command("play")(command.play)
    cli.command("history")(command.history)
    cli.command("replay")(command.replay_session)
    return cli


def test_play_options_reach_run_app(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake_run_app(**kwargs: Any) -> Played:
        seen.update(kwargs)
        return Played(42, finished=False)

    monkeypatch.setattr(sevens.tui.app, "run_app", fake_run_app)
    result = CliRunner().invoke(
        _cli(),
        ["play", "-p", "tunnel", "-n", "5", "--set", "pass_limit=2", "--bots", "hard,easy", "--time", "10",
         "--lang", "ja", "--no-hints", "--name", NAME, "--rounds", "3", "--seed", "9", "--db", "sqlite://"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert seen["preset"] == "tunnel" and seen["players"] == 5 and seen["settings"] == ["pass_limit=2"]
    assert seen["bots"] == ["hard", "easy"] and seen["turn_seconds"] == 10 and seen["hints"] is False
    assert seen["lang"] == "ja" and seen["rounds"] == 3 and seen["seed"] == 9 and seen["db_url"] == "sqlite://"
    assert "セッション42に保存しました" in result.output
    assert "sevens play --continue" in result.output  # as the README says


def test_history_and_stored_replay(tmp_path: Path) -> None:
    with open_store(tmp_path) as store:
        controller = start(store, "killer")
        while not controller.round_over():
            controller.run_bots()
            if controller.human_to_move():
                controller.submit(controller.legal()[0])
    url = f"sqlite:///{tmp_path / 'tui.db'}"
    runner = CliRunner()
    listing = runner.invoke(_cli(), ["history", "--db", url, "--lang", "en"])
    assert listing.exit_code == 0 and NAME in listing.output and "Killer" in listing.output
    assert "killer" not in listing.output  # the game by its name, not its id (issue 40)
    shown = runner.invoke(_cli(), ["replay", "--session", str(controller.session_id), "--round", "1", "--db", url])
    assert shown.exit_code == 0, shown.output
    assert "  1. " in shown.output
    missing = runner.invoke(_cli(), ["replay", "--session", str(controller.session_id), "--round", "4", "--db", url])
    assert missing.exit_code != 0 and "has no round 4" in str(missing.exception)
