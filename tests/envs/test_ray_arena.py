"""``sevens arena --ray``: the same match on a small local Ray gives the same results as the local run."""

from __future__ import annotations

import json
import socket
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


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize("kind", ["closed port", "silent listener", "not an address"])
def test_an_unreachable_cluster_fails_with_one_clear_error(kind: str) -> None:
    """Every address is on this machine (the tests never reach outside it): a port nobody listens on, a
    listener that accepts and never speaks Ray, and text that is not HOST:PORT. The waits are bounded by the
    check's own timeouts (CONNECT_SECONDS, JOIN_SECONDS), not measured here: a loaded machine may take any time
    to start the command (issue 43); a hang is pytest-timeout's failure."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        address = {
            "closed port": f"127.0.0.1:{_closed_port()}",
            "silent listener": f"127.0.0.1:{silent.getsockname()[1]}",
            "not an address": "nowhere",
        }[kind]
        result = runner.invoke(app, ["arena", "--games", "2", "--ray", address])
    assert result.exit_code == 2
    assert "error:" in result.stderr and address in result.stderr
    assert "Traceback" not in result.stderr


def test_a_running_cluster_passes_the_reachability_check() -> None:
    import ray

    from sevens.arena.ray_executor import check_reachable, ray_executor

    with ray_executor(None):
        check_reachable(ray.get_runtime_context().gcs_address)  # a child driver joins and leaves
