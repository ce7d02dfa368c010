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

``--teacher`` and ``--opponents`` pick other levels' weights at that table (``heuristic``: the tuned weights the
shipped network imitated), and ``--anchor`` adds that much of the teacher's cross-entropy to every step, so
that the policy stays near the teacher it starts from (issue 41: beat the teacher against three ``hard``):

    nice -n 10 python bench/duplicate_pg.py --preset standard --players 4 --imitation-steps 0 \
        --teacher heuristic --opponents hard --anchor 0.05 --updates 4000 --checkpoint pg.ckpt.npz \
        --checkpoint-every 100 --out pg.npz

**Resuming.** ``--checkpoint FILE`` writes, every ``--checkpoint-every`` updates and at the end, one file with
all a run's state: the network's float32 parameters, Adam's moments and step count, the sampling generator's
state, the number of updates done and the progress figures not yet reported. ``--resume FILE`` (with the same
settings, checked; ``--updates`` may be larger) continues from it and ends with the very weights, bit for bit,
of a run never interrupted: every update's deals come from ``--seed`` and the update's number, the rest from
the file (tests/envs/test_duplicate_pg.py). Checkpoints are written in the policy-gradient phase; a run
stopped during the (short) imitation starts again from the beginning.
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
from sevens.policy_weights import DEFAULT_WEIGHTS, Weights

WIN = 10  # E2 points of the first place
LEVELS = ("hard", "normal", "heuristic")
# the settings a checkpoint must share with the run that resumes it (``--updates`` and reporting may differ)
RUN_SETTINGS = ("preset", "players", "imitation_steps", "copies", "games", "learning_rate", "seed", "teacher",
                "opponents", "anchor", "hidden_init")  # fmt: skip


def level_weights(rules: Rules) -> tuple[Weights, Weights]:
    """``hard``'s and ``normal``'s heuristic weights at this table (the teacher and the opponents)."""
    if large_table(rules):
        return LARGE_HARD_WEIGHTS, LARGE_NORMAL_WEIGHTS
    return HARD_WEIGHTS, NORMAL_WEIGHTS


def named_weights(rules: Rules, level: str) -> Weights:
    """The weights of ``level`` (one of :data:`LEVELS`) at this table."""
    if level == "heuristic":
        return DEFAULT_WEIGHTS
    hard, normal = level_weights(rules)
    return hard if level == "hard" else normal


def save_checkpoint(path: Path, mlp: Mlp, adam: Adam, rng: np.random.Generator, done: int, sampled: list[float],
                    settings: dict[str, object]) -> None:  # fmt: skip
    """All of a run's state after ``done`` updates in one file, written whole or not at all (a temporary file
    renamed over the old one: a run killed while writing leaves the previous checkpoint)."""
    arrays: dict[str, np.ndarray] = {f"param{i}": p for i, p in enumerate(mlp.params)}
    for i, (m, v) in enumerate(adam.moments):
        arrays[f"adam_m{i}"], arrays[f"adam_v{i}"] = m, v
    arrays["adam_steps"] = np.array(adam.steps, dtype=np.int64)
    arrays["done"] = np.array(done, dtype=np.int64)
    arrays["sampled"] = np.array(sampled, dtype=np.float64)
    arrays["rng_state"] = np.array(json.dumps(rng.bit_generator.state))
    arrays["settings"] = np.array(json.dumps(settings, sort_keys=True))
    partial = path.with_name(path.name + ".partial.npz")
    np.savez(partial, **arrays)  # type: ignore[arg-type]
    os.replace(partial, path)


def load_checkpoint(path: Path, settings: dict[str, object]) -> tuple[Mlp, Adam, np.random.Generator, int, list[float]]:
    """The state :func:`save_checkpoint` wrote; a :class:`ValueError` saying which setting differs when the file
    was written by a run with other ``settings``."""
    with np.load(path) as data:
        stored = json.loads(str(data["settings"]))
        for key in sorted(set(stored) | set(settings)):
            if stored.get(key) != settings.get(key):
                raise ValueError(
                    f"{path} was written with {key}={stored.get(key)!r}, this run has {settings.get(key)!r}"
                )
        mlp = Mlp([data[f"param{i}"].copy() for i in range(6)])
        adam = Adam(float(settings["learning_rate"]))  # type: ignore[arg-type]
        adam.moments = [
            (data[f"adam_m{i}"].copy(), data[f"adam_v{i}"].copy()) for i in range(6) if f"adam_m{i}" in data
        ]
        adam.steps = int(data["adam_steps"])
        rng = np.random.default_rng()
        rng.bit_generator.state = json.loads(str(data["rng_state"]))
        return mlp, adam, rng, int(data["done"]), [float(x) for x in data["sampled"]]


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
    """One REINFORCE step on ``--copies`` plays of the same ``--games`` deals (plus ``--anchor`` times the
    cross-entropy towards ``teacher``'s choices); the sampled plays' win rate."""
    plays = [
        play_games(mlp, Learner.start(args.preset, args.players, None, 0.0, args.games, seed, opponents), rng, teacher)
        for _ in range(args.copies)
    ]
    won = np.stack([(points == WIN).astype(np.float32) for points, _ in plays])
    advantages = duplicate_advantages(won)
    x, masks, actions, labels = (np.concatenate([columns[i] for _, columns in plays]) for i in range(4))
    advantage = np.concatenate([advantages[k][columns[4]] for k, (_, columns) in enumerate(plays)])
    reinforce(mlp, adam, x, masks, actions.astype(np.int64), advantage, args.anchor, labels.astype(np.int64))
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
    parser.add_argument("--teacher", choices=LEVELS, default="hard", help="level imitated and anchored to")
    parser.add_argument("--opponents", choices=LEVELS, default="normal", help="level of the other seats")
    parser.add_argument("--anchor", type=float, default=0.0, help="weight of the teacher's cross-entropy")
    parser.add_argument("--checkpoint", type=Path, help="file of the run's whole state, to resume from")
    parser.add_argument("--checkpoint-every", type=int, default=100, help="updates between checkpoints")
    parser.add_argument("--resume", type=Path, help="continue the run whose --checkpoint this is")
    parser.add_argument("--out", type=Path, default=Path("duplicate_pg.npz"))
    args = parser.parse_args(argv)
    if args.copies < 2:
        parser.error(f"--copies {args.copies}: the baseline needs at least 2 plays of a deal")
    if args.checkpoint_every < 1:
        parser.error(f"--checkpoint-every {args.checkpoint_every}: give a number of updates from 1")
    rules = SevensVectorEnv(1, args.preset, args.players).rules
    teacher, opponents = named_weights(rules, args.teacher), named_weights(rules, args.opponents)
    settings = {key: getattr(args, key) for key in RUN_SETTINGS if key != "hidden_init"}
    settings["hidden_init"] = str(args.init)
    start, cpu = time.perf_counter(), time.process_time()

    def evaluation(network: Mlp | None, weights: Weights) -> float:
        learner = Learner.start(args.preset, args.players, None, 0.0, args.eval_games, args.seed + 99, opponents)
        players: int = args.players
        return round(greedy_wins(network, learner, weights) * players, 3)

    def report(line: dict[str, object]) -> None:
        print(json.dumps({**line, "seconds": round(time.perf_counter() - start, 1)}), flush=True)

    if args.resume is not None:
        try:
            mlp, adam, rng, done, sampled = load_checkpoint(args.resume, settings)
        except (OSError, ValueError, KeyError) as error:
            parser.error(f"--resume {args.resume}: {error}")
        report({"phase": "resumed", "update": done})
    else:
        rng = np.random.default_rng(args.seed)
        mlp = Mlp.of(Network.load(args.init))
        report({"phase": "levels", f"{args.teacher}_x": evaluation(None, teacher),
                f"{args.opponents}_x": evaluation(None, opponents)})  # fmt: skip
        imitate(mlp, args, teacher, opponents, rng)
        report({"phase": "imitated", "network_x": evaluation(mlp, teacher)})
        adam, done, sampled = Adam(args.learning_rate), 0, []
    for step in range(done, args.updates):
        sampled.append(update(mlp, adam, args, args.seed + 1000 + step, teacher, opponents, rng))
        boundary = (step + 1) % args.every == 0  # the figures are cleared there only: a run cut short and
        if boundary or step + 1 == args.updates:  # resumed reports what the whole run reports
            report({"phase": "policy_gradient", "update": step + 1, "network_x": evaluation(mlp, teacher),
                    "sampled_x": round(float(np.mean(sampled)) * args.players, 3)})  # fmt: skip
        if boundary:
            sampled.clear()
        if args.checkpoint is not None and ((step + 1) % args.checkpoint_every == 0 or step + 1 == args.updates):
            save_checkpoint(args.checkpoint, mlp, adam, rng, step + 1, sampled, settings)
    mlp.network().save(args.out)
    report({"saved": str(args.out), "cpu_seconds": round(time.process_time() - cpu, 1)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
