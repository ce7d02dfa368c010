"""The PettingZoo AEC env against the public ``sevens_rl`` PettingZoo env, per action, in one run (issue 31).

    python bench/envs_vs_sevens_rl.py [--sevens-rl PATH] [--seconds 3] [--rounds 3] [--json]

``sevens_rl`` (github.com/taxfree-python/sevens_rl) is not on PyPI: give a checkout of it with ``--sevens-rl`` or
``$SEVENS_RL_PATH`` (its ``src/sevens_env.py`` and ``configs/``). Without one the script says so and exits 0
(it measures only ours). Both envs play 4-player games (ours: ``standard``, the closest rules) by the same loop:
``last()``, then a uniformly random legal action from the observation's mask, ``step``; an action is one ``step``
of a live agent. The sides alternate ``--rounds`` times (other load on the machine then favours neither); the
ratio reported is the median of the rounds' ratios. Ours is ``sevens.envs.pettingzoo.env`` (it needs none of
PettingZoo's wrappers); ``sevens_rl``'s is used as it comes (no wrappers either).
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


def actions_per_second(make: Callable[[], Any], seconds: float, seed: int = 0) -> float:
    """Random masked play for about ``seconds``: live actions per second (resets included in the time)."""
    rng = np.random.default_rng(seed)
    env = make()
    actions = 0
    episode = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + episode)
        episode += 1
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            actions += 1
    return actions / (time.perf_counter() - start)


def sevens_rl_factory(path: Path | None) -> Callable[[], Any] | None:
    """``sevens_rl``'s env maker from a checkout, or ``None`` when there is none."""
    if path is None or not (path / "src" / "sevens_env.py").is_file():
        return None
    sys.path.insert(0, str(path))
    from src.sevens_env import SevensEnv  # type: ignore[import-not-found]

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
    for _ in range(args.rounds):
        for name, make in sides.items():
            rates[name].append(actions_per_second(make, args.seconds))
    report: dict[str, Any] = {name: statistics.median(values) for name, values in rates.items()}
    if theirs is None:
        report["skipped"] = "sevens_rl not found: give --sevens-rl PATH or $SEVENS_RL_PATH"
    else:
        ratios = [ours / other for ours, other in zip(rates["sevens"], rates["sevens_rl"], strict=True)]
        report["sevens / sevens_rl"] = statistics.median(ratios)
    if args.json:
        print(json.dumps(report))
        return
    for key, value in report.items():
        print(f"{key:28} {value:,.2f}" if isinstance(value, float) else f"{key:28} {value}")


if __name__ == "__main__":
    main()
