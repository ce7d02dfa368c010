"""sb3-contrib's ``MaskablePPO`` on the vector env through the shipped SB3 adapter (:mod:`sevens.envs.sb3`).

    python bench/sb3_maskable_ppo.py [--seed 0] [--timesteps 100000] [--num-envs 16] [--opponents random]

Needs ``stable-baselines3`` and ``sb3-contrib`` (and so torch), which are not dependencies of the package:
``pip install torch stable-baselines3 sb3-contrib`` beside ``sevens[research]`` (on a CPU-only machine, torch's
CPU build). A learner seat of 4-player ``--preset`` against ``--opponents`` inside the kernel; the adapter is
wrapped in SB3's ``VecMonitor`` (episode returns and lengths). The policy (SB3's ``MlpPolicy``, 64-64 tanh, PPO's
defaults but ``n_steps``) is evaluated, sampled with its masks, on the same ``--eval-games`` deals before and after
training. One JSON line with the totals. One torch thread (``--threads``): a shared machine.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np


def evaluate(model: Any, preset: str, opponents: str, games: int, seed: int) -> float:
    """Mean E2 points of the learner over ``games`` games (one per env, each played once to its end), sampled."""
    from sevens.envs.vector import SevensVectorEnv

    env = SevensVectorEnv(games, preset, opponents=opponents)
    obs, infos = env.reset(seed=seed)
    points = np.zeros(games, dtype=np.float32)
    done = np.zeros(games, dtype=bool)
    while not done.all():
        masks = infos["action_mask"].astype(bool)
        actions, _ = model.predict(obs, action_masks=masks, deterministic=False)
        obs, rewards, terminations, _, infos = env.step(np.asarray(actions, dtype=np.int64))
        points[~done & terminations] = rewards[~done & terminations]
        done |= terminations
    return float(points.mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timesteps", type=int, default=100_000, help="learner steps to train")
    parser.add_argument("--num-envs", type=int, default=16)
    parser.add_argument("--n-steps", type=int, default=128, help="steps per env per PPO update")
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--opponents", default="random", choices=["random", "heuristic"])
    parser.add_argument("--eval-games", type=int, default=1024)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    args = parser.parse_args()

    import torch  # type: ignore[import-not-found,unused-ignore]
    from sb3_contrib import MaskablePPO  # type: ignore[import-not-found,unused-ignore]
    from stable_baselines3.common.vec_env import VecMonitor  # type: ignore[import-not-found,unused-ignore]

    from sevens.envs.sb3 import sb3_vec_env

    torch.set_num_threads(args.threads)
    env = VecMonitor(sb3_vec_env(num_envs=args.num_envs, preset=args.preset, opponents=args.opponents))
    model = MaskablePPO("MlpPolicy", env, n_steps=args.n_steps, seed=args.seed, verbose=0)
    eval_seed = 1_000_000 + args.seed
    before = evaluate(model, args.preset, args.opponents, args.eval_games, eval_seed)
    start, cpu = time.perf_counter(), time.process_time()
    model.learn(total_timesteps=args.timesteps)
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
    after = evaluate(model, args.preset, args.opponents, args.eval_games, eval_seed)
    returns = [float(e["r"]) for e in model.ep_info_buffer]
    print(
        json.dumps(
            {
                "seed": args.seed, "preset": args.preset, "opponents": args.opponents, "timesteps": args.timesteps,
                "num_envs": args.num_envs, "eval_games": args.eval_games, "eval_before": round(before, 3),
                "eval_after": round(after, 3), "last_100_episode_returns": round(float(np.mean(returns)), 3),
                "seconds": round(seconds, 1), "cpu_seconds": round(cpu_seconds, 1),
            }
        )
    )  # fmt: skip


if __name__ == "__main__":
    main()
