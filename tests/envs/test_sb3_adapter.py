"""The SB3 adapter (issue 41, item 4) checked by its API, without stable-baselines3 (which brings torch): its
``VecEnv`` methods, shapes and SAME_STEP resets against the real vector env, and the masks MaskablePPO reads."""

from __future__ import annotations

import sys

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

from gymnasium.vector import AutoresetMode

from sevens.envs import sb3
from sevens.envs.sb3 import VecEnvAdapter, sb3_vec_env
from sevens.envs.vector import SevensVectorEnv
from sevens.errors import SevensError

# stable_baselines3.common.vec_env.VecEnv's abstract methods (2.x) and what MaskablePPO calls on a VecEnv
VEC_ENV_METHODS = ("reset", "step_async", "step_wait", "close", "get_attr", "set_attr", "env_method", "env_is_wrapped")
GAMES = 12


def masked_random(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks], dtype=np.int64)


def test_the_adapter_has_sb3s_vec_env_methods_and_spaces() -> None:
    adapter = VecEnvAdapter(num_envs=GAMES, opponents="random")
    for name in (*VEC_ENV_METHODS, "step", "seed", "action_masks", "get_images"):
        assert callable(getattr(adapter, name)), name
    assert adapter.num_envs == GAMES
    assert adapter.observation_space == adapter.env.single_observation_space
    assert adapter.action_space.n == 209
    assert adapter.seed(4) == [4] * GAMES
    obs = adapter.reset()
    assert obs.shape == (GAMES, *adapter.observation_space.shape) and obs.dtype == np.uint8
    masks = np.stack(adapter.env_method("action_masks"))  # what sb3_contrib's get_action_masks does
    assert masks.shape == (GAMES, 209) and masks.dtype == bool and masks.any(axis=1).all()
    assert adapter.get_attr("action_masks")[3]().tolist() == masks[3].tolist()  # has_attr("action_masks")
    assert adapter.get_attr("num_envs", indices=[0, 1]) == [GAMES, GAMES]
    assert adapter.env_method("heuristic_actions", indices=2)[0].shape == (GAMES,)
    assert adapter.env_is_wrapped(SevensVectorEnv) == [True] * GAMES
    with pytest.raises(AttributeError):
        adapter.get_attr("no_such_attribute")
    with pytest.raises(SevensError, match="allowed: 0 to 11"):
        adapter.get_attr("num_envs", indices=[GAMES])
    with pytest.raises(SevensError, match="step_async"):
        adapter.step_wait()
    with pytest.raises(SevensError, match="SAME_STEP"):
        VecEnvAdapter(num_envs=2, autoreset_mode=AutoresetMode.NEXT_STEP)


def by_observation(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """A policy of the observation alone (so that each game's actions do not depend on the other games')."""
    chosen = np.zeros(len(obs), dtype=np.int64)
    for g, row in enumerate(masks):
        legal = np.flatnonzero(row)
        chosen[g] = legal[int(obs[g].astype(np.int64) @ np.arange(obs.shape[1])) % len(legal)]
    return chosen


def test_same_step_resets_are_the_next_step_envs_games_one_step_sooner() -> None:
    """The adapter (SAME_STEP) and a NEXT_STEP env of the same seed play the same games: each game's decisions
    (observation and mask), its last observation (``terminal_observation``) and its reward, then the next game
    dealt by the same draws, which the adapter returns with the end instead of one step later."""
    Event = tuple[str, bytes, float]
    streams: dict[str, list[list[Event]]] = {"same": [[] for _ in range(GAMES)], "next": [[] for _ in range(GAMES)]}
    adapter = VecEnvAdapter(num_envs=GAMES, opponents="heuristic", noise=0.5)
    adapter.seed(21)
    obs = adapter.reset()
    for _ in range(120):
        masks = np.stack(adapter.env_method("action_masks"))
        for g in range(GAMES):
            streams["same"][g].append(("decide", obs[g].tobytes() + masks[g].tobytes(), 0.0))
        obs, rewards, dones, infos = adapter.step(by_observation(obs, masks))
        assert rewards.shape == (GAMES,) and dones.shape == (GAMES,) and len(infos) == GAMES
        for g in range(GAMES):
            if dones[g]:
                assert infos[g]["TimeLimit.truncated"] is False
                streams["same"][g].append(("end", infos[g]["terminal_observation"].tobytes(), float(rewards[g])))
            else:
                assert infos[g] == {} and rewards[g] == 0
    reference = SevensVectorEnv(num_envs=GAMES, opponents="heuristic", noise=0.5)
    obs, infos = reference.reset(seed=21)
    ended = np.zeros(GAMES, dtype=bool)
    for _ in range(160):
        masks = infos["action_mask"].astype(bool)
        for k in np.flatnonzero(~ended):
            streams["next"][k].append(("decide", obs[k].tobytes() + masks[k].tobytes(), 0.0))
        obs, rewards, terminations, _, infos = reference.step(by_observation(obs, masks))
        for k in np.flatnonzero(terminations):
            streams["next"][k].append(("end", obs[k].tobytes(), float(rewards[k])))
        ended = terminations
    ends = 0
    for same, following in zip(streams["same"], streams["next"], strict=True):
        assert len(following) > len(same) > 20
        assert same == following[: len(same)]
        ends += sum(kind == "end" for kind, _, _ in same)
    assert ends > GAMES  # games ended and new ones were compared after them


def test_a_seeded_reset_repeats_its_games_and_masks_are_never_the_ended_games() -> None:
    def run() -> list[np.ndarray]:
        adapter = VecEnvAdapter(num_envs=GAMES, opponents="random")
        adapter.seed(5)
        seen = [adapter.reset()]
        rng = np.random.default_rng(0)
        for _ in range(60):
            masks = adapter.action_masks()
            obs, _, dones, _ = adapter.step(masked_random(masks, rng))
            after = adapter.action_masks()
            assert after.any(axis=1).all()
            assert (after[dones, :208].any(axis=1) | after[dones, 208]).all()  # the new game's legal actions
            seen.append(obs)
        return seen

    first, again = run(), run()
    assert all((a == b).all() for a, b in zip(first, again, strict=True))


def test_without_stable_baselines3_the_factory_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    sb3._sb3_class.cache_clear()
    monkeypatch.setitem(sys.modules, "stable_baselines3", None)
    monkeypatch.setitem(sys.modules, "stable_baselines3.common", None)
    monkeypatch.setitem(sys.modules, "stable_baselines3.common.vec_env", None)
    try:
        with pytest.raises(SevensError, match="pip install stable-baselines3 sb3-contrib"):
            sb3_vec_env(num_envs=2)
    finally:
        sb3._sb3_class.cache_clear()


def test_set_attr_sets_the_one_vector_envs_attribute_and_refuses_what_is_not_a_game() -> None:
    adapter = VecEnvAdapter(num_envs=3, opponents="random")
    assert adapter.env.copy is True
    adapter.set_attr("copy", False, indices=[0, 2])
    assert adapter.env.copy is False and adapter.get_attr("copy") == [False] * 3
    with pytest.raises(SevensError, match="allowed: 0 to 2"):
        adapter.set_attr("copy", True, indices=[3])
    assert adapter.env.copy is False  # refused before anything changed
    assert adapter.get_images() == [None, None, None]  # SB3's VecEnv.render reads one image per game


def test_calls_reach_the_vector_env_with_their_arguments_and_only_for_the_games_asked() -> None:
    from sevens.agents.shichinarabe import NORMAL_WEIGHTS

    assert VecEnvAdapter(num_envs=2, opponents="random").reset().shape[0] == 2  # no seed() called at all
    adapter = VecEnvAdapter(num_envs=GAMES, opponents="random")
    adapter.seed(7)
    first = adapter.reset()
    assert not (adapter.reset() == first).all()  # no seed given to this one: the env's own sequence goes on
    # the adapter's own attributes first (SB3's single-game spaces), then the vector env's
    assert adapter.get_attr("observation_space", indices=0) == [adapter.env.single_observation_space]
    assert adapter.get_attr("seat", indices=[1, 2]) == [0, 0] and adapter.render_mode is None
    normal = adapter.env.heuristic_actions(NORMAL_WEIGHTS)
    assert not (normal == adapter.env.heuristic_actions()).all()  # these positions tell the two weights apart
    (positional,) = adapter.env_method("heuristic_actions", NORMAL_WEIGHTS, indices=2)
    (keyword,) = adapter.env_method("heuristic_actions", indices=[5], weights=NORMAL_WEIGHTS)
    assert (positional == normal).all() and (keyword == normal).all()
    assert adapter.env_is_wrapped(SevensVectorEnv, indices=[1]) == [True]
    with pytest.raises(SevensError, match="allowed: 0 to 11"):
        adapter.env_method("heuristic_actions", indices=[-1])
    with pytest.raises(SevensError, match="allowed: 0 to 11"):
        adapter.env_is_wrapped(SevensVectorEnv, indices=[GAMES])


def test_a_column_of_actions_is_taken_and_each_step_needs_its_own_actions() -> None:
    adapter = VecEnvAdapter(num_envs=GAMES, opponents="random")
    adapter.seed(3)
    adapter.reset()
    adapter.step_async(adapter.action_masks().argmax(axis=1).reshape(GAMES, 1))  # as SB3 may hold them
    obs, *_ = adapter.step_wait()
    assert obs.shape == (GAMES, adapter.observation_space.shape[0])
    with pytest.raises(SevensError, match=r"^call step_async\(actions\) before step_wait\(\)$"):
        adapter.step_wait()
    with pytest.raises(
        SevensError, match=r"^SB3's VecEnv resets a finished game within the step: autoreset_mode must be SAME_STEP$"
    ):
        VecEnvAdapter(num_envs=2, autoreset_mode=AutoresetMode.NEXT_STEP)
