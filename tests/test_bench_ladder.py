"""bench/ladder.py: rungs measured in the duplicate arena, rows merged from saved arena reports, the plot drawn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench_scripts import load_bench_script, run_main

ladder = load_bench_script("ladder")


def test_a_rung_is_the_heros_win_rate_over_chance_with_its_interval() -> None:
    row = ladder.measure("standard", "normal:easy", games=8, seed=3)
    assert (row["hero"], row["field"], row["players"], row["games"]) == ("normal", "easy", 4, 8)
    low, high = row["ratio_95"]
    assert low <= row["ratio"] <= high
    assert row["ratio"] == pytest.approx(row["win_rate"] * 4, abs=1e-3)
    assert row["target"] == 1.2


def test_targets_follow_the_issue() -> None:
    assert ladder.target("standard", "expert", "normal") == 1.5
    assert ladder.target("tunnel", "expert", "normal") == 1.4
    assert ladder.target("standard", "expert", "hard") is None
    assert ladder.target("killer", "easy", "beginner") == 1.2


@pytest.mark.parametrize("bad", ["hard", "hard:", ":normal", "hard:hard"])
def test_a_malformed_rung_is_refused_with_the_expected_form(bad: str) -> None:
    with pytest.raises(ValueError, match="hero:field"):
        ladder.parse_rung(bad)


def test_saved_arena_reports_are_merged_one_row_per_rung_and_plotted(tmp_path: Path) -> None:
    report = {
        "preset": "tunnel", "players": 4, "games": 400,
        "agents": [
            {"name": "expert", "win_rate": 0.5, "win_rate_95": [0.45, 0.55], "mean_points": 1.0,
             "seconds_per_move": 0.25, "p95_seconds_per_move": 0.31},
            {"name": "normal", "win_rate": 0.1667, "win_rate_95": [0.15, 0.18], "mean_points": -2.0,
             "seconds_per_move": 0.0001, "p95_seconds_per_move": 0.0002},
        ],
    }  # fmt: skip
    saved = tmp_path / "arena.json"
    saved.write_text(json.dumps(report))
    out = tmp_path / "ladder.json"
    for _ in range(2):  # adding the same rung again replaces it
        assert run_main(ladder, ["add", str(saved), "--out", str(out)])[0] == 0
    rows = json.loads(out.read_text())
    assert len(rows) == 1
    assert (rows[0]["hero"], rows[0]["field"], rows[0]["ratio"], rows[0]["target"]) == ("expert", "normal", 2.0, 1.4)
    png = tmp_path / "ladder.png"
    assert run_main(ladder, ["plot", str(out), "--png", str(png)])[0] == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_file_that_is_not_an_arena_report_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text("")
    code, _, err = run_main(ladder, ["add", str(empty), "--out", str(tmp_path / "ladder.json")])
    assert code == 2 and "is not a saved `sevens arena --json` report" in err


def test_bad_run_arguments_are_refused() -> None:
    code, _, err = run_main(ladder, ["run", "--games", "0", "--out", "x.json"])
    assert code == 2 and "--games must be at least 1" in err
    code, _, err = run_main(ladder, ["run", "--rungs", "hard", "--out", "x.json"])
    assert code == 2 and "hero:field" in err
