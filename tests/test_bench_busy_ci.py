"""bench/busy_ci.py's mechanics on a tiny repository and a command of a few milliseconds (the real thing, `.ci/run`
three times beside four burners, takes an hour: the lead runs it, docs/benchmarks.md has its result)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from bench_scripts import load_bench_script, run_main

busy_ci = load_bench_script("busy_ci")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository of one commit holding ``marker``, and one more (uncommitted) file that a clone must not see."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(["git", "init", "--quiet", str(repo)], check=True)
    (repo / "marker").write_text("committed\n")
    subprocess.run([*git, "add", "marker"], check=True)
    subprocess.run([*git, "commit", "--quiet", "-m", "one"], check=True)
    (repo / "uncommitted").write_text("not in a clone\n")
    return repo


def test_each_run_is_a_fresh_clone_of_the_commit_beside_the_burners(repo: Path, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    command = "sh -c 'cat marker; test ! -e uncommitted; touch left-behind; pwd'"
    code, out, _err = run_main(busy_ci, ["--repo", str(repo), "--runs", "2", "--burners", "1", "--command", command,
                                         "--logs", str(logs)])  # fmt: skip
    assert code == 0, out
    assert "run 1/2: passed" in out and "run 2/2: passed" in out and "| 2 | passed |" in out
    first, second = ((logs / f"run-{n}.log").read_text().splitlines() for n in (1, 2))
    assert first[0] == second[0] == "committed"  # a fresh clone each time: the first run's file was not there
    assert first[1] != second[1] and not Path(first[1]).exists()  # a new folder each run, removed afterwards


def test_a_failed_run_is_reported_and_fails_the_script(repo: Path, tmp_path: Path) -> None:
    code, out, _err = run_main(busy_ci, ["--repo", str(repo), "--runs", "1", "--burners", "0", "--command", "false",
                                         "--logs", str(tmp_path / "logs")])  # fmt: skip
    assert code == 1 and "run 1/1: FAILED (exit 1)" in out and "**failed** (exit 1)" in out


def test_the_burners_spin_until_the_block_ends_and_are_reaped() -> None:
    with busy_ci.burning(2) as burners:
        assert [burner.poll() for burner in burners] == [None, None]
    assert all(burner.returncode is not None for burner in burners)
    for burner in burners:
        with pytest.raises(ProcessLookupError):
            os.kill(burner.pid, 0)


@pytest.mark.parametrize(("args", "message"), [(["--runs", "0"], "give at least 1"),
                                               (["--rev", "no-such-commit"], "not a commit of"),
                                               (["--command", ""], "--command is empty")])  # fmt: skip
def test_bad_options_are_refused(repo: Path, args: list[str], message: str) -> None:
    code, _out, err = run_main(busy_ci, ["--repo", str(repo), *args])
    assert code == 2 and message in err
