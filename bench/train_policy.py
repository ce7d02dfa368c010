"""Train the small linear policy of docs/research.md with REINFORCE in the Gymnasium environment.

    python bench/train_policy.py --preset standard --players 4 --opponents heuristic --seconds 180 --out policy.npz
    SEVENS_POLICY=policy.npz sevens arena --agents learned,heuristic,heuristic,heuristic --games 400

Prints one JSON line per report (``--every`` episodes) and a last line with the totals; stops at ``--episodes``
or after ``--seconds``, whichever comes first.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from pathlib import Path

from sevens.envs.gymnasium import SevensEnv
from sevens.envs.policy import LinearPolicy, TrainingReport, train_reinforce


class OutOfTime(Exception):
    pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--opponents", default="heuristic", help="one agent name, or one per other seat (a,b,c)")
    parser.add_argument("--episodes", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=180.0)
    parser.add_argument("--learning-rate", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=1000, help="episodes between progress lines")
    parser.add_argument("--out", type=Path, default=Path("policy.npz"))
    args = parser.parse_args(argv)
    opponents = args.opponents.split(",") if "," in args.opponents else args.opponents
    env = SevensEnv(preset=args.preset, players=args.players, opponents=opponents)
    policy = LinearPolicy.blank(env.table.encoder.size, len(env.table.space))
    start = time.perf_counter()
    done = 0

    def progress(episode: int, report: TrainingReport) -> None:
        nonlocal done
        done = episode
        if episode % args.every == 0:
            line = {"episodes": episode, "mean_points_last": round(report.mean_of_last(args.every), 3)}
            print(json.dumps(line), flush=True)
        if time.perf_counter() - start > args.seconds:
            raise OutOfTime

    with contextlib.suppress(OutOfTime):  # the time limit ends training between two games
        train_reinforce(policy, env, args.episodes, args.seed, args.learning_rate, progress)
    policy.save(args.out)
    seconds = time.perf_counter() - start
    print(json.dumps({"episodes": done, "seconds": round(seconds, 1), "saved": str(args.out)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
