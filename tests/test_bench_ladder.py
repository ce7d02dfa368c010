"""bench/ladder.py: one generator for the ladder's three figures — rungs measured over several seeds in the duplicate
arena, rows merged from saved arena reports, and docs/ladder.json, the plot and the tables of docs/strength.md
written from the same rows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench_scripts import load_bench_script, run_main

ladder = load_bench_script("ladder")

DOC = """# Strength

Text before that the generator must leave alone.

<!-- ladder:begin -->
stale table
<!-- ladder:end -->

Text after, also left alone.
"""


def _outputs(tmp_path: Path) -> tuple[Path, Path, Path, list[str]]:
    rows, png, doc = tmp_path / "ladder.json", tmp_path / "ladder.png", tmp_path / "strength.md"
    doc.write_text(DOC, encoding="utf-8")
    return rows, png, doc, ["--json", str(rows), "--png", str(png), "--doc", str(doc)]


def test_a_rung_is_the_heros_pooled_win_rate_over_chance_on_several_seeds() -> None:
    row = ladder.measure("standard", 3, "normal:easy", games=12, seed=3, seeds=2)
    assert (row["hero"], row["field"], row["players"], row["seeds"], row["games"]) == ("normal", "easy", 3, [3, 4], 12)
    assert len(row["win_rates_per_seed"]) == 2
    assert row["wins"] == pytest.approx(sum(row["win_rates_per_seed"]) * 6)
    low, high = row["ratio_95"]
    assert low <= row["ratio"] <= high
    assert row["ratio"] == pytest.approx(row["win_rate"] * 3, abs=1e-3)
    assert row["command"] == (
        "sevens arena --preset standard --players 3 --agents normal,easy,easy --games 6 --seed 3 --seeds 2 --json"
    )
    assert row["target"] == 1.2 and row["older"] is False


def test_targets_follow_the_issue() -> None:
    assert ladder.target("standard", 4, "expert", "normal") == 1.5
    assert ladder.target("tunnel", 4, "expert", "normal") == 1.4
    assert ladder.target("standard", 7, "expert", "normal") == 1.3
    assert ladder.target("standard", 4, "expert", "hard") is None
    assert ladder.target("killer", 5, "easy", "beginner") == 1.2
    assert ladder.target("joker", 7, "hard", "normal") == 1.1


@pytest.mark.parametrize("bad", ["hard", "hard:", ":normal", "hard:hard"])
def test_a_malformed_rung_is_refused_with_the_expected_form(bad: str) -> None:
    with pytest.raises(ValueError, match="hero:field"):
        ladder.parse_rung(bad)


def test_one_run_writes_json_table_and_plot_that_agree(tmp_path: Path) -> None:
    rows_path, png, doc, outputs = _outputs(tmp_path)
    args = ["run", "--presets", "standard,killer", "--players", "3,4", "--rungs", "normal:easy", "--games", "6"]
    code, _, err = run_main(ladder, [*args, "--seeds", "2", *outputs])
    assert code == 0, err
    rows = json.loads(rows_path.read_text())
    tables = [("standard", 3), ("killer", 3), ("standard", 4), ("killer", 4)]
    assert [(r["preset"], r["players"]) for r in rows] == tables
    text = doc.read_text()
    assert text.startswith("# Strength\n\nText before that the generator must leave alone.\n")
    assert text.endswith("<!-- ladder:end -->\n\nText after, also left alone.\n")
    assert "stale table" not in text
    for row in rows:  # every row's figures and command are in the table, and nothing else
        line = next(line for line in text.splitlines() if row["command"] in line)
        assert f"`{row['preset']}`" in line and f"| {row['ratio']:.2f} [" in line and f"| {row['games']} (" in line
    assert len(re.findall(r"`sevens arena ", text)) == len(rows)
    assert "**3 players**" in text and "**4 players**" in text
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # a second run of one rung replaces that row only, and the table follows
    code, _, err = run_main(ladder, ["run", "--presets", "killer", "--players", "3", "--rungs", "normal:easy",
                                     "--games", "9", "--seeds", "3", *outputs])  # fmt: skip
    assert code == 0, err
    again = json.loads(rows_path.read_text())
    assert len(again) == 4
    assert next(r for r in again if (r["preset"], r["players"]) == ("killer", 3))["seeds"] == [1, 2, 3]
    assert "--games 3 --seed 1 --seeds 3 --json" in doc.read_text()


def test_saved_arena_reports_are_added_with_their_command_and_older_rows_kept(tmp_path: Path) -> None:
    rows_path, _, doc, outputs = _outputs(tmp_path)
    older = ladder.make_row("tunnel", 4, "normal", [{"name": "expert", "games": 200, "wins": 100, "win_rate": 0.5,
                            "mean_points": 1.0, "seconds_per_move": 0.3, "p95_seconds_per_move": 0.4}], [1],
                            "sevens arena --preset tunnel … --seed 1 --json", "issue 20")  # fmt: skip
    rows_path.write_text(json.dumps([dict(older, older=True)]))
    hero = {"name": "expert", "games": 14, "wins": 4, "win_rate": 0.2857, "mean_points": 1.0,
            "seconds_per_move": 0.25, "p95_seconds_per_move": 0.31}  # fmt: skip
    field = dict(hero, name="normal", wins=2, win_rate=0.1429)
    per_seed = [[dict(hero, wins=1, win_rate=1 / 7), field], [dict(hero, wins=3, win_rate=3 / 7), field]]
    report = {"preset": "standard", "players": 7, "seeds": [5, 6], "agents": [hero, field], "per_seed": per_seed}
    saved = tmp_path / "arena.json"
    saved.write_text(json.dumps(report))
    command = "sevens arena --preset standard --players 7 --agents expert,normal,… --games 14 --seed 5 --seeds 2 --json"
    assert run_main(ladder, ["add", str(saved), "--command", command, *outputs])[0] == 0
    rows = json.loads(rows_path.read_text())
    assert [(r["preset"], r["players"], r["older"]) for r in rows] == [("tunnel", 4, True), ("standard", 7, False)]
    new = rows[1]
    assert (new["seeds"], new["games"], new["wins"], new["ratio"], new["target"]) == ([5, 6], 28, 4, 1.0, 1.3)
    assert new["command"] == command
    text = doc.read_text()
    assert "(older: issue 20)" in text and command in text


def test_a_single_seed_report_needs_its_seed_in_the_command(tmp_path: Path) -> None:
    _, _, _, outputs = _outputs(tmp_path)
    report = {"preset": "tunnel", "players": 4, "games": 4, "agents": [
        {"name": "expert", "games": 4, "wins": 2, "win_rate": 0.5, "mean_points": 1.0, "seconds_per_move": 0.2,
         "p95_seconds_per_move": 0.3}, {"name": "normal", "games": 12, "wins": 2}]}  # fmt: skip
    saved = tmp_path / "arena.json"
    saved.write_text(json.dumps(report))
    code, _, err = run_main(ladder, ["add", str(saved), "--command", "sevens arena --preset tunnel", *outputs])
    assert code == 2 and "does not say its --seed" in err
    assert run_main(ladder, ["add", str(saved), "--command", "sevens arena --seed 9 --json", *outputs])[0] == 0


def test_a_file_that_is_not_an_arena_report_is_refused(tmp_path: Path) -> None:
    _, _, _, outputs = _outputs(tmp_path)
    empty = tmp_path / "empty.json"
    empty.write_text("")
    code, _, err = run_main(ladder, ["add", str(empty), "--command", "sevens arena --seed 1", *outputs])
    assert code == 2 and "is not a saved `sevens arena --json` report" in err


def test_a_document_without_the_markers_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    rows_path, png, doc, outputs = _outputs(tmp_path)
    doc.write_text("# no markers\n")
    code, _, err = run_main(ladder, ["render", *outputs])
    assert code == 2 and "<!-- ladder:begin -->" in err
    assert not rows_path.exists() and not png.exists()


def test_bad_run_arguments_are_refused() -> None:
    code, _, err = run_main(ladder, ["run", "--games", "0"])
    assert code == 2 and "--games must be at least 1" in err
    code, _, err = run_main(ladder, ["run", "--rungs", "hard"])
    assert code == 2 and "hero:field" in err
    code, _, err = run_main(ladder, ["run", "--presets", "nope"])
    assert code == 2 and "unknown preset 'nope'" in err
    code, _, err = run_main(ladder, ["run", "--players", "1"])
    assert code == 2 and "players=1 is out of range" in err
