"""bench/rolling_restart.py: a room's pauses are read from the moves its spectator saw, and its command line
refuses what it cannot run (the measurement itself starts a site: docs/operations.md gives its figures)."""

from __future__ import annotations

from types import ModuleType

import pytest

from bench_scripts import load_bench_script, run_main


@pytest.fixture(scope="module")
def roll() -> ModuleType:
    return load_bench_script("rolling_restart")


def test_the_gaps_are_between_moves_seen_in_the_window(roll: ModuleType) -> None:
    watch = roll.Watch("ABCDEF", moves={(1, 1): 10.0, (1, 2): 11.0, (1, 3): 14.5, (1, 4): 15.0, (2, 1): 30.0})
    assert watch.gaps(10.5, 20.0) == [3.5, 0.5]


@pytest.mark.parametrize(
    ("args", "said"),
    [(["--bot-delay", "99"], "--bot-delay"), (["--nodes", "1"], "--nodes"), (["--rooms-per-node", "0"], "--rooms")],
)
def test_the_command_line_refuses_what_it_cannot_run(roll: ModuleType, args: list[str], said: str) -> None:
    code, _out, err = run_main(roll, args)
    assert code == 2 and said in err
