"""``sevens arena --ray``: the same match on a small local Ray gives the same results as the local run."""

from __future__ import annotations

import json
import sys

import pytest
from typer.testing import CliRunner

pytest.importorskip("ray")

from sevens.cli.app import app
from sevens.cli.arena import ray_address_optional

runner = CliRunner()
TIMING = ("seconds_per_move", "p95_seconds_per_move")


def _arena(*extra: str) -> list[dict[str, object]]:
    args = ["arena", "--agents", "heuristic,random,greedy", "--games", "6", "--seed", "4", "--json", *extra]
    result = runner.invoke(app, ray_address_optional(args))
    assert result.exit_code == 0, result.output
    return [{k: v for k, v in row.items() if k not in TIMING} for row in json.loads(result.stdout)["agents"]]


def test_a_local_ray_gives_the_results_of_the_local_run() -> None:
    here = _arena()
    assert _arena("--ray") == here
    assert [row["games"] for row in here] == [6, 6, 6]  # every agent in every game


def test_without_ray_the_option_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "sevens.arena.ray_executor", None)  # as if Ray were not installed
    result = runner.invoke(app, ["arena", "--games", "2", "--ray", "local"])
    assert result.exit_code == 2
    assert "--ray needs Ray: pip install 'sevens[research]'" in result.stderr
