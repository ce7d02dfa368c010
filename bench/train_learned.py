"""Train the ``learned`` agent's network in the vectorized env: imitation of the heuristic, optional policy gradient.

    nice -n 10 python bench/train_learned.py --seed 0 --out src/sevens/agents/shichinarabe/learned_standard.npz

Phase 1 (imitation, DAgger): games of several presets and player counts run in ``SevensVectorEnv``s; at each
of the learner's turns the kernel's heuristic (``--teacher`` weights) labels the position and the network is
pushed towards that label (cross-entropy over the legal actions). The learner's seat follows the teacher at
first, then more and more the network itself, so that it learns in the positions it reaches. After it, the
network's best actions are measured in 4-player ``standard`` against the tuned heuristic and ``normal``'s weights.
Phase 2 (``--pg-updates``, 0 by default: in docs/research.md's trials it did not raise those win rates):
REINFORCE in 4-player ``standard`` against the heuristic opponents in turn, whole games played by sampling the
network, each decision pushed up or down by how far its game's E2 points lie from the batch's mean, with
``--anchor`` times the cross-entropy towards the teacher to stay near it. numpy only (hand-written backward pass
and Adam), one thread; a seed trains the same weights. One JSON line per report, a last line with the totals.
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from sevens.agents.shichinarabe import NORMAL_WEIGHTS
from sevens.agents.shichinarabe.learned import ACTIONS, FEATURES, Features, Network
from sevens.envs.vector import SevensVectorEnv
from sevens.policy_weights import DEFAULT_WEIGHTS, Weights

F32 = npt.NDArray[np.float32]
TEACHERS = {
    "tuned": DEFAULT_WEIGHTS,  # the heuristic: holds back with every pass
    "normal": NORMAL_WEIGHTS,  # the `normal` level's: never passes while it can play
}
# (preset, players, settings, opponents' noise, share of the imitation batches): 4-player standard most often
IMITATION_ENVS: tuple[tuple[str, int, list[str] | None, float, int], ...] = (
    ("standard", 4, None, 0.0, 3),
    ("standard", 4, None, 3.0, 3),
    ("standard", 3, None, 1.0, 1),
    ("standard", 5, None, 1.0, 1),
    ("standard", 2, None, 1.0, 1),
    ("standard", 6, None, 1.0, 1),
    ("standard", 8, None, 1.0, 1),
    ("tunnel", 4, None, 1.0, 1),
    ("ak_link", 4, None, 1.0, 1),
    ("joker", 4, None, 1.0, 1),
    ("joker", 5, ["jokers=2", "joker_exchange=optional"], 1.0, 1),
    ("fan_tan", 4, None, 1.0, 1),
    ("english", 4, None, 1.0, 1),
    ("kids", 4, None, 1.0, 1),
)


@dataclass
class Mlp:
    """``features → hidden → hidden → ACTIONS`` with ReLU; parameters ``[w0, b0, w1, b1, w2, b2]``."""

    params: list[F32]

    @classmethod
    def initial(cls, rng: np.random.Generator, hidden: int) -> Mlp:
        params: list[F32] = []
        for fan_in, fan_out in ((FEATURES, hidden), (hidden, hidden), (hidden, ACTIONS)):
            params.append((rng.standard_normal((fan_in, fan_out)) * np.sqrt(2.0 / fan_in)).astype(np.float32))
            params.append(np.zeros(fan_out, dtype=np.float32))
        params[-2] *= 0.1  # start near uniform over the legal actions
        return cls(params)

    @classmethod
    def of(cls, network: Network) -> Mlp:
        return cls([array.copy() for layer in network.layers for array in layer])

    def forward(self, x: F32) -> tuple[F32, list[F32]]:
        w0, b0, w1, b1, w2, b2 = self.params
        h0 = np.maximum(x @ w0 + b0, 0.0)
        h1 = np.maximum(h0 @ w1 + b1, 0.0)
        return h1 @ w2 + b2, [x, h0, h1]

    def backward(self, cache: list[F32], d_scores: F32) -> list[F32]:
        x, h0, h1 = cache
        _, _, w1, _, w2, _ = self.params
        d_h1 = (d_scores @ w2.T) * (h1 > 0)
        d_h0 = (d_h1 @ w1.T) * (h0 > 0)
        return [x.T @ d_h0, d_h0.sum(0), h0.T @ d_h1, d_h1.sum(0), h1.T @ d_scores, d_scores.sum(0)]

    def network(self) -> Network:
        p = self.params
        return Network(((p[0], p[1]), (p[2], p[3]), (p[4], p[5])))


@dataclass
class Adam:
    """Adam with the bias corrections folded into the step and ``eps`` added to ``sqrt(v)`` (the paper's ε̂ form,
    this script's), or with ``torch_eps`` torch's (``eps`` added after correcting ``v``: bench/ppo_numpy.py's, as
    CleanRL's). The rate is the caller's to anneal."""

    rate: float
    eps: float = 1e-8
    torch_eps: bool = False
    moments: list[tuple[F32, F32]] = field(default_factory=list)
    steps: int = 0

    def update(self, params: list[F32], grads: list[F32]) -> None:
        if not self.moments:
            self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
        self.steps += 1
        first, second = 1 - 0.9**self.steps, 1 - 0.999**self.steps
        step = self.rate * (np.sqrt(second) / first)
        for p, g, (m, v) in zip(params, grads, self.moments, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            if self.torch_eps:
                p -= self.rate * (m / first) / (np.sqrt(v / second) + self.eps)
            else:
                p -= step * m / (np.sqrt(v) + self.eps)


def probabilities(scores: F32, masks: npt.NDArray[np.int8]) -> F32:
    """Softmax over the legal actions (0 elsewhere)."""
    legal = np.where(masks.any(axis=1, keepdims=True), masks, 1)  # a finished game's empty mask: any
    shifted = np.where(legal > 0, scores, -np.inf)
    shifted = shifted - shifted.max(axis=1, keepdims=True)
    exps = np.exp(shifted)
    out: F32 = (exps / exps.sum(axis=1, keepdims=True)).astype(np.float32)
    return out


def sample_actions(p: F32, uniforms: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """One action per row of ``p`` (probabilities over the actions), drawn by inverse transform with
    ``uniforms`` (one per row, in [0, 1)). The draw is scaled by the row's own total: in float32 the running sum
    may end just below 1, and a draw above it would pick no action at all (``argmax`` of nothing true is 0,
    an illegal action)."""
    cumulative = p.cumsum(axis=1)
    chosen: npt.NDArray[np.int64] = (cumulative > uniforms * cumulative[:, -1:]).argmax(axis=1)
    return chosen


def imitation_step(
    mlp: Mlp, adam: Adam, x: F32, masks: npt.NDArray[np.int8], labels: npt.NDArray[np.int64]
) -> tuple[float, float]:
    """One gradient step of cross-entropy towards ``labels``; the loss and the share of labels already chosen."""
    scores, cache = mlp.forward(x)
    p = probabilities(scores, masks)
    rows = np.arange(len(labels))
    loss = float(-np.log(p[rows, labels] + 1e-12).mean())
    agreement = float((np.where(masks > 0, scores, -np.inf).argmax(axis=1) == labels).mean())
    d_scores = p.copy()
    d_scores[rows, labels] -= 1.0
    adam.update(mlp.params, mlp.backward(cache, (d_scores / len(labels)).astype(np.float32)))
    return loss, agreement


@dataclass
class Learner:
    """One vector env, its features and its last observation."""

    env: SevensVectorEnv
    features: Features
    obs: npt.NDArray[np.uint8]
    masks: npt.NDArray[np.int8]

    @classmethod
    def start(
        cls, preset: str, players: int, settings: list[str] | None, noise: float, games: int, seed: int,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> Learner:  # fmt: skip
        env = SevensVectorEnv(games, preset, players, settings, opponents="heuristic", noise=noise, weights=weights)
        obs, infos = env.reset(seed=seed)
        return cls(env, Features(env.rules), obs, infos["action_mask"])

    def step(self, actions: npt.NDArray[np.int64]) -> tuple[F32, npt.NDArray[np.bool_]]:
        self.obs, rewards, terminations, _, infos = self.env.step(actions)
        self.masks = infos["action_mask"]
        return rewards, terminations


def own_share(step: int, steps: int) -> float:
    """DAgger: the teacher drives at first, the network more and more (up to 80% of the moves from 60% of the
    run on), so that its own positions get labelled too."""
    return min(1.0, step / max(1, steps * 0.6)) * 0.8


def dagger_step(
    mlp: Mlp, adam: Adam, learner: Learner, teacher: Weights, share: float, rng: np.random.Generator
) -> tuple[float, float] | None:
    """Label ``learner``'s positions with ``teacher``, take one imitation step on its real decisions (loss and
    agreement, None when no game has a choice), then move: the network's action with chance ``share``."""
    labels = learner.env.heuristic_actions(teacher)
    choice = learner.masks.sum(axis=1) > 1  # a real decision
    x = learner.features.encode(learner.obs, learner.masks)
    found = imitation_step(mlp, adam, x[choice], learner.masks[choice], labels[choice]) if choice.any() else None
    scores, _ = mlp.forward(x)
    mine = np.where(learner.masks > 0, scores, -np.inf).argmax(axis=1)
    actions = np.where(rng.random(len(labels)) < share, mine, np.maximum(labels, 0))
    learner.step(np.where(learner.masks.any(axis=1), actions, 0))
    return found


def reinforce(mlp: Mlp, adam: Adam, x: F32, masks: npt.NDArray[np.int8], actions: npt.NDArray[np.int64],
              advantage: F32, anchor: float = 0.0, labels: npt.NDArray[np.int64] | None = None) -> None:  # fmt: skip
    """One REINFORCE step: each decision's action pushed up or down by its ``advantage``, plus ``anchor`` times
    the cross-entropy towards the teacher's ``labels``."""
    scores, cache = mlp.forward(x)
    p = probabilities(scores, masks)
    rows = np.arange(len(actions))
    d_scores = p * advantage[:, None]  # the gradient of -advantage * log p(a)
    d_scores[rows, actions] -= advantage
    if anchor and labels is not None:
        d_scores += anchor * p  # and of the cross-entropy towards the teacher's label
        d_scores[rows, labels] -= anchor
    adam.update(mlp.params, mlp.backward(cache, (d_scores / max(1, len(actions))).astype(np.float32)))


def imitate(args: argparse.Namespace, mlp: Mlp, rng: np.random.Generator) -> None:
    teacher = TEACHERS[args.teacher]
    learners = [Learner.start(p, n, s, noise, args.games, args.seed + i)
                for i, (p, n, s, noise, _) in enumerate(IMITATION_ENVS)]  # fmt: skip
    schedule = [i for i, spec in enumerate(IMITATION_ENVS) for _ in range(spec[4])]
    adam = Adam(args.learning_rate)
    losses: list[float] = []
    agreements: list[float] = []
    for step in range(args.imitation_steps):
        learner = learners[schedule[step % len(schedule)]]
        found = dagger_step(mlp, adam, learner, teacher, own_share(step, args.imitation_steps), rng)
        if found is not None:
            losses.append(found[0])
            agreements.append(found[1])
        if (step + 1) % args.every == 0 or step + 1 == args.imitation_steps:
            line = {"phase": "imitation", "step": step + 1, "loss": round(float(np.mean(losses[-args.every :])), 4),
                    "agreement": round(float(np.mean(agreements[-args.every :])), 4)}  # fmt: skip
            print(json.dumps(line), flush=True)


# the policy-gradient phase's opponents in 4-player standard, in turn: the tuned heuristic, `normal`'s weights,
# and `normal`'s weights with noise 3 (nearly random plays, few needless passes: like `easy`)
PG_OPPONENTS: tuple[tuple[str, float], ...] = (("tuned", 0.0), ("normal", 0.0), ("normal", 3.0))


def standard_learner(opponents: str, noise: float, games: int, seed: int) -> Learner:
    return Learner.start("standard", 4, None, noise, games, seed, TEACHERS[opponents])


def play_games(
    mlp: Mlp, learner: Learner, rng: np.random.Generator | None, teacher: Weights
) -> tuple[F32, list[npt.NDArray[Any]]]:
    """One game in each env of ``learner`` played by the network (sampling with ``rng``, else its best action):
    the points of each game and, per decision, features, masks, actions, teacher's labels and game numbers."""
    games = learner.env.num_envs
    columns: list[list[npt.NDArray[Any]]] = [[], [], [], [], []]
    points = np.zeros(games, dtype=np.float32)
    going = np.ones(games, dtype=bool)
    while going.any():
        x = learner.features.encode(learner.obs, learner.masks)
        scores, _ = mlp.forward(x)
        if rng is None:
            chosen = np.where(learner.masks > 0, scores, -np.inf).argmax(axis=1)
        else:
            chosen = sample_actions(probabilities(scores, learner.masks), rng.random((games, 1)))
            decide = going & (learner.masks.sum(axis=1) > 1)
            labels = learner.env.heuristic_actions(teacher)
            decision: tuple[npt.NDArray[Any], ...] = (x, learner.masks, chosen, labels, np.arange(games))
            for column, values in zip(columns, decision, strict=True):
                column.append(values[decide])
        rewards, terminations = learner.step(np.where(learner.masks.any(axis=1), chosen, 0))
        ended = going & terminations
        points[ended] = rewards[ended]
        going &= ~terminations
    return points, [np.concatenate(column) if column else np.zeros(0) for column in columns]


def evaluate(mlp: Mlp, games: int, seed: int) -> dict[str, float]:
    """The network's best actions in 4-player standard against each PG opponent: win rate (10 points)."""
    found = {}
    for opponents, noise in PG_OPPONENTS:
        points, _ = play_games(mlp, standard_learner(opponents, noise, games, seed), None, TEACHERS["tuned"])
        found[f"win_vs_{opponents}_{noise:g}"] = round(float((points == 10).mean()), 4)
    return found


def policy_gradient(args: argparse.Namespace, mlp: Mlp, rng: np.random.Generator) -> None:
    teacher = TEACHERS[args.teacher]
    adam = Adam(args.pg_learning_rate)
    recent: list[float] = []
    for update in range(args.pg_updates):
        opponents, noise = PG_OPPONENTS[update % len(PG_OPPONENTS)]
        learner = standard_learner(opponents, noise, args.games, args.seed + 1000 + update)
        points, (x, m, a, y, g) = play_games(mlp, learner, rng, teacher)
        advantage = ((points - points.mean()) / 10.0)[g]  # how much better than the batch's mean each game ended
        reinforce(mlp, adam, x, m, a, advantage, args.anchor, y)
        recent.append(float(points.mean()))
        if (update + 1) % args.pg_every == 0 or update + 1 == args.pg_updates:
            line: dict[str, object] = {"phase": "policy_gradient", "update": update + 1,
                                       "mean_points_sampled": round(float(np.mean(recent)), 3)}  # fmt: skip
            recent.clear()
            if args.eval_games:
                line.update(evaluate(mlp, args.eval_games, args.seed + 99))
            print(json.dumps(line), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teacher", choices=list(TEACHERS), default="tuned", help="the heuristic's weights to imitate")
    parser.add_argument("--imitation-steps", type=int, default=20000, help="gradient steps of imitation")
    parser.add_argument("--pg-updates", type=int, default=0, help="policy-gradient updates (one batch of games each)")
    parser.add_argument("--games", type=int, default=512, help="games per vector env")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--pg-learning-rate", type=float, default=1e-4)
    parser.add_argument("--anchor", type=float, default=0.1, help="weight of the teacher's cross-entropy in phase 2")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=2000, help="imitation steps between progress lines")
    parser.add_argument("--pg-every", type=int, default=20, help="policy-gradient updates between progress lines")
    parser.add_argument("--eval-games", type=int, default=2048, help="games per opponent in each PG progress line")
    parser.add_argument("--init", type=Path, help="start from this weights file instead of random weights")
    parser.add_argument("--out", type=Path, default=Path("learned.npz"))
    args = parser.parse_args(argv)
    start = time.perf_counter()
    cpu = time.process_time()
    rng = np.random.default_rng(args.seed)
    mlp = Mlp.initial(rng, args.hidden) if args.init is None else Mlp.of(Network.load(args.init))
    imitate(args, mlp, rng)
    if args.eval_games:
        print(json.dumps({"phase": "imitated", **evaluate(mlp, args.eval_games, args.seed + 99)}), flush=True)
    policy_gradient(args, mlp, rng)
    mlp.network().save(args.out)
    totals = {
        "saved": str(args.out), "bytes": args.out.stat().st_size, "seconds": round(time.perf_counter() - start, 1),
        "cpu_seconds": round(time.process_time() - cpu, 1),
    }  # fmt: skip
    print(json.dumps(totals), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
