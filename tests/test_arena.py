"""The arena: duplicate-format matches, honest intervals (win rate, points over deals), timings and the CLI."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sevens.arena.tournament import GameOutcome, Match, percentile, points_interval, run_match, summarise
from sevens.cli.app import app
from sevens.games.seven27 import Rules
from sevens.games.shichinarabe import Rules as SevensRules

runner = CliRunner()
ROW_KEYS = {
    "name", "games", "deals", "wins", "win_rate", "win_rate_95", "mean_rank", "mean_points", "mean_points_95",
    "moves", "seconds_per_move", "p95_seconds_per_move", "rating",
}  # fmt: skip


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def outcome(deal: int, entries: tuple[int, ...], points: tuple[float, ...], seconds: float = 0.01) -> GameOutcome:
    ranking = tuple(sorted(range(len(points)), key=lambda s: -points[s]))
    return GameOutcome(entries, ranking, points, tuple((seconds,) for _ in points), deal)


def test_points_interval_is_taken_over_deals_not_games() -> None:
    """Two agents trade +10/-10 between the two rotations of every deal: each game is far from the mean, but
    every deal nets 0 for both, so the duplicate format has removed the luck and the interval is a point."""
    games = []
    for deal in range(20):
        sign = 1 if deal % 2 else -1
        games.append(outcome(deal, (0, 1), (10.0 * sign, -10.0 * sign)))
        games.append(outcome(deal, (1, 0), (10.0 * sign, -10.0 * sign)))
    rows = {row["name"]: row for row in summarise(["a", "b"], games)}
    assert rows["a"]["games"] == 40 and rows["a"]["deals"] == 20
    assert rows["a"]["mean_points"] == 0.0
    assert rows["a"]["mean_points_95"] == [0.0, 0.0]


def test_points_interval_of_per_deal_means() -> None:
    per_deal = [3.0, -1.0, 4.0, 0.0, 2.0]
    games = [outcome(d, (0, 1), (v, -v)) for d, v in enumerate(per_deal)]
    row = summarise(["a", "b"], games)[0]
    low, high = points_interval(per_deal)
    assert row["mean_points_95"] == [round(low, 4), round(high, 4)]
    mean, sd = 1.6, math.sqrt(sum((v - 1.6) ** 2 for v in per_deal) / 4)
    assert math.isclose(high - mean, 1.959964 * sd / math.sqrt(5), rel_tol=1e-9)
    one_deal = summarise(["a", "b"], games[:1])[0]
    assert one_deal["mean_points_95"] == [None, None]  # too few deals to tell


def test_win_rate_interval_and_move_time_percentile() -> None:
    games = [outcome(d, (0, 1), (1.0, 0.0) if d % 4 else (0.0, 1.0), seconds=0.001 * (d + 1)) for d in range(100)]
    a = summarise(["a", "b"], games)[0]
    assert a["wins"] == 75 and a["win_rate"] == 0.75
    low, high = a["win_rate_95"]
    assert low < 0.75 < high and high - low < 0.2
    assert a["moves"] == 100
    assert a["seconds_per_move"] == pytest.approx(0.0505)
    assert a["p95_seconds_per_move"] == pytest.approx(0.095)
    assert percentile([5.0], 0.95) == 5.0


def test_seven27_match_uses_the_family_agents_and_rotates_seats() -> None:
    match = Match("seven27", Rules.preset("seven27", players=3), ("rule", "random", "random"), seed=4)
    games = run_match(match, games=6)
    assert len(games) == 6 and [g.deal for g in games] == [0, 0, 0, 1, 1, 1]
    assert {g.entries[0] for g in games[:3]} == {0, 1, 2}
    for game in games:
        assert sum(game.points) == 0  # chips are conserved


def test_arena_json_carries_every_promised_field_and_does_not_depend_on_workers() -> None:
    args = ["arena", "--preset", "seven27", "--players", "4", "--agents", "rule,random,random,random"]
    args += ["--games", "40", "--seed", "2", "--json"]
    code, out, _ = run(*args)
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 40 and data["players"] == 4
    rows = {row["name"]: row for row in data["agents"]}
    assert set(rows) == {"rule", "random"}
    for row in rows.values():
        assert set(row) == ROW_KEYS
        assert row["win_rate_95"][0] <= row["win_rate"] <= row["win_rate_95"][1]
        assert row["mean_points_95"][0] <= row["mean_points"] <= row["mean_points_95"][1]
        assert row["deals"] == 10
    assert rows["rule"]["p95_seconds_per_move"] >= 0 and rows["rule"]["moves"] > 0
    assert rows["rule"]["games"] * 1 + rows["random"]["games"] == 160
    code, parallel, _ = run(*args, "--workers", "2")
    timing = {"seconds_per_move", "p95_seconds_per_move"}
    for row, other in zip(data["agents"], json.loads(parallel)["agents"], strict=True):
        assert {k: v for k, v in row.items() if k not in timing} == {k: v for k, v in other.items() if k not in timing}


def test_arena_table_shows_intervals_and_the_plot_is_written(tmp_path: Path) -> None:
    plot = tmp_path / "rates.png"
    code, out, _ = run(
        "arena", "--preset", "seven27", "--players", "3", "--agents", "rule,random,random",
        "--games", "9", "--plot", str(plot),
    )  # fmt: skip
    assert code == 0
    assert "chips" in out and "win" in out and "p95" in out and "–" in out  # intervals, however narrow the terminal
    assert max(map(len, out.splitlines())) <= 80 and "…" not in out  # issue 19: nothing cut at 80 columns
    assert plot.stat().st_size > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--preset", "seven27", "--agents", "rule,search,random"), "unknown agent 'search' for seven27"),
        (("--preset", "standard", "--agents", "montecarlo"), "unknown agent 'montecarlo' for shichinarabe"),
        (("--preset", "seven27", "--players", "3", "--agents", "rule,rule"), "2 agents for 3 players"),
    ],
)
def test_arena_errors_are_one_line(args: tuple[str, ...], message: str) -> None:
    code, _, err = run("arena", *args, "--games", "3")
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("preset", ["standard", "killer"])
def test_the_arena_measures_against_the_oracle_which_play_never_offers(preset: str) -> None:
    code, out, _ = run("arena", "--preset", preset, "--agents", "oracle,random,random", "--games", "3", "--json")
    assert code == 0
    rows = {row["name"]: row for row in json.loads(out)["agents"]}
    assert rows["oracle"]["games"] == 3 and rows["random"]["games"] == 6
    code, _, err = run("simulate", "--preset", preset, "--players", "3", "--agents", "oracle,random,random")
    assert code == 2 and "unknown agent 'oracle'" in err


def test_deterministic_arena_plays_the_searching_agents_on_samples_so_a_rerun_is_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`--deterministic`: the server's way of running computer players (samples, not seconds): every searching
    seat thinks on its matched sample budget, no clock, so a rerun gives the same games move for move (a rerun on
    a fixed sample budget is compared game for game in the next test; here the budget is checked, which is what
    makes the match the same: a clock budget cannot promise it on a shared machine)."""
    import sevens.arena.tournament as tournament
    from sevens.agents.base import make_agent as make

    budgets: list[tuple[str, int | None, int | None]] = []

    def spy(*args: Any) -> Any:
        agent = make(*args)
        budget = getattr(agent, "budget", None)
        if budget is not None:
            budgets.append((agent.name, budget.samples, getattr(agent, "deterministic_samples", None)))
        return agent

    monkeypatch.setattr(tournament, "make_agent", spy)
    code, out, err = run("arena", "--agents", "expert,normal,normal", "--games", "3", "--deterministic", "--json")
    assert code == 0, err
    assert json.loads(out)["games"] == 3
    assert len(budgets) == 3 and all(samples == matched and matched for _name, samples, matched in budgets), budgets


def test_arena_samples_puts_every_search_on_one_fixed_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--samples N` (issue 30: two experts compared at the same CPU a move): every searching seat thinks in N
    samples a move, so a rerun is the same; a budget below one is refused saying what is allowed."""
    import sevens.arena.tournament as tournament
    from sevens.agents.base import make_agent as make

    made: list[int | None] = []

    def spy(*args: Any) -> Any:
        agent = make(*args)
        made.append(getattr(getattr(agent, "budget", None), "samples", None))
        return agent

    match = Match(
        "shichinarabe", SevensRules.preset("standard", players=3), ("expert", "expert-v1", "normal"), 2, True, 12
    )
    monkeypatch.setattr(tournament, "make_agent", spy)
    first = run_match(match, 3)
    assert sorted(set(made), key=str) == [12, None]  # the searches on 12 samples; normal does not search
    assert [g.ranking for g in first] == [g.ranking for g in run_match(match, 3)]
    code, out, err = run("arena", "--agents", "expert,normal,normal", "--games", "3", "--samples", "12", "--json")
    assert code == 0, err
    assert json.loads(out)["games"] == 3
    code, _, err = run("arena", "--agents", "expert,normal,normal", "--samples", "0")
    assert code == 2 and "--samples" in err and "1" in err
