"""bench/expert_iteration.py, issue 41's expert iteration: the search labels the network's own positions at the
target's tables, a short run writes weights the agent plays, and a run stopped and resumed ends bit for bit where
an uninterrupted run ends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

from bench_scripts import load_bench_script, run_main
from sevens.agents.shichinarabe import HARD_WEIGHTS, NORMAL_WEIGHTS
from sevens.agents.shichinarabe.learned import POLICY_VARIABLE, LearnedAgent, Network
from sevens.games.shichinarabe import Rules, State

expert_iteration = load_bench_script("expert_iteration")

TINY_RUN = ["--games", "3", "--samples", "8", "--steps", "3", "--batch", "16", "--anchor-every", "2",
            "--imitation-games", "8", "--eval-games", "0", "--python-playouts", "--seed", "5"]  # fmt: skip


def _state(checkpoint: Path) -> dict[str, np.ndarray]:
    with np.load(checkpoint) as data:
        return {key: data[key].copy() for key in data.files}


def _rounds(stdout: str) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in stdout.splitlines()]
    return [{k: v for k, v in line.items() if k != "seconds"} for line in lines if line.get("phase") == "round"]


def test_the_tables_are_the_targets_fields_at_four_players() -> None:
    tables = expert_iteration.parse_tables(expert_iteration.DEFAULT_TABLES)
    assert [(t.preset, t.level) for t in tables] == [("standard", "hard"), ("tunnel", "hard"), ("joker", "normal")]
    assert [t.weights for t in tables] == [HARD_WEIGHTS, HARD_WEIGHTS, NORMAL_WEIGHTS]
    assert all(t.rules.players == 4 for t in tables)
    assert all(t.labels == "search" for t in tables)
    fast = expert_iteration.parse_tables("tunnel:hard:heuristic,tunnel:hard:heuristic")
    assert [(t.preset, t.level, t.labels) for t in fast] == [("tunnel", "hard", "heuristic")] * 2
    for wrong in ("standard:expert", "standard:hard:oracle"):
        with pytest.raises(ValueError, match="preset:level"):
            expert_iteration.parse_tables(wrong)


def test_a_short_run_labels_the_learners_decisions_and_writes_weights_the_agent_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out, checkpoint = tmp_path / "ei.npz", tmp_path / "ei.ckpt.npz"
    code, stdout, _ = run_main(
        expert_iteration, [*TINY_RUN, "--rounds", "1", "--checkpoint", str(checkpoint), "--out", str(out)]
    )
    assert code == 0
    (line,) = _rounds(stdout)
    data = _state(checkpoint)
    assert line["positions"] == line["data"] == len(data["data_labels"]) > 0
    # every label is a legal action of its position, and a real decision (more than one legal action)
    rows = np.arange(len(data["data_labels"]))
    assert (data["data_masks"][rows, data["data_labels"]] == 1).all()
    assert (data["data_masks"][rows, data["data_teacher"]] == 1).all()
    assert (data["data_masks"].sum(axis=1) > 1).all()
    assert sorted(set(data["data_table"].tolist())) == [0, 1, 2]  # three games: one at each table
    assert 0 <= line["search_is_heuristic"] <= 1 and np.isfinite(line["loss"])
    assert line["searched"] == len(data["data_labels"])  # every table of the default is labelled by the search
    monkeypatch.setenv(POLICY_VARIABLE, str(out))
    Network.load(out)
    state = State.new(Rules.preset("joker"), 3)
    assert state.to_move is not None
    assert LearnedAgent().act(state.view(state.to_move), state.legal_actions()) in state.legal_actions()


def test_a_run_stopped_and_resumed_ends_bit_for_bit_where_an_uninterrupted_run_ends(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.ckpt.npz", tmp_path / "cut.ckpt.npz"
    code, whole_out, _ = run_main(
        expert_iteration, [*TINY_RUN, "--rounds", "2", "--checkpoint", str(whole), "--out", str(tmp_path / "w.npz")]
    )
    assert code == 0
    code, cut_out, _ = run_main(
        expert_iteration, [*TINY_RUN, "--rounds", "1", "--checkpoint", str(cut), "--out", str(tmp_path / "c.npz")]
    )
    assert code == 0
    assert int(_state(cut)["done"]) == 1
    assert not np.array_equal(_state(cut)["param4"], _state(whole)["param4"])  # the second round still matters
    then = ["--resume", str(cut), "--checkpoint", str(cut), "--out", str(tmp_path / "r.npz")]
    code, resumed_out, _ = run_main(expert_iteration, [*TINY_RUN, "--rounds", "2", *then])
    assert code == 0
    assert json.loads(resumed_out.splitlines()[0])["phase"] == "resumed"
    end, resumed = _state(whole), _state(cut)
    assert sorted(end) == sorted(resumed)
    for key in end:  # parameters, Adam's moments and steps, the generator, the counter, the labelled positions
        assert np.array_equal(end[key], resumed[key]), key
    assert (tmp_path / "w.npz").read_bytes() == (tmp_path / "r.npz").read_bytes()
    assert _rounds(whole_out) == _rounds(cut_out) + _rounds(resumed_out)


def test_a_table_labelled_by_the_heuristic_takes_the_heuristics_moves(tmp_path: Path) -> None:
    checkpoint = tmp_path / "h.ckpt.npz"
    tables = ["--tables", "standard:hard:search,joker:normal:heuristic"]
    args = [*TINY_RUN, *tables, "--games", "2", "--rounds", "1", "--checkpoint", str(checkpoint)]
    code, stdout, _ = run_main(expert_iteration, [*args, "--out", str(tmp_path / "h.npz")])
    assert code == 0
    (line,) = _rounds(stdout)
    data = _state(checkpoint)
    joker = data["data_table"] == 1
    assert joker.any() and (data["data_labels"][joker] == data["data_teacher"][joker]).all()
    assert line["searched"] == int((~joker).sum()) > 0


def test_a_checkpoint_of_other_settings_is_refused(tmp_path: Path) -> None:
    checkpoint = tmp_path / "run.ckpt.npz"
    args = [*TINY_RUN, "--rounds", "1", "--checkpoint", str(checkpoint), "--out", str(tmp_path / "w.npz")]
    assert run_main(expert_iteration, args)[0] == 0
    other = [*TINY_RUN[:-1], "6", "--rounds", "2", "--resume", str(checkpoint), "--out", str(tmp_path / "w.npz")]
    code, _, stderr = run_main(expert_iteration, other)
    assert code == 2
    assert f"--resume {checkpoint}: {checkpoint} was written with seed=5, this run has 6" in stderr


def test_the_operator_is_measured_against_the_heuristic_on_the_same_deals() -> None:
    code, stdout, _ = run_main(
        expert_iteration, ["--tables", "standard:hard", "--operator-deals", "1", "--samples", "8", "--python-playouts"]
    )
    assert code == 0
    (line,) = [json.loads(text) for text in stdout.splitlines()]
    assert line["table"] == "standard:hard" and line["games"] == 4
    # one deal, a seat each: one winner per game among the four seats, so each rate is a count of 4 games
    assert {line["search"] * 4, line["heuristic"] * 4} <= {0.0, 1.0, 2.0, 3.0, 4.0}
