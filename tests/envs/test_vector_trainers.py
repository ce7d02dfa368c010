"""The vector envs as standard trainers take them (issue 41, item 4): rewards of shape ``(num_envs,)`` under
Gymnasium's own ``RecordEpisodeStatistics``, masks that never have an all-zero row (so ``logits + log(mask)``
never gives NaN), and unseeded resets that deal new games."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

from gymnasium.wrappers.vector import RecordEpisodeStatistics

from sevens.envs.vector import SevensVectorEnv, SevensVectorSelfPlayEnv

PASS = 208


def first_legal(masks: np.ndarray) -> np.ndarray:
    return np.asarray(masks.argmax(axis=1), dtype=np.int64)


@pytest.mark.parametrize("self_play", [False, True])
def test_record_episode_statistics_counts_every_game_with_its_length_and_return(self_play: bool) -> None:
    """Gymnasium's wrapper, as is: each finished game is reported once, with the number of steps it took (its
    auto-reset step not counted: NEXT_STEP) and the sum of its rewards, which is the points of its end."""
    games = 16
    inner = (
        SevensVectorSelfPlayEnv(num_envs=games) if self_play else SevensVectorEnv(num_envs=games, opponents="random")
    )
    env = RecordEpisodeStatistics(inner)
    _, infos = env.reset(seed=3)
    steps = np.zeros(games, dtype=np.int64)
    ending = np.zeros(games, dtype=bool)
    reported = 0
    for _ in range(400):
        _, rewards, terminations, truncations, infos = env.step(first_legal(infos["action_mask"]))
        assert rewards.shape == (games,) and rewards.dtype == np.float32
        steps[~ending] += 1
        steps[ending] = 0  # the step after an end deals a new game: no step of any episode
        if terminations.any():
            episode = infos["episode"]
            ended = infos["_episode"]
            assert ended.tolist() == terminations.tolist()
            assert episode["l"][ended].tolist() == steps[ended].tolist()
            assert episode["r"][ended].tolist() == rewards[ended].tolist()  # one reward per game, at its end
            assert set(rewards[ended].tolist()) <= {10.0, 5.0, 2.0, 0.0, -5.0, -10.0}
            reported += int(ended.sum())
        ending = terminations | truncations
    assert reported > games  # games ended and were dealt again, and again counted
    assert len(env.return_queue) == min(reported, env.return_queue.maxlen or reported)


def test_self_play_rewards_are_the_enders_points_and_every_seats_points_are_in_infos() -> None:
    env = SevensVectorSelfPlayEnv(num_envs=32)
    _, infos = env.reset(seed=4)
    ends = 0
    for _ in range(300):
        movers = infos["seat"]
        _, rewards, terminations, _, infos = env.step(first_legal(infos["action_mask"]))
        seat_rewards = infos["seat_rewards"]
        assert seat_rewards.shape == (32, 4)
        assert rewards.tolist() == seat_rewards[np.arange(32), movers].tolist()
        assert not seat_rewards[~terminations].any()
        for g in np.flatnonzero(terminations):
            assert set(seat_rewards[g].tolist()) <= {10.0, 5.0, 2.0, 0.0, -5.0, -10.0} and seat_rewards[g].any()
        ends += int(terminations.sum())
    assert ends > 32


@pytest.mark.parametrize("self_play", [False, True])
def test_no_mask_row_is_ever_all_zero_and_a_finished_games_mask_is_the_pass_alone(self_play: bool) -> None:
    """The usual masking, ``logits + log(mask)``, stays finite on every step, the ends included."""
    games = 64
    env = SevensVectorSelfPlayEnv(num_envs=games) if self_play else SevensVectorEnv(num_envs=games, opponents="random")
    _, infos = env.reset(seed=5)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(200):
        mask = infos["action_mask"]
        assert mask.any(axis=1).all()
        with np.errstate(divide="ignore"):
            logits = rng.normal(size=mask.shape) + np.log(mask)
        top = logits.max(axis=1, keepdims=True)
        log_probs = logits - top - np.log(np.exp(logits - top).sum(axis=1, keepdims=True))
        assert np.isfinite(log_probs[mask > 0]).all() and not np.isnan(log_probs).any()
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        _, _, terminations, _, infos = env.step(actions)
        finished = infos["action_mask"][terminations]
        assert (finished.sum(axis=1) == 1).all() and finished[:, PASS].all()
        assert (env.action_masks() == infos["action_mask"]).all()
        ended += int(terminations.sum())
    assert ended > games


@pytest.mark.parametrize("self_play", [False, True])
def test_unseeded_resets_deal_new_games(self_play: bool) -> None:
    """``reset()`` without a seed never deals again the games of the env's previous reset, nor those of another
    env, nor those of the seed given before it."""

    def make() -> SevensVectorEnv:
        return SevensVectorSelfPlayEnv(num_envs=8) if self_play else SevensVectorEnv(num_envs=8, opponents="random")

    def hands(env: SevensVectorEnv, seed: int | None = None) -> np.ndarray:
        env.reset(seed=seed)
        return env._state[:, :4].copy()  # every seat's dealt hand (the kernel's row)

    env = make()
    first, second, third = hands(env), hands(env), hands(env)
    other = hands(make())
    assert not (first == second).all(axis=1).any()
    assert not (second == third).all(axis=1).any()
    assert not (first == other).all(axis=1).any()
    seeded = hands(env, seed=7)
    after_seed = hands(env)
    assert not (seeded == after_seed).all(axis=1).any()
    again = make()
    assert (hands(again, seed=7) == seeded).all()  # a seed still repeats its games exactly
    assert (hands(again) == after_seed).all()  # and so does the reset after it
