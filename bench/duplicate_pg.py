"""Training by play on the kernel with the luck of the deal taken out: can a network beat ``hard`` at a table?

    nice -n 10 python bench/duplicate_pg.py --preset tunnel --players 7 --imitation-steps 3000 --updates 12000 \\
        --copies 4 --games 512 --learning-rate 1e-3 --every 1000 --out pg.npz

Issue 30 asks for an ``expert`` that is strong without knowing where the cards are, and names the way: a policy
trained by play on the compiled kernel. This script is the plainest form of that trial, at one table and
against the field the target names, in the vector env (:class:`~sevens.envs.vector.SevensVectorEnv`, the
learner in seat 0, the others playing ``normal``'s weights at that table inside the kernel):

1. the network (``learned``'s, from ``--init``: the shipped weights by default) imitates ``hard``'s policy at
   that table (DAgger, as ``bench/train_learned.py``), so that it starts as strong as the level it must beat;
2. REINFORCE with the *win* as reward, every deal played ``--copies`` times by the sampling network; the
   baseline of a play is the mean of the other copies of the same deal (leave-one-out), so the gradient
   carries what the choices did, not what the cards were worth (at 7 players the cards decide most games).

Every ``--every`` updates it prints the greedy network's wins × chance on fixed deals (``--eval-games``), beside
``hard``'s and ``normal``'s in the same seat on the same deals (the first line). Seat 0 is one place at the
table, not every place as in the arena's rotations (at 7 players in ``tunnel`` ``normal`` wins 0.54× chance
there), so the three are compared in the same seat. One JSON line per report; a seed trains the same
weights. The saved file plays as ``learned`` with ``SEVENS_POLICY`` set to it (``sevens arena``).
"""

from __future__ import annotations

import os

if __name__ == "__main__":  # one thread (set before numpy and numba load): reproducible sums, a shared machine
    for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
        os.environ.setdefault(_variable, "1")

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
from train_learned import F32, Adam, Learner, Mlp, dagger_step, own_share, play_games, reinforce

from sevens.agents.shichinarabe import (
    HARD_WEIGHTS,
    LARGE_HARD_WEIGHTS,
    LARGE_NORMAL_WEIGHTS,
    NORMAL_WEIGHTS,
    large_table,
)
from sevens.agents.shichinarabe.learned import WEIGHTS_FILE, Network
from sevens.envs.vector import SevensVectorEnv
from sevens.games.shichinarabe import Rules
from sevens.policy_weights import Weights

WIN = 10  # E2 points of the first place


def level_weights(rules: Rules) -> tuple[Weights, Weights]:
    """``hard``'s and ``normal``'s heuristic weights at this table (the teacher and the opponents)."""
    if large_table(rules):
        return LARGE_HARD_WEIGHTS, LARGE_NORMAL_WEIGHTS
    return HARD_WEIGHTS, NORMAL_WEIGHTS


def duplicate_advantages(won: F32) -> F32:
    """``won`` is ``(copies, games)``: copy ``k`` of deal ``g`` won or not. Each play's advantage is its result
    minus the mean of the other copies of the same deal: a deal every copy wins (or loses) teaches nothing."""
    copies = won.shape[0]
    others: F32 = (won.sum(axis=0, keepdims=True) - won) / (copies - 1)
    return won - others


def greedy_wins(mlp: Mlp | None, learner: Learner, weights: Weights) -> float:
    """Share of ``learner``'s games won by the network's best actions (``mlp``) or by the heuristic with
    ``weights`` when ``mlp`` is None."""
    if mlp is not None:
        points, _ = play_games(mlp, learner, None, weights)
        return float((points == WIN).mean())
    games = learner.env.num_envs
    points = np.zeros(games, dtype=np.float32)
    going = np.ones(games, dtype=bool)
    while going.any():
        actions = np.maximum(learner.env.heuristic_actions(weights), 0)
        rewards, terminations = learner.step(np.where(learner.masks.any(axis=1), actions, 0))
        points[going & terminations] = rewards[going & terminations]
        going &= ~terminations
    return float((points == WIN).mean())


def imitate(mlp: Mlp, args: argparse.Namespace, teacher: Weights, opponents: Weights, rng: np.random.Generator) -> None:
    """DAgger towards ``teacher`` (``bench/train_learned.py``'s step) in games at this table."""
    learner = Learner.start(args.preset, args.players, None, 0.0, args.games, args.seed, opponents)
    adam = Adam(1e-3)
    for step in range(args.imitation_steps):
        dagger_step(mlp, adam, learner, teacher, own_share(step, args.imitation_steps), rng)


def update(mlp: Mlp, adam: Adam, args: argparse.Namespace, seed: int, teacher: Weights, opponents: Weights,
           rng: np.random.Generator) -> float:  # fmt: skip
    """One REINFORCE step on ``--copies`` plays of the same ``--games`` deals; the sampled plays' win rate."""
    plays = [
        play_games(mlp, Learner.start(args.preset, args.players, None, 0.0, args.games, seed, opponents), rng, teacher)
        for _ in range(args.copies)
    ]
    won = np.stack([(points == WIN).astype(np.float32) for points, _ in plays])
    advantages = duplicate_advantages(won)
    x, masks, actions = (np.concatenate([columns[i] for _, columns in plays]) for i in range(3))
    advantage = np.concatenate([advantages[k][columns[4]] for k, (_, columns) in enumerate(plays)])
    reinforce(mlp, adam, x, masks, actions.astype(np.int64), advantage)
    return float(won.mean())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="tunnel")
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--imitation-steps", type=int, default=3000)
    parser.add_argument("--updates", type=int, default=3000, help="policy-gradient updates")
    parser.add_argument("--copies", type=int, default=4, help="plays of every deal in an update (at least 2)")
    parser.add_argument("--games", type=int, default=512, help="deals per update (and games of the imitation env)")
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--every", type=int, default=100, help="updates between progress lines")
    parser.add_argument("--eval-games", type=int, default=4096, help="fixed deals of every progress line")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--init", type=Path, default=WEIGHTS_FILE, help="weights to start from (the shipped ones)")
    parser.add_argument("--out", type=Path, default=Path("duplicate_pg.npz"))
    args = parser.parse_args(argv)
    if args.copies < 2:
        parser.error(f"--copies {args.copies}: the baseline needs at least 2 plays of a deal")
    rules = SevensVectorEnv(1, args.preset, args.players).rules
    teacher, opponents = level_weights(rules)
    start, cpu = time.perf_counter(), time.process_time()
    rng = np.random.default_rng(args.seed)
    mlp = Mlp.of(Network.load(args.init))

    def evaluation(network: Mlp | None, weights: Weights) -> float:
        learner = Learner.start(args.preset, args.players, None, 0.0, args.eval_games, args.seed + 99, opponents)
        players: int = args.players
        return round(greedy_wins(network, learner, weights) * players, 3)

    def report(line: dict[str, object]) -> None:
        print(json.dumps({**line, "seconds": round(time.perf_counter() - start, 1)}), flush=True)

    report({"phase": "levels", "hard_x": evaluation(None, teacher), "normal_x": evaluation(None, opponents)})
    imitate(mlp, args, teacher, opponents, rng)
    report({"phase": "imitated", "network_x": evaluation(mlp, teacher)})
    adam, sampled = Adam(args.learning_rate), []
    for step in range(args.updates):
        sampled.append(update(mlp, adam, args, args.seed + 1000 + step, teacher, opponents, rng))
        if (step + 1) % args.every == 0 or step + 1 == args.updates:
            report({"phase": "policy_gradient", "update": step + 1, "network_x": evaluation(mlp, teacher),
                    "sampled_x": round(float(np.mean(sampled)) * args.players, 3)})  # fmt: skip
            sampled.clear()
    mlp.network().save(args.out)
    report({"saved": str(args.out), "cpu_seconds": round(time.process_time() - cpu, 1)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
