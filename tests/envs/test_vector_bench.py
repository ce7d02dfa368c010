"""``sevens bench --env``: each research environment's steps per second (issue 31)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

from typer.testing import CliRunner

from sevens.cli.app import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("env", "counts"),
    [("vector", "learner steps"), ("gymnasium", "learner steps"), ("pettingzoo", "actions"), ("openspiel", "actions")],
)
def test_each_env_reports_its_steps_per_second(env: str, counts: str) -> None:
    if env == "pettingzoo":
        pytest.importorskip("pettingzoo")
    if env == "openspiel":
        pytest.importorskip("pyspiel")
    result = runner.invoke(app, ["bench", "--env", env, "--seconds", "0.2", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["env"] == env and data["counts"] == counts and data["players"] == 4
    assert data["steps"] > 0 and data["steps_per_second"] > 0 and data["steps_per_cpu_second"] > 0
    if env == "vector":
        assert data["steps"] % data["num_envs"] == 0 and data["steps"] >= 10 * data["num_envs"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--env", "atari"], "unknown env 'atari'; allowed: vector, gymnasium, pettingzoo, openspiel"),
        (["--env", "vector", "--batched"], "--batched and --threads do not apply"),
        (["--env", "vector", "--preset", "killer"], "七並べ (Part B) rules only, not killer"),
    ],
)
def test_what_cannot_be_measured_is_refused_in_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["bench", *args, "--seconds", "0.1"])
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr
