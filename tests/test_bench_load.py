"""bench/load.py: the clients' glance at action frames, and its command line (node counts, limits)."""

from __future__ import annotations

import json
from types import ModuleType

import pytest

from bench_scripts import load_bench_script, run_main
from sevens.server.messages import frame


@pytest.fixture(scope="module")
def load() -> ModuleType:
    return load_bench_script("load")


def test_a_glance_reads_what_a_full_decode_reads(load: ModuleType) -> None:
    for to_move, you_seat in ((2, 1), (None, 0), (3, None)):
        data = frame("action", 41, round=2, turn=17, player=1, by="player", action="8h", seat_players=[0, 1, 2, 3],
                     you_seat=you_seat, clock=None, view={"rules": {"players": 4}, "to_move": to_move})  # fmt: skip
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        assert load.glance_action(text) == ((2, 17), to_move, you_seat)
    snapshot = json.dumps(frame("snapshot", 3, game=None), separators=(",", ":"))
    assert load.glance_action(snapshot) is None


def test_node_counts_and_limits_are_checked(load: ModuleType) -> None:
    assert load.node_counts("1,2") == [1, 2]
    code, _out, err = run_main(load, ["--rooms", "10", "--nodes", "0,2"])
    assert code == 2 and "node counts are 1 to" in err
    code, _out, err = run_main(load, ["--rooms", "10", "--clients", "99"])
    assert code == 2 and "--clients must be 1 to" in err
