"""The small learned policy of docs/research.md: trained in the Gymnasium env, measured in ``sevens arena``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from sevens.agents.base import make_agent
from sevens.cli.app import app
from sevens.errors import RulesError

pytest.importorskip("gymnasium")

from bench_scripts import load_bench_script, run_main
from sevens.envs.policy import LinearPolicy, PolicyAgent


def test_the_policy_puts_no_probability_on_illegal_actions() -> None:
    rng = np.random.default_rng(3)
    policy = LinearPolicy(rng.normal(size=(5, 4)), rng.normal(size=4))
    probabilities = policy.probabilities(rng.random(5).astype(np.float32), np.array([1, 0, 1, 0], dtype=np.int8))
    assert probabilities[1] == probabilities[3] == 0.0
    assert probabilities.sum() == pytest.approx(1.0)


def test_training_writes_a_policy_that_plays_in_the_arena(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "policy.npz"
    code, stdout, _ = run_main(
        load_bench_script("train_policy"),
        ["--players", "3", "--opponents", "random", "--episodes", "4", "--every", "2", "--out", str(out)],
    )
    assert code == 0
    lines = [json.loads(line) for line in stdout.splitlines()]
    assert [line["episodes"] for line in lines] == [2, 4, 4] and lines[-1]["saved"] == str(out)
    monkeypatch.setenv("SEVENS_POLICY", str(out))
    result = CliRunner().invoke(app, ["arena", "--agents", "learned,random,greedy", "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.stdout)["agents"]}
    assert rows["learned"]["games"] == 3


def test_a_missing_or_mismatched_policy_file_is_a_clear_error(tmp_path: Path) -> None:
    from sevens.games.shichinarabe import Rules, State

    state = State.new(Rules.preset("standard"), 1)
    assert state.to_move is not None  # a new deal: someone is to move
    view, legal = state.view(state.to_move), state.legal_actions()
    with pytest.raises(RulesError, match="no policy file at"):
        PolicyAgent(tmp_path / "none.npz").act(view, legal)
    path = tmp_path / "small.npz"
    LinearPolicy.blank(10, 209).save(path)
    with pytest.raises(RulesError, match="reads 10 numbers, these rules give 239"):
        PolicyAgent(path).act(view, legal)
    assert make_agent("learned", research=True).name == "learned"
