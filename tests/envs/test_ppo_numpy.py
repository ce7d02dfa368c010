"""bench/ppo_numpy.py, CleanRL-style PPO in numpy on the vector env (issue 41, item 4): a few thousand learner
steps on fixed seeds improve the policy over its start on the same deals, the losses stay finite, the episodes
Gymnasium's RecordEpisodeStatistics counts are the env's terminations across auto-resets, and the GAE leaves the
auto-reset steps out."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

from bench_scripts import load_bench_script

ppo = load_bench_script("ppo_numpy")


def test_a_short_run_improves_on_its_start_and_counts_every_episode() -> None:
    lines: list[dict[str, object]] = []
    settings = ppo.Settings(num_envs=32, num_steps=32, updates=10, every=5, eval_games=1024, seed=0)
    totals = ppo.train(settings, report=lines.append)
    assert totals["finite_losses"] is True
    assert all(np.isfinite(float(line[key])) for line in lines for key in ("policy_loss", "value_loss", "entropy"))  # type: ignore[arg-type]
    # every step is a learner's decision or a game's auto-reset step (one per end, the last ends' still to come)
    assert totals["env_steps"] == 32 * 32 * 10
    assert totals["env_steps"] == totals["learner_steps"] + totals["terminations"] - totals["pending_resets"]
    assert totals["episodes"] == totals["terminations"] > 400
    assert 0 < totals["learner_steps"] - totals["episode_steps"] < 32 * 60  # only the games still going
    # the same 1,024 deals before and after (each mean's standard error is about 0.15 points)
    assert totals["eval_after"] > totals["eval_before"] + 0.5, totals


def test_the_advantages_stop_at_an_end_and_skip_the_reset_step() -> None:
    """One env: a game of two decisions ending at step 1 (reward 1), the reset step 2, a new game from step 3."""
    rewards = np.array([[0.0], [1.0], [0.0], [0.0]], dtype=np.float32)
    values = np.array([[0.5], [0.6], [9.0], [0.2]], dtype=np.float32)  # 9: the reset step's value, never read
    terminated = np.array([[False], [True], [False], [False]])
    valid = np.array([[1.0], [1.0], [0.0], [1.0]], dtype=np.float32)
    last = np.array([0.3], dtype=np.float32)
    gamma, lam = 0.9, 0.8
    adv = ppo.advantages(rewards, values, terminated, valid, last, gamma, lam)
    delta_1 = 1.0 - 0.6  # no bootstrap past the end
    delta_0 = 0.0 + gamma * 0.6 - 0.5
    delta_3 = 0.0 + gamma * 0.3 - 0.2
    expected = [delta_0 + gamma * lam * delta_1, delta_1, 0.0, delta_3]
    assert adv[:, 0].tolist() == pytest.approx(expected)


def test_masked_log_probabilities_are_finite_on_every_legal_action() -> None:
    logits = np.array([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]], dtype=np.float32)
    masks = np.array([[1, 0, 1], [0, 0, 1]], dtype=np.int8)
    log_p = ppo.masked_log_softmax(logits, masks)
    assert np.exp(log_p).sum(axis=1).tolist() == pytest.approx([1.0, 1.0])
    assert log_p[1, 2] == 0.0 and np.isneginf(log_p[0, 1])
    rng = np.random.default_rng(0)
    assert all(masks[np.arange(2), ppo.sample(log_p, rng)].tolist() == [1, 1] for _ in range(50))
