"""bench/chaos_timings.py: issue 28's bounds applied to the durations the chaos tests record (the tests
themselves only record them: tests/harness/timings.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench_scripts import load_bench_script, run_main
from harness.timings import TIMINGS_FILE, record_timing

chaos = load_bench_script("chaos_timings")


def test_each_recorded_duration_is_judged_against_its_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TIMINGS_FILE, str(tmp_path / "timings.jsonl"))
    record_timing("redis outage 10 s: every room served by every node after its return", 0.81)
    record_timing("SIGTERM hand-over of three rooms: the longest pause of a room", 3.72)
    record_timing("a node started during a Redis outage: its stored game served after Redis", 6.6)
    judged = chaos.judge((tmp_path / "timings.jsonl").read_text(encoding="utf-8").splitlines())
    assert [(j.seconds, j.bound, j.over) for j in judged] == [(0.81, 5.0, False), (3.72, 3.0, True), (6.6, None, False)]
    assert "| 3.72 | < 3 s | **over** |" in chaos.table(judged)


def test_a_duration_no_bound_names_is_an_error_not_a_pass() -> None:
    with pytest.raises(KeyError, match="add it to BOUNDS"):
        chaos.judge([json.dumps({"what": "a new pause", "seconds": 1.0})])


def test_without_a_file_nothing_is_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(TIMINGS_FILE, raising=False)
    monkeypatch.chdir(tmp_path)
    record_timing("rolling restart of 3 nodes: the longest pause", 0.8)
    assert list(tmp_path.iterdir()) == []


def test_a_long_outage_shorter_than_the_short_one_is_refused() -> None:
    code, _out, err = run_main(chaos, ["--long-outage", "5"])
    assert code == 2 and "give at least 10" in err
