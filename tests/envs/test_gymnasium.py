"""The Gymnasium single-agent environment passes Gymnasium's env checker; opponents are named agents."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from sevens.envs.gymnasium import SevensEnv
from sevens.errors import RulesError


@pytest.mark.parametrize(
    ("preset", "players", "opponents"),
    [("standard", 4, "heuristic"), ("joker", 2, "greedy"), ("killer", 3, "heuristic"), ("seven27", 4, "rule")],
)
def test_check_env_passes(preset: str, players: int, opponents: str) -> None:
    check_env(SevensEnv(preset=preset, players=players, opponents=opponents), skip_render_check=True)


def _play(env: SevensEnv, seed: int) -> tuple[float, list[int]]:
    obs, _ = env.reset(seed=seed)
    done, reward, chosen = False, 0.0, []
    while not done:
        number = int(np.flatnonzero(obs["action_mask"])[-1])
        chosen.append(number)
        obs, reward, done, _, info = env.step(number)
        assert not info["illegal_action"]
    return reward, chosen


def test_the_same_seed_plays_the_same_game_and_the_reward_is_the_learners_points() -> None:
    env = SevensEnv(preset="tunnel", players=4, opponents=["heuristic", "random", "greedy"], seat=2)
    first, again = _play(env, 9), _play(env, 9)
    assert first == again
    assert first[0] == env.table.points()[2]


def test_an_illegal_number_plays_the_default_action_and_says_so() -> None:
    env = SevensEnv(preset="standard", players=4, opponents="random")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = len(env.table.state.actions)
    _, _, _, _, info = env.step(illegal)
    assert info["illegal_action"] is True
    assert len(env.table.state.actions) > before


def test_unknown_opponents_and_seats_are_refused_clearly() -> None:
    with pytest.raises(RulesError, match=r"unknown agent 'nobody'.*allowed"):
        SevensEnv(opponents="nobody")
    with pytest.raises(RulesError, match="seat 4 is not a seat"):
        SevensEnv(players=4, seat=4)
    with pytest.raises(RulesError, match="2 opponents for 4 players"):
        SevensEnv(players=4, opponents=["random", "random"])
