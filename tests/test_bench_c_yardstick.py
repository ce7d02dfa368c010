"""The C yardstick builds and runs from a plain checkout (issue 29: it is in bench/, not only in ../shared),
and every bench script that compares with it builds it the one same way."""

from __future__ import annotations

import os
import shutil

import pytest

from bench_scripts import BENCH, load_bench_script

if shutil.which("gcc") is None and os.environ.get("CI", "").lower() != "true":
    pytest.skip("needs gcc to build the C yardstick (under CI=true this fails instead)", allow_module_level=True)


def test_the_yardstick_is_in_the_checkout_with_its_origin_noted() -> None:
    source = (BENCH / "sevens_limit.c").read_text(encoding="utf-8")
    assert "copied unchanged" in source.splitlines()[0] and "int main(" in source


def test_it_compiles_with_the_one_set_of_flags_and_plays_games() -> None:
    yardstick = load_bench_script("c_yardstick")
    assert yardstick.C_FLAGS == ("-O2",)
    with yardstick.built() as binary:
        rate = yardstick.games_per_second(binary, 2000)
    assert rate > 1000  # random 4-player games: hundreds of thousands a second in C


def test_every_bench_script_that_compares_with_c_uses_the_shared_build() -> None:
    scripts = [path for path in BENCH.glob("*.py") if '"gcc"' in path.read_text(encoding="utf-8")]
    assert [path.name for path in scripts] == ["c_yardstick.py"]
    for name in ("kernel_vs_c", "engine_vs_c"):
        assert "c_yardstick.built(" in (BENCH / f"{name}.py").read_text(encoding="utf-8")
