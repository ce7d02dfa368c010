"""A tiny policy for the Gymnasium env: linear scores over the action numbers, trained by REINFORCE.

It shows the single-game environment at work in a few lines (and serves as a frozen snapshot in the tests of
opponents given as policies). The shipped ``learned`` agent is a network trained in the vectorized env
instead (:mod:`sevens.agents.shichinarabe.learned`, ``bench/train_learned.py``, docs/research.md).

>>> from sevens.envs.gymnasium import SevensEnv
>>> env = SevensEnv(preset="standard", players=4, opponents="random")
>>> policy = LinearPolicy.blank(env.table.encoder.size, len(env.table.space))
>>> report = train_reinforce(policy, env, episodes=3, seed=1)
>>> len(report.returns), policy.weights.shape == (env.table.encoder.size, len(env.table.space))
(3, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from sevens.envs.encoding import FloatVector, Mask
from sevens.errors import RulesError


@dataclass
class LinearPolicy:
    """``softmax(observation · weights + bias)`` over the legal action numbers."""

    weights: NDArray[np.float64]
    bias: NDArray[np.float64]

    @classmethod
    def blank(cls, observation_size: int, actions: int) -> LinearPolicy:
        """All scores 0: uniform over the legal actions."""
        return cls(np.zeros((observation_size, actions)), np.zeros(actions))

    def probabilities(self, observation: FloatVector, mask: Mask) -> NDArray[np.float64]:
        scores = observation @ self.weights + self.bias
        scores = np.where(mask > 0, scores, -np.inf)
        scores -= scores.max()
        exps: NDArray[np.float64] = np.exp(scores)
        exps /= exps.sum()
        return exps

    def best(self, observation: FloatVector, mask: Mask) -> int:
        """The most probable legal action number (how the trained policy plays)."""
        return int(np.argmax(self.probabilities(observation, mask)))

    def save(self, path: Path) -> None:
        np.savez_compressed(path, weights=self.weights, bias=self.bias)

    @classmethod
    def load(cls, path: Path) -> LinearPolicy:
        if not path.is_file():
            raise RulesError(f"no policy file at {path}")
        with np.load(path) as data:
            return cls(data["weights"], data["bias"])


@dataclass
class TrainingReport:
    returns: list[float] = field(default_factory=list)  # the learner's points, one per episode

    def mean_of_last(self, count: int) -> float:
        tail = self.returns[-count:]
        return sum(tail) / len(tail) if tail else 0.0


def train_reinforce(
    policy: LinearPolicy,
    env: Any,
    episodes: int,
    seed: int = 0,
    learning_rate: float = 0.01,
    progress: Callable[[int, TrainingReport], None] | None = None,
) -> TrainingReport:
    """REINFORCE with a running-mean baseline: after each game, every decision's log-probability is pushed up in
    proportion to how much better than usual the game ended (points / 10). Game ``k`` is dealt from ``seed + k``."""
    rng = np.random.default_rng(seed)
    report = TrainingReport()
    baseline = 0.0
    for episode in range(episodes):
        obs, _ = env.reset(seed=seed + episode)
        steps: list[tuple[FloatVector, NDArray[np.float64], int]] = []
        done, reward = False, 0.0
        while not done:
            probabilities = policy.probabilities(obs["observation"], obs["action_mask"])
            number = int(rng.choice(len(probabilities), p=probabilities))
            steps.append((obs["observation"], probabilities, number))
            obs, reward, done, _, _ = env.step(number)
        value = reward / 10.0
        advantage = value - baseline
        baseline += 0.02 * (value - baseline)
        for observation, probabilities, number in steps:
            gradient = -probabilities
            gradient[number] += 1.0
            policy.weights += learning_rate * advantage * np.outer(observation, gradient)
            policy.bias += learning_rate * advantage * gradient
        report.returns.append(reward)
        if progress is not None:
            progress(episode + 1, report)
    return report
