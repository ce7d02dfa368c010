"""`sevens bench --batched` and the kernel's bench scripts (issue 22)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("numba")

from typer.testing import CliRunner

from bench_scripts import load_bench_script, run_main
from sevens.cli.app import app

runner = CliRunner()


def test_bench_batched_json_reports_games_per_second() -> None:
    result = runner.invoke(app, ["bench", "--batched", "--seconds", "0.2", "--threads", "1", "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["batched"] is True and data["threads"] == 1 and data["players"] == 4
    assert data["games"] > 0 and data["games_per_second"] > 0 and data["steps"] > 40 * data["games"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--preset", "killer"], "七並べ presets only"),
        (["--threads", "99"], "threads=99 is out of range; allowed: 1 to"),
    ],
)
def test_bench_batched_refuses_what_it_cannot_do(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["bench", "--batched", "--seconds", "0.1", *args])
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_crosscheck_script_reports_every_variant_identical() -> None:
    code, out, _ = run_main(load_bench_script("kernel_crosscheck"), ["--games", "8", "--json"])
    assert code == 0
    rows = json.loads(out)["variants"]
    assert len(rows) == 13 and all(row["games"] == 8 + 5 * 2 + 4 + 2 for row in rows)


def test_kernel_vs_c_script_measures_both_in_one_run() -> None:
    module = load_bench_script("kernel_vs_c")
    if shutil.which("gcc") is None and os.environ.get("CI", "").lower() != "true":
        pytest.skip("needs gcc for the C yardstick")
    code, out, _ = run_main(module, ["--seconds", "0.05", "--rounds", "1", "--c-games", "2000", "--json"])
    assert code == 0
    report = json.loads(out)
    assert report["rounds"][0]["c"] > 0 and report["rounds"][0]["kernel_1_thread"] > 0
    assert report["ratio_1_thread"] > 0
    assert report["rounds"][0]["general_per_cpu_second"] > 0 and report["general_ratio_per_cpu_second"] > 0


def test_loops_script_measures_both_loops_and_refuses_a_folder_without_the_package(tmp_path: Path) -> None:
    module = load_bench_script("kernel_loops")
    report = module.measure_loops(rounds=1, seconds=0.01)
    assert len(report) == 5
    assert all(row["general_per_cpu_second"] > 0 and row["fast_per_cpu_second"] > 0 for row in report.values())
    code, _, err = run_main(module, ["--src", f"old={tmp_path}"])
    assert code == 2 and "a src folder holding sevens/" in err


def test_playouts_script_times_both_sides() -> None:
    code, out, _ = run_main(load_bench_script("kernel_playouts"), ["--positions", "2", "--playouts", "5", "--json"])
    assert code == 0
    report = json.loads(out)
    assert report["python_playouts_per_second"] > 0 and report["kernel_playouts_per_second"] > 0
