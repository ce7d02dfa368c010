"""The kernel's loops where the search's rollouts and the vector env's opponents spend their time, old against
new in one run (issue 41, item 6).

    python bench/kernel_loops.py [--rounds 5] [--seconds 2] [--src old=/path/to/old/src --src new=src]

Every figure is work per CPU-second of one thread (``NUMBA_NUM_THREADS=1``; process time, so that other load on
a shared machine does not count against either side), the median of ``--rounds`` rounds in which the sides
alternate:

- **In this tree** (the fast loop ``engine.play_plain`` against the general loop, ``Batch.play(loop=...)``: the
  same games): random 4-player ``standard`` games (the C yardstick's workload), heuristic games with the search's
  noise (0.3) in ``standard`` and ``tunnel``, and the search's rollouts (heuristic playouts, noise 0.3, 64 from
  each of 32 positions a few moves into a deal), all from the same seeds on both loops. Joker rules have only the
  general loop; ``joker`` heuristic games are given for scale.
- **Old tree against new** (each ``--src NAME=PATH`` a ``src`` folder, e.g. one ``git archive`` of the commit
  before; each measured in its own interpreter with that folder first on the path): learner steps of the vector
  env against heuristic opponents (1,024 games, the first legal action) and ``sevens.kernel.playout`` rollouts.

One JSON object (``--json``) or a table. Give each tree its own numba cache (the package folder's, as here).
"""

from __future__ import annotations

import os

if __name__ == "__main__":  # one thread, set before numba loads; a test importing this leaves its process alone
    os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import argparse
import functools
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sevens.kernel.batch import Loop

WORKER = "--worker"


def rate(work: Callable[[], int], seconds: float) -> float:
    """Units of work per CPU-second: ``work()`` (returning its units) repeated for about ``seconds``."""
    done = 0
    cpu = time.process_time()
    wall = time.perf_counter()
    while time.perf_counter() - wall < seconds or done == 0:
        done += work()
    return done / max(time.process_time() - cpu, 1e-9)


def loop_workloads() -> dict[str, Callable[[Loop], int]]:
    """Each workload as a function of the loop (``fast`` or ``general``), returning its units done."""
    import numpy as np

    from sevens.games.shichinarabe import Rules, State
    from sevens.kernel import Batch
    from sevens.kernel.batch import Policy

    standard, tunnel, joker = Rules.preset("standard"), Rules.preset("tunnel"), Rules.preset("joker")
    walk = np.random.default_rng(0)
    positions = []
    for seed in range(32):
        state = State.new(standard, seed)
        for _ in range(int(walk.integers(4, 20))):
            legal = state.legal_actions()
            state.apply(legal[int(walk.integers(len(legal)))])
        positions.append(state)
    rollouts = Batch.from_states(positions)
    rollouts.state = np.repeat(rollouts.state, 64, axis=0)
    start = rollouts.state.copy()

    def games(rules: Rules, policy: Policy, noise: float) -> Callable[[Loop], int]:
        batch = Batch.blank(rules, 2000)

        def play(loop: Loop) -> int:
            batch.play(policy, seed=1, deal=True, noise=noise, loop=loop)
            return len(batch)

        return play

    def playouts(loop: Loop) -> int:
        rollouts.state[:] = start
        rollouts.play("heuristic", seed=2, noise=0.3, loop=loop)
        return len(rollouts)

    return {
        "random standard games": games(standard, "random", 0.0),
        "heuristic standard games (noise 0.3)": games(standard, "heuristic", 0.3),
        "heuristic tunnel games (noise 0.3)": games(tunnel, "heuristic", 0.3),
        "rollouts (standard, noise 0.3)": playouts,
        "heuristic joker games (general loop only)": games(joker, "heuristic", 0.3),
    }


def measure_loops(rounds: int, seconds: float) -> dict[str, dict[str, float]]:
    workloads = loop_workloads()
    rows: dict[str, dict[str, list[float]]] = {name: {"fast": [], "general": []} for name in workloads}
    loops: tuple[Loop, ...] = ("general", "fast")
    for work in workloads.values():
        work("fast"), work("general")  # compile (or load the cache) before timing
    for _ in range(rounds):
        for name, work in workloads.items():
            for loop in loops:
                rows[name][loop].append(rate(functools.partial(work, loop), seconds))
    out = {}
    for name, sides in rows.items():
        ratios = [f / g for f, g in zip(sides["fast"], sides["general"], strict=True)]
        out[name] = {
            "general_per_cpu_second": round(statistics.median(sides["general"]), 1),
            "fast_per_cpu_second": round(statistics.median(sides["fast"]), 1),
            "ratio": round(statistics.median(ratios), 2),
        }
    return out


def worker(seconds: float) -> dict[str, float]:
    """In one tree (whatever ``sevens`` imports): vector env learner steps and playouts per CPU-second."""
    import numpy as np

    from sevens.envs.vector import SevensVectorEnv
    from sevens.games.shichinarabe import Rules, State
    from sevens.kernel import playout

    env = SevensVectorEnv(num_envs=1024, opponents="heuristic")
    _, infos = env.reset(seed=1)
    mask = [infos["action_mask"]]

    def steps() -> int:
        for _ in range(10):
            _, _, _, _, step_infos = env.step(mask[0].argmax(axis=1))
            mask[0] = step_infos["action_mask"]
        return 10 * env.num_envs

    states = [State.new(Rules.preset("standard"), seed) for seed in range(8)]

    def playouts() -> int:
        return int(np.prod(playout(states, "heuristic", n=128, seed=3, noise=0.3).shape[:2]))

    steps(), playouts()  # compile (or load the cache) before timing
    return {"vector_steps_per_cpu_second": rate(steps, seconds), "playouts_per_cpu_second": rate(playouts, seconds)}


def measure_trees(trees: dict[str, Path], rounds: int, seconds: float) -> dict[str, Any]:
    found: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for _ in range(rounds):
        for name, src in trees.items():
            env = {**os.environ, "PYTHONPATH": str(src.resolve()), "NUMBA_NUM_THREADS": "1"}
            done = subprocess.run(
                [sys.executable, __file__, WORKER, str(seconds)], env=env, capture_output=True, text=True, check=True
            )  # fmt: skip
            found[name].append(json.loads(done.stdout.splitlines()[-1]))
    out: dict[str, Any] = {}
    names = list(trees)
    for key in ("vector_steps_per_cpu_second", "playouts_per_cpu_second"):
        out[key] = {name: round(statistics.median(r[key] for r in found[name]), 1) for name in names}
        if len(names) == 2:
            first, second = names
            ratios = [b[key] / a[key] for a, b in zip(found[first], found[second], strict=True)]
            out[key][f"{second}/{first}"] = round(statistics.median(ratios), 2)
    return out


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == WORKER:
        print(json.dumps(worker(float(sys.argv[2]))))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measurement")
    parser.add_argument("--src", action="append", default=[], help="NAME=PATH of a src folder (old against new)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    trees = {}
    for given in args.src:
        name, _, path = given.partition("=")
        if not path or not (Path(path) / "sevens").is_dir():
            parser.error(f"--src {given!r}: give NAME=PATH with PATH a src folder holding sevens/")
        trees[name] = Path(path)
    report: dict[str, Any] = {"loops": measure_loops(args.rounds, args.seconds)}
    if trees:
        report["trees"] = measure_trees(trees, args.rounds, args.seconds)
    if args.json:
        print(json.dumps(report))
        return
    for name, row in report["loops"].items():
        print(f"{name}: general {row['general_per_cpu_second']:,.0f}/CPU-s, fast {row['fast_per_cpu_second']:,.0f}, "
              f"ratio {row['ratio']}")  # fmt: skip
    for key, row in report.get("trees", {}).items():
        print(key, row)


if __name__ == "__main__":
    main()
