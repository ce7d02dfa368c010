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
