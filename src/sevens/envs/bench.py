"""How fast each research environment steps: ``sevens bench --env vector|gymnasium|pettingzoo|openspiel``.

Every environment is driven by the cheapest legal policy (the first legal action number, from the mask) so
that the figure is the environment's own cost. ``steps`` counts the learner's steps for ``vector`` and
``gymnasium`` (the opponents' moves happen inside a step) and every player's actions for ``pettingzoo`` and
``openspiel`` (OpenSpiel's chance outcomes, the deal, are not counted). Both wall-clock and CPU time are
reported: on a shared machine the per-CPU-second rate is the steadier one.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from sevens.envs.table import Settings, make_rules
from sevens.errors import SevensError

ENVS = ("vector", "gymnasium", "pettingzoo", "openspiel")
VECTOR_GAMES = 4096


def bench_env(
    name: str, preset: str = "standard", players: int | None = None, settings: Settings = None,
    seconds: float = 3.0, num_envs: int = VECTOR_GAMES, opponents: str = "heuristic",
) -> dict[str, Any]:  # fmt: skip
    """Step environment ``name`` for about ``seconds`` (after one untimed warm-up call) and report its rate;
    ``opponents`` play the other seats of ``vector`` and ``gymnasium``."""
    if name not in ENVS:
        raise SevensError(f"unknown env {name!r}; allowed: {', '.join(ENVS)}")
    make_rules(preset, players, settings)  # bad rules are refused before anything is imported or compiled
    runner = _RUNNERS[name](preset, players, settings, num_envs, opponents)
    runner()  # warm-up: imports, the kernel's compile (or its cache), first allocations
    steps = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds or steps == 0:
        steps += runner()
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    unit = "learner steps" if name in ("vector", "gymnasium") else "actions"
    return {
        "env": name,
        "counts": unit,
        "steps": steps,
        "seconds": round(elapsed, 3),
        "cpu_seconds": round(cpu, 3),
        "steps_per_second": round(steps / elapsed, 1),
        "steps_per_cpu_second": round(steps / max(cpu, 1e-9), 1),
        **({"num_envs": num_envs} if name == "vector" else {}),
        **({"opponents": opponents} if name in ("vector", "gymnasium") else {}),
    }


Runner = Callable[[], int]


def _vector(preset: str, players: int | None, settings: Settings, num_envs: int, opponents: str) -> Runner:
    from sevens.envs.vector import SevensVectorEnv

    env = SevensVectorEnv(num_envs, preset, players, settings, opponents=opponents, copy=True)
    _, infos = env.reset(seed=0)
    mask = infos["action_mask"]

    def run() -> int:
        nonlocal mask
        for _ in range(10):
            _, _, _, _, infos = env.step(mask.argmax(axis=1))
            mask = infos["action_mask"]
        return 10 * num_envs

    return run


def _gymnasium(preset: str, players: int | None, settings: Settings, num_envs: int, opponents: str) -> Runner:
    from sevens.envs.gymnasium import SevensEnv

    env = SevensEnv(preset=preset, players=players, settings=settings, opponents=opponents)
    seed = 0

    def run() -> int:  # one episode
        nonlocal seed
        obs, _ = env.reset(seed=seed)
        seed += 1
        steps, done = 0, False
        while not done:
            obs, _, done, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            done = done or truncated
            steps += 1
        return steps

    return run


def _pettingzoo(preset: str, players: int | None, settings: Settings, num_envs: int, opponents: str) -> Runner:
    from sevens.envs.pettingzoo import env as make_env

    env = make_env(preset=preset, players=players, settings=settings)
    seed = 0

    def run() -> int:  # one episode
        nonlocal seed
        seed += 1
        return aec_episode(env, seed - 1, lambda legal: int(legal[0]))

    return run


def aec_episode(env: Any, seed: int, choose: Callable[[np.ndarray], int]) -> int:
    """One game of a PettingZoo AEC env from ``reset(seed=seed)``, every live action ``choose(legal numbers)``:
    the number of live actions (the benchmarks' episode, here and in bench/envs_vs_sevens_rl.py)."""
    env.reset(seed=seed)
    actions = 0
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(choose(np.flatnonzero(obs["action_mask"])))
        actions += 1
    return actions


def _openspiel(preset: str, players: int | None, settings: Settings, num_envs: int, opponents: str) -> Runner:
    from sevens.envs.openspiel import load_for_rules

    _, rules = make_rules(preset, players, settings)
    game = load_for_rules(rules)
    draw = np.random.default_rng(0)

    def run() -> int:  # one episode, the deal by its chance probabilities
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(draw.choice(outcomes, p=np.asarray(probabilities) / sum(probabilities))))
            else:
                state.apply_action(state.legal_actions()[0])
                actions += 1
        return actions

    return run


_RUNNERS: dict[str, Callable[[str, int | None, Settings, int, str], Runner]] = {
    "vector": _vector,
    "gymnasium": _gymnasium,
    "pettingzoo": _pettingzoo,
    "openspiel": _openspiel,
}
