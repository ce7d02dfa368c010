"""``sevens arena --seeds K``: the evaluation protocol over several series of deals (docs/research.md uses it)."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from sevens.arena.seeds import across_seeds, t_interval
from sevens.cli.app import app

runner = CliRunner()
TIMING = ("seconds_per_move", "p95_seconds_per_move")


def _json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["arena", "--agents", "greedy,random,random", "--games", "6", "--json", *args])
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


def _untimed(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k not in TIMING} for row in rows]


def test_each_seed_of_the_protocol_is_the_plain_run_with_that_seed_and_the_summary_is_across_seeds() -> None:
    several = _json("--seed", "4", "--seeds", "3")
    assert several["seeds"] == [4, 5, 6]
    for series, rows in zip(several["seeds"], several["per_seed"], strict=True):
        assert _untimed(rows) == _untimed(_json("--seed", str(series))["agents"])
    greedy = next(row for row in several["agents"] if row["name"] == "greedy")
    rates = [next(r for r in rows if r["name"] == "greedy")["win_rate"] for rows in several["per_seed"]]
    assert greedy["win_rates"] == rates and greedy["seeds"] == 3 and greedy["games"] == 18
    assert greedy["win_rate"] == round(sum(rates) / 3, 4)
    low, high = t_interval(rates)
    assert greedy["win_rate_95"] == [round(max(low, 0.0), 4), round(min(high, 1.0), 4)]


def test_one_seed_is_the_usual_report_and_the_table_names_the_seeds() -> None:
    assert "per_seed" not in _json("--seeds", "1")
    result = runner.invoke(app, ["arena", "--agents", "greedy,random", "--games", "2", "--seed", "7", "--seeds", "2"])
    assert result.exit_code == 0, result.output
    assert "seeds 7–8: mean over 2 seeds" in result.stdout


def test_a_seed_count_below_one_is_one_clear_error() -> None:
    result = runner.invoke(app, ["arena", "--games", "2", "--seeds", "0"])
    assert result.exit_code == 2
    assert "--seeds" in result.stderr and "Traceback" not in result.stderr


def test_the_interval_across_seeds_uses_students_t() -> None:
    """Five seeds: t with 4 degrees of freedom (2.776), wider than the normal 1.96."""
    low, high = t_interval([0.1, 0.2, 0.3, 0.2, 0.2])
    assert round(0.2 - low, 6) == round(high - 0.2, 6)
    assert round(high - 0.2, 4) == round(2.7764 * (0.005**0.5) / 5**0.5, 4)
    assert across_seeds([[{"name": "x", "games": 4, "wins": 1, "win_rate": 0.25, "mean_points": 0.0}]])[0][
        "win_rate_95"
    ] == [None, None]
