"""The PettingZoo AEC env against the public ``sevens_rl`` PettingZoo env, per action, in one run (issue 31).

    python bench/envs_vs_sevens_rl.py [--sevens-rl PATH] [--seconds 3] [--rounds 3] [--json]

``sevens_rl`` (github.com/taxfree-python/sevens_rl) is not on PyPI: give a checkout of it with ``--sevens-rl`` or
``$SEVENS_RL_PATH`` (its ``src/sevens_env.py`` and ``configs/``). Without one the script says so and exits 0
(it measures only ours). Both envs play 4-player games (ours: ``standard``, the closest rules) by the same loop:
``last()``, then a uniformly random legal action from the observation's mask, ``step``; an action is one ``step``
of a live agent. Rates are actions per CPU-second of this process, the two envs' games interleaved one by one
(other load on the shared machine then weighs on both alike), for ``--seconds`` of CPU each; ``--rounds`` such
rounds, and the ratio reported is the median of the rounds' ratios. The same games' wall-clock rates and ratio are
reported beside them (``… (wall)``). Ours is ``sevens.envs.pettingzoo.env`` (it
needs none of PettingZoo's wrappers); ``sevens_rl``'s is used as it comes (no wrappers either).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from sevens.envs.bench import aec_episode


def play_episode(env: Any, rng: np.random.Generator, seed: int) -> int:
    """One game of random masked play from ``reset(seed=seed)``: the number of live actions."""
    return aec_episode(env, seed, lambda legal: int(legal[rng.integers(len(legal))]))


def interleaved_rates(
    makers: dict[str, Callable[[], Any]], seconds: float, seed: int = 0
) -> dict[str, tuple[float, float]]:
    """Actions per CPU-second and per wall-clock second of each env, their episodes interleaved (one game each in
    turn) until each has used ``seconds`` of this process's CPU time: load on a shared machine then weighs on every
    side alike."""
    envs = {name: make() for name, make in makers.items()}
    rngs = {name: np.random.default_rng(seed) for name in envs}
    actions = dict.fromkeys(envs, 0)
    cpu = dict.fromkeys(envs, 0.0)
    wall = dict.fromkeys(envs, 0.0)
    episode = 0
    while min(cpu.values()) < seconds:
        for name, env in envs.items():
            start, start_wall = time.process_time(), time.perf_counter()
            actions[name] += play_episode(env, rngs[name], seed + episode)
            cpu[name] += time.process_time() - start
            wall[name] += time.perf_counter() - start_wall
        episode += 1
    return {name: (actions[name] / cpu[name], actions[name] / wall[name]) for name in envs}


def sevens_rl_factory(path: Path | None) -> Callable[[], Any] | None:
    """``sevens_rl``'s env maker from a checkout, or ``None`` when there is none."""
    if path is None or not (path / "src" / "sevens_env.py").is_file():
        return None
    sys.path.insert(0, str(path))
    from src.sevens_env import SevensEnv  # type: ignore[import-not-found]  # from the checkout put on the path

    return lambda: SevensEnv(num_players=4)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sevens-rl", type=Path, default=os.environ.get("SEVENS_RL_PATH"))
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    from sevens.envs.pettingzoo import env

    theirs = sevens_rl_factory(args.sevens_rl)
    sides: dict[str, Callable[[], Any]] = {"sevens": lambda: env(preset="standard", players=4)}
    if theirs is not None:
        sides["sevens_rl"] = theirs
    rates: dict[str, list[float]] = {name: [] for name in sides}
    walls: dict[str, list[float]] = {name: [] for name in sides}
    for round_number in range(args.rounds):
        for name, (rate, wall_rate) in interleaved_rates(sides, args.seconds, seed=1000 * round_number).items():
            rates[name].append(rate)
            walls[name].append(wall_rate)
    report: dict[str, Any] = {name: statistics.median(values) for name, values in rates.items()}
    report |= {f"{name} (wall)": statistics.median(values) for name, values in walls.items()}
    if theirs is None:
        report["skipped"] = "sevens_rl not found: give --sevens-rl PATH or $SEVENS_RL_PATH"
    else:
        for suffix, measured in (("", rates), (" (wall)", walls)):
            ratios = [ours / other for ours, other in zip(measured["sevens"], measured["sevens_rl"], strict=True)]
            report[f"sevens / sevens_rl{suffix}"] = statistics.median(ratios)
    if args.json:
        print(json.dumps(report))
        return
    for key, value in report.items():
        print(f"{key:28} {value:,.2f}" if isinstance(value, float) else f"{key:28} {value}")


if __name__ == "__main__":
    main()
