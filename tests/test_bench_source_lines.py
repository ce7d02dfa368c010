"""bench/source_lines.py: issue 29's count of source lines (raw, and SLOC without blanks, comments, docstrings)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from bench_scripts import load_bench_script, run_main

SAMPLE = '''"""A module docstring
on two lines."""

import os  # a comment


def f() -> str:
    """Its docstring."""
    # a comment line
    return (
        "a string that is code"
    )
'''


def test_code_lines_leave_out_blanks_comments_and_docstrings() -> None:
    assert load_bench_script("source_lines").code_lines(SAMPLE) == 5  # import, def, return ( "…" )


def test_an_attribute_docstring_is_not_code() -> None:
    sample = '''LIMIT = 3
"""Why three."""


class A:
    size: int = 1
    """Its doc (PEP 257: an attribute docstring)."""
'''
    assert load_bench_script("source_lines").code_lines(sample) == 3  # LIMIT, class, size


def test_a_string_statement_elsewhere_is_code() -> None:
    sample = 'def f() -> None:\n    x = 1\n    "not a docstring: inside a function, after code"\n'
    assert load_bench_script("source_lines").code_lines(sample) == 3


def test_the_script_counts_a_folder(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(SAMPLE)
    (tmp_path / "notes.txt").write_text("not python\n")
    code, out, err = run_main(load_bench_script("source_lines"), [str(tmp_path)])
    assert code == 0, err
    assert out.strip() == f"1 files, {len(SAMPLE.splitlines())} raw lines, 5 SLOC"


def test_commits_mode_prints_what_each_commit_added(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def git(*args: str) -> None:
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=tmp_path, check=True,
                       capture_output=True)  # fmt: skip

    git("init", "-q")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg/a.py").write_text("x = 1\n")
    (tmp_path / "notes.md").write_text("outside the folder\n")
    git("add", ".")
    git("commit", "-q", "-m", "base")
    (tmp_path / "pkg/a.py").write_text('"""Doc."""\nx = 1\ny = 2\nz = 3\n')
    git("commit", "-q", "-am", "feature: two lines")
    (tmp_path / "pkg/b.py").write_text("w = 4\n")
    (tmp_path / "pkg/a.py").write_text("x = 1\n")
    git("add", ".")
    git("commit", "-q", "-m", "refactor: one file less")
    monkeypatch.chdir(tmp_path)
    code, out, err = run_main(load_bench_script("source_lines"), ["--commits", "HEAD~2..HEAD", "pkg"])
    assert code == 0, err
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == ["+2", "-1", "+1"]
    assert lines[0].endswith("feature: two lines") and lines[1].endswith("refactor: one file less")
    assert lines[2] == "   +1 in 2 commits"
