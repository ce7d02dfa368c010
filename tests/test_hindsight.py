"""bench/hindsight.py: the one-player puzzle search that bounds any agent's win rate against deterministic agents."""

from __future__ import annotations

import json
from types import ModuleType

import pytest

from bench_scripts import load_bench_script, run_main
from sevens.arena.tournament import Match, play_deal
from sevens.games.shichinarabe import Rules


@pytest.fixture(scope="module")
def hindsight() -> ModuleType:
    return load_bench_script("hindsight")


def arena_ranking(deal: int) -> tuple[int, ...]:
    """The ranking of the arena's game of ``deal`` (seed 1) between four heuristic players."""
    match = Match("shichinarabe", Rules.preset("standard"), ("heuristic",) * 4, 1)
    return play_deal(match, deal)[0].ranking


@pytest.mark.parametrize("deal", [0, 1, 2])
def test_the_policy_winner_is_found_winning_on_its_own_line(hindsight: ModuleType, deal: int) -> None:
    # The search tries the policy's own action first, so the seat that wins the arena's game of this deal is
    # proved winning within as many nodes as it has decisions (a few dozen at most).
    winner = arena_ranking(deal)[0]
    assert hindsight.solve(hindsight.Task("standard", "heuristic", 1, deal, winner, 60)) == "won"


def test_a_search_out_of_nodes_says_unknown_not_lost(hindsight: ModuleType) -> None:
    loser = arena_ranking(0)[-1]
    assert hindsight.solve(hindsight.Task("standard", "heuristic", 1, 0, loser, 1)) == "unknown"


def test_the_report_bounds_are_consistent(hindsight: ModuleType) -> None:
    args = ["--preset", "standard", "--deals", "1", "--nodes", "40", "--workers", "1", "--json"]
    code, out, _ = run_main(hindsight, args)
    assert code == 0
    report = json.loads(out)
    assert report["pairs"] == 4 == report["won"] + report["lost"] + report["unknown"]
    assert report["won"] >= 1  # the policy's own winner
    assert report["won_share"] <= report["upper_bound"] <= 1.0


@pytest.mark.parametrize(("flag", "value"), [("--deals", "0"), ("--nodes", "0"), ("--deals", "10001")])
def test_out_of_range_sizes_are_refused_with_the_allowed_range(hindsight: ModuleType, flag: str, value: str) -> None:
    code, _, err = run_main(hindsight, [flag, value])
    assert code == 2
    assert f"{flag} must be between 1 and" in err
