"""bench/inference.py: the measure of how well posterior deals read the opponents' hands."""

from __future__ import annotations

import subprocess
import sys
from types import ModuleType

import pytest

from bench_scripts import BENCH, load_bench_script


@pytest.fixture(scope="module")
def inference() -> ModuleType:
    return load_bench_script("inference")


def test_posterior_deals_place_more_cards_right(inference: ModuleType) -> None:
    report = inference.measure("standard", games=3, samples=8, burn_in=200, thin=10, miss=0.05, seed=1000)
    assert report["decisions"] > 5
    assert 0.0 < report["uniform"] < report["posterior"] <= 1.0
    assert report["methods"] == ["uniform", "posterior", "expert"]
    assert 0.0 < report["expert"] <= 1.0


def test_killer_at_seven_players_reads_the_normal_field(inference: ModuleType) -> None:
    report = inference.measure(
        "killer", games=4, samples=8, burn_in=200, thin=10, miss=0.05, seed=1000, players=7, field="normal"
    )
    assert (report["players"], report["field"], report["methods"]) == (7, "normal", ["uniform", "posterior"])
    assert report["decisions"] > 5
    assert 0.0 < report["uniform"] < report["posterior"] <= 1.0


def test_bad_arguments_are_refused_with_the_allowed_range() -> None:
    out = subprocess.run([sys.executable, str(BENCH / "inference.py"), "--miss", "0"], capture_output=True, text=True)
    assert out.returncode == 2
    assert "--miss must be in (0, 1]" in out.stderr


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--preset", "seven27"], "not a sevens family's; allowed: killer, shichinarabe presets"),
        (["--preset", "killer", "--field", "nobody"], "unknown agent 'nobody' for killer; allowed:"),
        (["--preset", "standard", "--players", "1"], "players"),
    ],
)
def test_a_wrong_table_or_field_is_refused_saying_what_is_allowed(arguments: list[str], message: str) -> None:
    out = subprocess.run([sys.executable, str(BENCH / "inference.py"), *arguments], capture_output=True, text=True)
    assert out.returncode == 2
    assert message in out.stderr
