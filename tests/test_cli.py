"""The `sevens` command: JSON contracts, errors as one line with a non-zero exit, watch/replay round trip."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sevens.cli.app import app
from sevens.games.registry import preset_names
from tui.helpers import choose, open_store, start

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_simulate_json_has_the_promised_fields_and_is_reproducible() -> None:
    code, out, _ = run("simulate", "--preset", "standard", "--players", "4", "--games", "50", "--seed", "3", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 50 and data["players"] == 4
    assert sum(data["wins"]) == 50 and len(data["mean_rank"]) == 4
    assert abs(sum(data["mean_rank"]) - 10) < 1e-6  # ranks 1..4 are a permutation every game
    assert data["mean_turns"] > 40 and data["games_per_second"] > 0
    again = json.loads(run("simulate", "--games", "50", "--seed", "3", "--json")[1])
    assert again["wins"] == data["wins"] and again["mean_turns"] == data["mean_turns"]


def test_simulate_set_reads_booleans_integers_none_and_names() -> None:
    code, out, _ = run(
        "simulate", "--preset", "standard", "--games", "5", "--json",
        "--set", "ak_link=true", "--set", "tunnel=end", "--set", "pass_limit=none", "--set", "jokers=2",
    )  # fmt: skip
    assert code == 0, out
    assert json.loads(out)["games"] == 5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--preset", "nope"), "unknown preset 'nope'; allowed: standard"),
        (("--set", "colour=red"), "unknown rules parameter 'colour'"),
        (("--set", "jokers=5"), "jokers=5 is out of range"),
        (("--set", "tunnel=cross"), "needs ak_link=true"),
        (("--set", "pass_limit"), "is not key=value"),
        (("--players", "21"), "players=21 is out of range; allowed: 2 to 20"),
        (("--agents", "genius"), "unknown agent 'genius'"),
        (("--agents", "random,random"), "2 agents for 4 players"),
    ],
)
def test_simulate_errors_exit_non_zero_with_one_line(args: tuple[str, ...], message: str) -> None:
    code, out, err = run("simulate", "--games", "1", *args)
    assert code == 2
    assert message in err and err.count("\n") == 1 and "Traceback" not in err + out


def test_rules_prints_every_parameter_of_each_preset() -> None:
    for preset in preset_names():
        code, out, _ = run("rules", preset, "--json")
        assert code == 0
        data = json.loads(out)
        assert data["preset"] == preset and data["rules"]["players"] >= 2
    code, out, _ = run("rules", "tunnel", "--lang", "en")
    assert code == 0 and "cross" in out and "ak_link" in out
    code, out, _ = run("rules", "--lang", "ja")
    assert code == 0 and "七並べ" in out and "トンネル" in out


def test_bench_json_reports_games_per_second() -> None:
    code, out, _ = run("bench", "--seconds", "0.2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] > 0 and data["games_per_second"] > 0 and data["players"] == 4


def test_bench_batched_without_numba_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sevens.kernel.bench", None)  # as when numba is not installed
    code, _, err = run("bench", "--batched", "--seconds", "0.1")
    assert code == 2
    assert "--batched needs numba: pip install 'sevens[research]'" in err


def test_check_runs_conformance_over_a_player_range() -> None:
    code, out, _ = run("check", "--preset", "joker", "--players", "2-3", "--games", "3", "--json")
    assert code == 0
    assert [r["players"] for r in json.loads(out)["runs"]] == [2, 3]


def test_watch_saves_a_record_that_replay_reproduces(tmp_path: Path) -> None:
    record_file = tmp_path / "game.json"
    code, out, _ = run("watch", "--seed", "5", "--lang", "en", "--save", str(record_file))
    assert code == 0 and "Ranking" in out
    record = json.loads(record_file.read_text(encoding="utf-8"))
    assert record["game"] == "shichinarabe" and record["seed"] == 5 and record["result"] is not None
    code, out, _ = run("replay", str(record_file), "--lang", "ja")
    assert code == 0 and "順位" in out and "記録どおり" in out


def test_replay_refuses_a_tampered_record(tmp_path: Path) -> None:
    record_file = tmp_path / "game.json"
    run("watch", "--seed", "6", "--save", str(record_file))
    record = json.loads(record_file.read_text(encoding="utf-8"))
    record["result"]["ranking"] = list(reversed(record["result"]["ranking"]))
    record_file.write_text(json.dumps(record), encoding="utf-8")
    code, _, err = run("replay", str(record_file))
    assert code == 2 and "different result" in err


def test_replay_of_a_missing_or_foreign_file_is_a_clear_error(tmp_path: Path) -> None:
    """Issue 40: what was wrong and what a record is, never Python's internals ("[Errno 21]", "game None")."""
    code, _, err = run("replay", str(tmp_path / "missing.json"))
    assert code == 2 and f"there is no file {tmp_path / 'missing.json'}; give a record file" in err
    code, _, err = run("replay", str(tmp_path))
    assert code == 2 and f"{tmp_path} is a folder; give a record file" in err and "Errno" not in err
    foreign = tmp_path / "chess.json"
    foreign.write_text(json.dumps({"game": "chess"}), encoding="utf-8")
    code, _, err = run("replay", str(foreign))
    assert code == 2 and "the record's game 'chess' is unknown; allowed: shichinarabe, killer, seven27" in err
    nameless = tmp_path / "nameless.json"
    nameless.write_text(json.dumps({"actions": []}), encoding="utf-8")
    code, _, err = run("replay", str(nameless))
    assert code == 2 and 'the record does not say its game (a "game" field: one of shichinarabe' in err
    assert "None" not in err
    listing = tmp_path / "list.json"
    listing.write_text("[1, 2]", encoding="utf-8")
    code, _, err = run("replay", str(listing))
    assert code == 2 and "is not a record: it holds a JSON list, not an object" in err
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00")
    code, _, err = run("replay", str(binary))
    assert code == 2 and "is not a record: it is not text" in err


def test_simulate_json_says_whether_players_went_out() -> None:
    data = json.loads(run("simulate", "--preset", "killer", "--agents", "normal", "--games", "20", "--json")[1])
    assert data["agents"] == ["normal"] * 4
    assert 0 <= data["no_finisher_games"] <= 20
    assert 0 <= data["mean_finishers"] + data["mean_eliminations"] <= 4
    assert "mean_finishers" not in json.loads(run("simulate", "--preset", "seven27", "--games", "3", "--json")[1])


def test_replay_of_a_round_a_session_does_not_have_says_which_it_has(tmp_path: Path) -> None:
    """Issue 40: `sevens replay --session ID --round N` past the session's rounds names the rounds there are."""
    with open_store(tmp_path) as store:
        controller = start(store, "standard", rounds=2)
        while not controller.round_over():
            controller.run_bots()
            if controller.human_to_move():
                controller.submit(choose(controller))
    db = f"sqlite:///{tmp_path / 'tui.db'}"
    code, _, err = run("replay", "--session", str(controller.session_id), "--round", "3", "--db", db)
    assert (
        code == 2 and err == f"error: session {controller.session_id} has no round 3; it has only round 1 (--round N)\n"
    )
