"""The envs as shipped (issue 41): every ``gymnasium.make`` id, with every opponent level, pickles and plays in
Gymnasium's subprocess vector env; so does every PettingZoo family. The env objects themselves cross into the
subprocesses by pickle (``AsyncVectorEnv`` would otherwise pickle only the functions that build them)."""

from __future__ import annotations

import functools
import pickle
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.vector import AsyncVectorEnv  # noqa: E402

from sevens.agents.levels import LEVELS  # noqa: E402
from sevens.envs import GYMNASIUM_IDS  # noqa: E402
from sevens.envs.gymnasium import SevensEnv  # noqa: E402
from sevens.envs.pettingzoo import env as pettingzoo_env  # noqa: E402

STEPS = 3


def first_legal(masks: Any) -> np.ndarray[Any, Any]:
    return np.asarray([int(np.flatnonzero(mask)[0]) for mask in masks])


@pytest.mark.parametrize(
    ("env_id", "players"), [(env_id, None) for env_id in GYMNASIUM_IDS] + [("sevens/Shichinarabe-v0", 6)]
)
def test_every_id_with_every_level_pickles_and_plays_in_subprocesses(env_id: str, players: int | None) -> None:
    sizes = {} if players is None else {"players": players}
    made = [gymnasium.make(env_id, opponents=level, **sizes) for level in LEVELS]
    blobs = [pickle.dumps(env) for env in made]
    vector = AsyncVectorEnv([functools.partial(pickle.loads, blob) for blob in blobs])
    try:
        obs, _ = vector.reset(seed=11)
        for _ in range(STEPS):
            obs, rewards, *_ = vector.step(first_legal(obs["action_mask"]))
            assert rewards.shape == (len(LEVELS),)
    finally:
        vector.close()


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", ["standard", "killer", "seven27"])
def test_env_classes_pickle_mid_game_with_every_level_and_play_on_alike(preset: str, level: str) -> None:
    env = SevensEnv(preset=preset, opponents=level)
    obs, _ = env.reset(seed=4)
    obs, *_ = env.step(int(first_legal([obs["action_mask"]])[0]))
    copy = pickle.loads(pickle.dumps(env))
    number = int(np.flatnonzero(obs["action_mask"])[-1])
    mine, theirs = env.step(number), copy.step(number)
    assert np.array_equal(mine[0]["observation"], theirs[0]["observation"]) and mine[1:4] == theirs[1:4]


@pytest.mark.parametrize("preset", ["standard", "killer", "seven27"])
def test_pettingzoo_envs_pickle_before_and_during_a_game(preset: str) -> None:
    game = pettingzoo_env(preset=preset)
    pickle.loads(pickle.dumps(game))
    game.reset(seed=2)
    obs, *_ = game.last()
    game.step(int(np.flatnonzero(obs["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(game))
    assert copy.agent_selection == game.agent_selection
    assert np.array_equal(copy.last()[0]["observation"], game.last()[0]["observation"])
