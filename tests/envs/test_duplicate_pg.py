"""bench/duplicate_pg.py, issue 30's training trial: the baseline takes the deal's luck out, the teacher and the
opponents are the levels' weights at that table, and a short run reports and writes weights the agent plays."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

from bench_scripts import load_bench_script, run_main
from sevens.agents.shichinarabe import HARD_WEIGHTS, LARGE_HARD_WEIGHTS, LARGE_NORMAL_WEIGHTS, NORMAL_WEIGHTS
from sevens.agents.shichinarabe.learned import POLICY_VARIABLE, LearnedAgent, Network
from sevens.games.shichinarabe import Rules, State

duplicate_pg = load_bench_script("duplicate_pg")


def test_a_deal_every_copy_wins_or_loses_teaches_nothing() -> None:
    won = np.array([[1, 0, 1, 0], [1, 0, 0, 0], [1, 0, 0, 1]], dtype=np.float32)  # 3 copies of 4 deals
    advantages = duplicate_pg.duplicate_advantages(won)
    assert advantages[:, :2].tolist() == [[0, 0]] * 3  # deals 0 and 1: the cards decided
    assert advantages[:, 2].tolist() == [1.0, -0.5, -0.5]  # the copy that won is pushed up, the others down
    assert advantages[:, 3].tolist() == [-0.5, -0.5, 1.0]
    assert np.allclose(advantages.sum(axis=0), 0)  # each copy against the mean of the others: no drift


def test_the_teacher_and_opponents_are_hard_and_normal_at_that_table() -> None:
    large = Rules.preset("tunnel").replace(players=7)
    small = Rules.preset("standard").replace(players=4)
    assert duplicate_pg.level_weights(large) == (LARGE_HARD_WEIGHTS, LARGE_NORMAL_WEIGHTS)
    assert duplicate_pg.level_weights(small) == (HARD_WEIGHTS, NORMAL_WEIGHTS)


def test_a_short_run_reports_every_phase_and_writes_weights_the_agent_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "pg.npz"
    args = ["--imitation-steps", "20", "--updates", "3", "--every", "2", "--games", "16", "--eval-games", "32"]
    code, stdout, _ = run_main(duplicate_pg, [*args, "--out", str(out)])
    assert code == 0
    lines = [json.loads(line) for line in stdout.splitlines()]
    assert [line.get("phase") for line in lines] == ["levels", "imitated", "policy_gradient", "policy_gradient", None]
    assert [line["update"] for line in lines[2:4]] == [2, 3]
    assert all(0 <= line["network_x"] <= 7 for line in lines[1:4])
    assert 0 <= lines[0]["hard_x"] <= 7 and 0 <= lines[0]["normal_x"] <= 7
    assert lines[-1]["saved"] == str(out)
    monkeypatch.setenv(POLICY_VARIABLE, str(out))
    Network.load(out)
    state = State.new(Rules.preset("tunnel").replace(players=7), 3)
    assert state.to_move is not None
    assert LearnedAgent().act(state.view(state.to_move), state.legal_actions()) in state.legal_actions()


def test_one_copy_of_a_deal_is_refused() -> None:
    code, _, stderr = run_main(duplicate_pg, ["--copies", "1"])
    assert code == 2 and "--copies 1: the baseline needs at least 2 plays of a deal" in stderr


TINY_RUN = ["--preset", "standard", "--players", "4", "--imitation-steps", "0", "--teacher", "heuristic",
            "--opponents", "hard", "--anchor", "0.05", "--learning-rate", "1e-3", "--games", "8", "--copies", "2",
            "--every", "2", "--eval-games", "16", "--seed", "5"]  # fmt: skip


def _state(checkpoint: Path) -> dict[str, np.ndarray]:
    with np.load(checkpoint) as data:
        return {key: data[key].copy() for key in data.files}


def _progress(stdout: str) -> list[dict[str, object]]:
    lines = [json.loads(line) for line in stdout.splitlines()]
    return [
        {k: v for k, v in line.items() if k != "seconds"} for line in lines if line.get("phase") == "policy_gradient"
    ]


def test_a_run_stopped_and_resumed_ends_bit_for_bit_where_an_uninterrupted_run_ends(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.ckpt.npz", tmp_path / "cut.ckpt.npz"
    code, whole_out, _ = run_main(
        duplicate_pg, [*TINY_RUN, "--updates", "5", "--checkpoint", str(whole), "--out", str(tmp_path / "whole.npz")]
    )
    assert code == 0
    first = ["--checkpoint", str(cut), "--checkpoint-every", "1", "--out", str(tmp_path / "first.npz")]
    code, cut_out, _ = run_main(duplicate_pg, [*TINY_RUN, "--updates", "3", *first])
    assert code == 0
    halfway = _state(cut)
    assert int(halfway["done"]) == 3
    assert not np.array_equal(halfway["param4"], _state(whole)["param4"])  # the last two updates still matter
    then = ["--resume", str(cut), "--checkpoint", str(cut), "--out", str(tmp_path / "resumed.npz")]
    code, resumed_out, _ = run_main(duplicate_pg, [*TINY_RUN, "--updates", "5", *then])
    assert code == 0
    assert json.loads(resumed_out.splitlines()[0])["phase"] == "resumed"
    end, resumed = _state(whole), _state(cut)
    assert sorted(end) == sorted(resumed)
    for key in end:  # parameters, Adam's moments and steps, the generator's state, the step counter
        assert np.array_equal(end[key], resumed[key]), key
    assert int(end["adam_steps"]) == int(end["done"]) == 5
    assert (tmp_path / "whole.npz").read_bytes() == (tmp_path / "resumed.npz").read_bytes()
    assert _progress(whole_out) == _progress(cut_out)[:1] + _progress(resumed_out)  # updates 2 and 4, then 5


def test_a_checkpoint_of_other_settings_is_refused(tmp_path: Path) -> None:
    checkpoint = tmp_path / "run.ckpt.npz"
    args = [*TINY_RUN, "--updates", "1", "--checkpoint", str(checkpoint), "--out", str(tmp_path / "w.npz")]
    assert run_main(duplicate_pg, args)[0] == 0
    other = [*TINY_RUN[:-1], "6", "--updates", "2", "--resume", str(checkpoint), "--out", str(tmp_path / "w.npz")]
    code, _, stderr = run_main(duplicate_pg, other)
    assert code == 2
    assert f"--resume {checkpoint}: {checkpoint} was written with seed=5, this run has 6" in stderr
