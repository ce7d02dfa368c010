"""The two environment benchmarks run and report their ratios (``bench/openspiel_vs_dominoes.py``,
``bench/envs_vs_sevens_rl.py``, which skips ``sevens_rl`` cleanly when no checkout of it is given)."""

from __future__ import annotations

import json

import pytest

from bench_scripts import load_bench_script, run_main

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")


def test_openspiel_rollouts_are_measured_against_team_dominoes() -> None:
    code, out, _ = run_main(load_bench_script("openspiel_vs_dominoes"), ["--seconds", "0.2", "--rounds", "1", "--json"])
    report = json.loads(out)
    assert code == 0
    for name in ("sevens", "sevens_killer", "sevens_seven27"):
        assert report[name] > 0 and report[f"{name} / python_team_dominoes"] > 0


def test_without_a_sevens_rl_checkout_only_ours_is_measured_and_it_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SEVENS_RL_PATH", raising=False)
    code, out, _ = run_main(load_bench_script("envs_vs_sevens_rl"), ["--seconds", "0.2", "--rounds", "1", "--json"])
    report = json.loads(out)
    assert code == 0 and report["sevens"] > 0
    assert "sevens_rl not found" in report["skipped"] and "sevens / sevens_rl" not in report
