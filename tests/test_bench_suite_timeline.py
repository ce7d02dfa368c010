"""bench/suite_timeline.py on a tiny suite of its own: each test's line with its CPU and its reaped children's
(burnt CPU time, not wall-clock time: the same on any machine), and the summary."""

from __future__ import annotations

import json
from pathlib import Path

from bench_scripts import load_bench_script, run_main

suite_timeline = load_bench_script("suite_timeline")

TINY_SUITE = """
import subprocess, sys, time

BURN = "import time\\nstart = time.process_time()\\nwhile time.process_time() - start < 0.2: pass"

def test_burns_its_own_cpu():
    start = time.process_time()
    while time.process_time() - start < 0.2:
        pass

def test_a_child_burns_it():
    subprocess.run([sys.executable, "-c", BURN], check=True)

def test_fails():
    assert False
"""


def test_each_test_is_timed_with_its_own_and_its_childrens_cpu(tmp_path: Path) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    (tmp_path / "test_tiny.py").write_text(TINY_SUITE)
    out = tmp_path / "timeline.jsonl"
    args = ["--out", str(out), "--", "-c", str(tmp_path / "pytest.ini"), "-p", "no:cacheprovider", "-q",
            str(tmp_path / "test_tiny.py")]  # fmt: skip
    code, printed, _ = run_main(suite_timeline, args)
    assert code == 1  # pytest's own exit status: one test failed
    lines = {line["id"].rsplit("::", 1)[1]: line for line in map(json.loads, out.read_text().splitlines())}
    assert set(lines) == {"test_burns_its_own_cpu", "test_a_child_burns_it", "test_fails"}
    assert lines["test_burns_its_own_cpu"]["cpu"] >= 0.18 and lines["test_burns_its_own_cpu"]["children"] < 0.05
    assert lines["test_a_child_burns_it"]["children"] >= 0.18
    assert all(line["worker"] == "main" and line["end"] >= line["start"] for line in lines.values())
    assert printed.startswith("3 tests in ") and "% busy" in printed and "main: ends at" in printed
    assert "test_tiny.py" in printed


def test_a_test_belongs_to_its_folder_below_tests_or_to_its_file() -> None:
    assert suite_timeline.group_of("tests/browser/test_play.py::test_x[a]") == "tests/browser"
    assert suite_timeline.group_of("tests/test_cli.py::test_y") == "tests/test_cli.py"
    assert suite_timeline.group_of("src/sevens/tui/text.py::sevens.tui.text") == "src/sevens/tui/text.py"
    assert suite_timeline.busy_share(30.0, 20.0, 2) == 0.75
    assert suite_timeline.busy_share(5.0, 0.0, 2) == 0.0


def test_a_bad_top_count_is_refused() -> None:
    code, _, err = run_main(suite_timeline, ["--top", "0"])
    assert code == 2 and "--top 0: give 1 or more" in err
