"""bench/source_lines.py: issue 29's count of source lines (raw, and SLOC without blanks, comments, docstrings)."""

from __future__ import annotations

from pathlib import Path

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
