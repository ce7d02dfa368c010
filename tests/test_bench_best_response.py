"""bench/best_response.py: retuning the policy's weights for one seat against three default heuristics."""

from __future__ import annotations

import dataclasses
import json
import random
from types import ModuleType

import pytest

from bench_scripts import load_bench_script, run_main
from sevens.agents.shichinarabe.policy import DEFAULT_WEIGHTS
from sevens.games.shichinarabe import Rules


@pytest.fixture(scope="module")
def best_response() -> ModuleType:
    return load_bench_script("best_response")


def test_default_weights_win_exactly_one_game_in_players(best_response: ModuleType) -> None:
    # Four identical deterministic players: each deal is the same game whichever seat is watched, so the
    # watched seat wins exactly one rotation of every deal.
    wins, games = best_response.wins_of(Rules.preset("standard"), DEFAULT_WEIGHTS, 1, range(6))
    assert (wins, games) == (6, 24)


def test_a_player_that_never_passes_by_choice_wins_less(best_response: ModuleType) -> None:
    # Blocking with passes decides this game (the package notes): giving it up must show in the measure.
    never_pass = dataclasses.replace(DEFAULT_WEIGHTS, pass_threshold=-100.0)
    rate = best_response.win_rate(None, 1, Rules.preset("standard"), never_pass, 1, range(40))
    assert rate < 0.2


def test_a_neighbour_moves_two_real_weights_and_keeps_integers_in_range(best_response: ModuleType) -> None:
    rng = random.Random(0)
    default = dataclasses.asdict(DEFAULT_WEIGHTS)
    for _ in range(50):
        moved = dataclasses.asdict(best_response.neighbour(DEFAULT_WEIGHTS, rng))
        real_changes = [k for k in default if k not in best_response.INTEGER_CHOICES and moved[k] != default[k]]
        assert 1 <= len(real_changes) <= 2  # a step may round to no change
        for name, choices in best_response.INTEGER_CHOICES.items():
            assert moved[name] in choices


def test_the_report_keeps_the_best_and_measures_it_on_fresh_deals(best_response: ModuleType) -> None:
    code, out, _ = run_main(
        best_response, ["--deals", "3", "--steps", "2", "--holdout", "2", "--workers", "1", "--json"]
    )
    assert code == 0
    report = json.loads(out)
    assert report["baseline"] == 0.25
    assert report["best_on_search_deals"] >= report["baseline"]
    assert 0.0 <= report["best_on_holdout"] <= 1.0
    assert (report["changed_weights"] == {}) == (report["best_on_search_deals"] == report["baseline"])


@pytest.mark.parametrize(("flag", "value"), [("--deals", "0"), ("--steps", "-1"), ("--holdout", "100001")])
def test_out_of_range_sizes_are_refused_with_the_allowed_range(
    best_response: ModuleType, flag: str, value: str
) -> None:
    code, _, err = run_main(best_response, [flag, value])
    assert code == 2
    assert f"{flag} must be between" in err
