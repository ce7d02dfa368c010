"""``sevens warmup`` compiles what the package's own callers use, so their first call compiles nothing (issue 31)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")

from numba.core.registry import CPUDispatcher
from typer.testing import CliRunner

from sevens.cli.app import app
from sevens.games.shichinarabe import Rules, State
from sevens.kernel import engine
from sevens.kernel.warmup import PARTS, warm_up


def compiled() -> dict[str, int]:
    """Each compiled function of the engine and how many type signatures it has been compiled for."""
    return {name: len(value.signatures) for name, value in vars(engine).items() if isinstance(value, CPUDispatcher)}


def test_after_warming_up_the_callers_compile_nothing_new() -> None:
    parts = warm_up()
    assert [p.name for p in parts] == [name for name, _ in PARTS]
    before = compiled()
    assert before["play_batch"] >= 1 and before["step_envs_parallel"] >= 1 and before["plain_misses"] >= 1

    from gymnasium.vector import AutoresetMode

    from sevens.agents.shichinarabe.kernel import KernelPlayouts
    from sevens.envs.vector import SevensVectorEnv, SevensVectorSelfPlayEnv
    from sevens.kernel import Batch, playout
    from sevens.policy_weights import DEFAULT_WEIGHTS

    for rules in (Rules.preset("standard"), Rules.preset("tunnel", jokers=2)):
        playout(State.new(rules, 3), "heuristic", n=3, seed=1, noise=0.2)
        Batch.blank(rules, 3000).play("random", seed=2, deal=True)
        state = State.new(rules, 4)
        KernelPlayouts(rules, DEFAULT_WEIGHTS, 0.3, None, 1.0).rows(
            [state, state], state.legal_actions()[:1], 0, [1, 2]
        )
    for games in (8, 600):
        for env in (SevensVectorEnv(num_envs=games, opponents="random"), SevensVectorSelfPlayEnv(num_envs=games)):
            _, infos = env.reset(seed=1)
            env.step(infos["action_mask"].argmax(axis=1))
            env.reset(options={"states": [State.new(env.rules, 5)] * games})
    same_step = SevensVectorEnv(num_envs=8, opponents="heuristic", autoreset_mode=AutoresetMode.SAME_STEP)
    _, infos = same_step.reset(seed=1)
    for _ in range(30):  # games end, and are dealt anew within the step
        _, _, _, _, infos = same_step.step(infos["action_mask"].argmax(axis=1))
    assert compiled() == before


def test_the_command_says_what_it_does_and_where_the_cache_is() -> None:
    result = CliRunner().invoke(app, ["warmup", "--lang", "en"])
    assert result.exit_code == 0, result.stderr
    assert "Compiling" in result.stdout and "cache" in result.stdout
    for name, _ in PARTS:
        assert name in result.stdout


def test_the_command_compiles_in_several_processes() -> None:
    command = [str(Path(sys.executable).with_name("sevens")), "warmup", "--jobs", "2", "--lang", "ja"]  # installed
    warmed = subprocess.run(command, capture_output=True, text=True, check=False)
    assert warmed.returncode == 0, warmed.stderr
    assert all(name in warmed.stdout for name, _ in PARTS) and "キャッシュ" in warmed.stdout


SMALL_PART = "reading"  # 2.5 CPU-s of compiling into an empty cache (the others: 11-16 s each)
CACHE_USE = """
import sys
from numba.core.registry import CPUDispatcher
from sevens.kernel import engine
from sevens.kernel.warmup import warm_up
warm_up(jobs=int(sys.argv[1]), names=tuple(sys.argv[2:]))
used = [f.stats for f in vars(engine).values() if isinstance(f, CPUDispatcher) and f.signatures]
print(sum(sum(s.cache_hits.values()) for s in used), sum(sum(s.cache_misses.values()) for s in used))
"""


def test_parts_compiled_in_processes_are_in_the_cache_for_the_next_process(tmp_path: Path) -> None:
    """A part compiled by a child process (as ``--jobs`` does) into an empty cache: a process started afterwards
    finds every function it uses there, and compiles none."""
    environment = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}

    def run(jobs: int) -> list[int]:
        done = subprocess.run(
            [sys.executable, "-c", CACHE_USE, str(jobs), SMALL_PART],
            capture_output=True, text=True, check=False, env=environment,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        return [int(word) for word in done.stdout.split()[-2:]]

    run(2)  # this process compiles nothing itself: its children do
    hits, misses = run(1)
    assert hits > 0 and misses == 0, f"{hits} functions found in the cache, {misses} compiled again"


def test_parts_compiled_in_processes_report_the_parts_in_order() -> None:
    parts = warm_up(jobs=2)
    assert [p.name for p in parts] == [name for name, _ in PARTS]
    assert all(p.seconds >= 0 for p in parts)
