"""bench/search_throughput.py: samples per move of the search within its budget."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bench_scripts import BENCH, load_bench_script


def test_every_counted_decision_played_samples_out() -> None:
    report = load_bench_script("search_throughput").measure("tunnel", games=1, think_ms=5.0, seed=0)
    assert report["decisions"] > 3
    assert report["python"]["median"] >= 1
    assert report["python"]["samples_per_move"] >= 1.0
    assert "kernel" not in report


def test_both_paths_are_measured_on_the_same_decisions_with_their_ratio() -> None:
    pytest.importorskip("numba")
    report = load_bench_script("search_throughput").measure("standard", 1, 5.0, 0, kernel="both", agent="expert")
    assert report["decisions"] > 3
    assert report["kernel"]["samples_per_move"] >= 1.0 and report["python"]["samples_per_move"] >= 1.0
    assert report["ratio"] == round(report["kernel"]["samples_per_move"] / report["python"]["samples_per_move"], 2)


def test_bad_arguments_are_refused_with_the_allowed_range() -> None:
    script = str(BENCH / "search_throughput.py")
    out = subprocess.run([sys.executable, script, "--think-ms", "0"], capture_output=True, text=True)
    assert out.returncode == 2
    assert "--think-ms must be more than 0" in out.stderr


def test_early_stopping_is_compared_with_the_full_budget_on_the_same_decisions() -> None:
    report = load_bench_script("search_throughput").measure("standard", 1, 5.0, 0, kernel="off", stop="both")
    agreement = report["python_agreement"]
    assert agreement["decisions"] > 3
    assert 0.0 <= agreement["same_as_full"] <= 1.0 and 0.0 <= agreement["full_vs_full_other_samples"] <= 1.0
    assert agreement["disagreements"] == round((1 - agreement["same_as_full"]) * agreement["decisions"])
    for variant in ("python_stop", "python_full", "python_full2"):
        assert report[variant]["samples_per_move"] >= 1.0
        assert report[variant]["seconds_per_move"] > 0.0 and report[variant]["p95_seconds_per_move"] > 0.0


def test_killers_search_is_measured_on_its_python_path() -> None:
    report = load_bench_script("search_throughput").measure("killer", 1, 5.0, 0, kernel="both", stop="on")
    assert report["decisions"] > 3 and report["python"]["samples_per_move"] >= 1.0
    assert "kernel" not in report
