"""``sevens warmup`` compiles what the package's own callers use, so their first call compiles nothing (issue 31)."""

from __future__ import annotations

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
