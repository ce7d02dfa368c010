"""bench/load_strength.py: the same match idle and under load, in one run, and whether its games changed."""

from __future__ import annotations

import json

from bench_scripts import load_bench_script, run_main


def test_the_match_is_played_idle_then_loaded_and_samples_give_the_same_games() -> None:
    bench = load_bench_script("load_strength")
    code, out, err = run_main(bench, ["--agents", "greedy,random,random", "--games", "3", "--load", "1", "--json"])
    assert code == 0, err
    idle, busy = json.loads(out)["rows"]
    assert (idle["machine"], busy["machine"], busy["other_processes"]) == ("idle", "loaded", 1)
    assert idle["games"] == busy["games"] == 3
    assert busy["same_games_as_idle"] is True
    assert idle["win_rate_95"][0] <= idle["win_rate"] <= idle["win_rate_95"][1]
