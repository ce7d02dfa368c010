"""The tiny linear policy of :mod:`sevens.envs.policy` (the Gymnasium env's example and the tests' snapshot)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from sevens.errors import RulesError

pytest.importorskip("gymnasium")

from sevens.envs.policy import LinearPolicy


def test_the_policy_puts_no_probability_on_illegal_actions() -> None:
    rng = np.random.default_rng(3)
    policy = LinearPolicy(rng.normal(size=(5, 4)), rng.normal(size=4))
    probabilities = policy.probabilities(rng.random(5).astype(np.float32), np.array([1, 0, 1, 0], dtype=np.int8))
    assert probabilities[1] == probabilities[3] == 0.0
    assert probabilities.sum() == pytest.approx(1.0)


def test_a_saved_policy_loads_back_and_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    policy = LinearPolicy(np.arange(6.0).reshape(3, 2), np.array([1.0, -1.0]))
    policy.save(tmp_path / "p.npz")
    loaded = LinearPolicy.load(tmp_path / "p.npz")
    assert np.array_equal(loaded.weights, policy.weights) and np.array_equal(loaded.bias, policy.bias)
    with pytest.raises(RulesError, match="no policy file at"):
        LinearPolicy.load(tmp_path / "none.npz")


def test_the_mean_of_the_last_returns_counts_only_those_there_are() -> None:
    from sevens.envs.policy import TrainingReport

    report = TrainingReport([10.0, -5.0, 2.0, 5.0])
    assert report.mean_of_last(2) == 3.5 and report.mean_of_last(10) == 3.0
    assert TrainingReport().mean_of_last(5) == 0.0


def test_reinforce_deals_game_k_from_seed_plus_k_and_pushes_each_decision_by_its_games_advantage() -> None:
    """Three games against the rule written out: each decision drawn from the policy's probabilities (by the
    run's seeded generator), then every decision's log-probability gradient, ``onehot(action) - p``, times the
    learning rate and the game's points / 10 less the running baseline (0 at first, then moved 2% of the way)."""
    from sevens.envs.gymnasium import SevensEnv
    from sevens.envs.policy import TrainingReport, train_reinforce

    class Recorder(SevensEnv):
        def __init__(self) -> None:
            super().__init__(preset="standard", players=3, opponents="random")
            self.seeds: list[int | None] = []
            self.games: list[list[tuple[np.ndarray, np.ndarray, int]]] = []
            self.rewards: list[float] = []
            self._obs: dict[str, np.ndarray] = {}

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, Any]:
            self.seeds.append(seed)
            self.games.append([])
            obs, info = super().reset(seed=seed, options=options)
            self._obs = obs
            return obs, info

        def step(self, action: Any) -> tuple[Any, float, bool, bool, Any]:
            self.games[-1].append((self._obs["observation"].copy(), self._obs["action_mask"].copy(), int(action)))
            obs, reward, done, truncated, info = super().step(action)
            self._obs = obs
            if done:
                self.rewards.append(reward)
            return obs, reward, done, truncated, info

    env = Recorder()
    policy = LinearPolicy.blank(env.table.encoder.size, len(env.table.space))
    seen: list[tuple[int, list[float]]] = []
    report = train_reinforce(
        policy, env, episodes=3, seed=40, learning_rate=0.05,
        progress=lambda done, so_far: seen.append((done, list(so_far.returns))),
    )  # fmt: skip
    assert env.seeds == [40, 41, 42] and report.returns == env.rewards
    assert seen == [(1, env.rewards[:1]), (2, env.rewards[:2]), (3, env.rewards)]
    assert isinstance(report, TrainingReport)

    expected = LinearPolicy.blank(env.table.encoder.size, len(env.table.space))
    rng = np.random.default_rng(40)
    baseline = 0.0
    for game, reward in zip(env.games, env.rewards, strict=True):
        pushes = []
        for observation, mask, action in game:
            probabilities = expected.probabilities(observation, mask)
            assert action == int(rng.choice(len(probabilities), p=probabilities))
            pushes.append((observation, np.eye(len(probabilities))[action] - probabilities))
        advantage = reward / 10.0 - baseline
        baseline += 0.02 * advantage
        for observation, gradient in pushes:
            expected.weights += 0.05 * advantage * np.outer(observation, gradient)
            expected.bias += 0.05 * advantage * gradient
    assert env.rewards[0] != 0.0  # else nothing would have moved, nor the baseline
    np.testing.assert_allclose(policy.weights, expected.weights, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(policy.bias, expected.bias, rtol=1e-12, atol=1e-12)


def test_reinforce_by_default_deals_from_seed_0_and_steps_a_hundredth() -> None:
    from sevens.envs.gymnasium import SevensEnv
    from sevens.envs.policy import train_reinforce

    env = SevensEnv(preset="standard", players=3, opponents="random")
    size, actions = env.table.encoder.size, len(env.table.space)
    default, explicit = LinearPolicy.blank(size, actions), LinearPolicy.blank(size, actions)
    first = train_reinforce(default, env, episodes=2)
    again = train_reinforce(explicit, env, episodes=2, seed=0, learning_rate=0.01)
    assert first.returns == again.returns and first.returns != [0.0, 0.0]
    np.testing.assert_array_equal(default.weights, explicit.weights)
