"""Heuristic playouts (the search's rollouts) on the compiled kernel against the Python ``Rollout``, one run.

    python bench/kernel_playouts.py [--preset standard] [--positions 20] [--playouts 200] [--json]

From ``--positions`` deals (seeds 0, 1, …), each side plays ``--playouts`` noisy heuristic playouts (noise 0.3,
the search's default) to the end: the Python ``Rollout`` one by one on clones, then
``sevens.kernel.playout`` in one batch per position (on every thread numba may use). Reported: playouts per
second of each and their ratio.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from sevens.agents.shichinarabe.search import Rollout
from sevens.games.shichinarabe import Rules, State
from sevens.kernel import playout


def measure(preset: str, positions: int, playouts: int) -> dict[str, object]:
    rules = Rules.preset(preset)
    states = [State.new(rules, seed) for seed in range(positions)]
    playout(states[0], "heuristic", n=2, seed=0)  # compile (or load the cache) before timing
    rollout = Rollout(rules, noise=0.3)
    rng = random.Random(0)
    start = time.perf_counter()
    for state in states:
        for _ in range(playouts):
            rollout.points(state.clone(), state.to_move or 0, rng)
    python = positions * playouts / (time.perf_counter() - start)
    start = time.perf_counter()
    for seed, state in enumerate(states):
        playout(state, "heuristic", n=playouts, seed=seed, noise=0.3)
    kernel = positions * playouts / (time.perf_counter() - start)
    return {
        "preset": preset,
        "positions": positions,
        "playouts_per_position": playouts,
        "python_playouts_per_second": round(python, 1),
        "kernel_playouts_per_second": round(kernel, 1),
        "ratio": round(kernel / python, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--playouts", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.positions < 1 or args.playouts < 1:
        parser.error("--positions and --playouts must be at least 1")
    report = measure(args.preset, args.positions, args.playouts)
    if args.json:
        print(json.dumps(report))
        return
    print(
        f"{args.preset}: Python Rollout {report['python_playouts_per_second']:,.0f} playouts/s, kernel "
        f"{report['kernel_playouts_per_second']:,.0f} playouts/s, ratio {report['ratio']}"
    )


if __name__ == "__main__":
    main()
