"""The PettingZoo AEC environments pass PettingZoo's API, seed and render tests on a few presets and player counts,
pickle mid-game, and refuse what is not an action number."""

from __future__ import annotations

import functools
import pickle
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test

from sevens.envs.pettingzoo import env, raw_env
from sevens.errors import IllegalActionError, RulesError

CASES = [("standard", 2), ("tunnel", 4), ("joker", 8), ("fan_tan", 4), ("killer", 4), ("seven27", 4), ("seven27", 8)]


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_api_and_seed_tests_pass(preset: str, players: int) -> None:
    api_test(env(preset=preset, players=players), num_cycles=300, verbose_progress=False)
    seed_test(functools.partial(env, preset=preset, players=players), num_cycles=100)


def test_variants_come_through_the_same_settings_as_the_command_line() -> None:
    game = raw_env(preset="standard", players=3, settings=["pass_limit=none"])
    assert game.table.rules.pass_limit is None


def test_a_random_masked_game_ends_with_e2_points_as_rewards() -> None:
    """B12/E2: at the end every agent is rewarded its round points; only the mover has a non-zero mask."""
    game = env(preset="standard", players=4)
    game.reset(seed=11)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        for other in game.agents:
            if other != agent:
                assert not game.observe(other)["action_mask"].any()
        game.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert list(totals.values()) == game.unwrapped.table.points()
    assert max(totals.values()) == 10.0 and min(totals.values()) < 0


def test_chips_won_are_the_rewards_of_seven_twenty_seven_and_sum_to_zero() -> None:
    game = env(preset="seven27", players=3)
    game.reset(seed=2)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        game.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert sum(totals.values()) == 0.0
    assert any(totals.values())


def test_an_illegal_action_number_is_refused_and_changes_nothing() -> None:
    game = raw_env(preset="standard", players=4)
    game.reset(seed=1)
    before = game.table.state.position()
    mask = game.observe(game.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match="legal now"):
        game.step(illegal)
    assert game.table.state.position() == before


@pytest.mark.parametrize("preset", ["standard", "killer", "seven27"])
def test_render_test_passes(preset: str) -> None:
    render_test(functools.partial(raw_env, preset=preset, players=3))


def test_envs_pickle_mid_game_and_play_on_the_same() -> None:
    game = env(preset="joker", players=4)
    game.reset(seed=5)
    for _ in range(6):
        obs = game.observe(game.agent_selection)
        game.step(int(np.flatnonzero(obs["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(game))
    for each in (game, copy):
        obs = each.observe(each.agent_selection)
        each.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert copy.unwrapped.table.state == game.unwrapped.table.state
    assert copy.agent_selection == game.agent_selection


@pytest.mark.parametrize("action", [1.5, -1, 209, "3", np.float64(1.0)])
def test_what_is_not_an_action_number_is_refused_and_changes_nothing(action: Any) -> None:
    game = raw_env(preset="standard", players=4)
    game.reset(seed=1)
    before = game.table.state.position()
    with pytest.raises(RulesError, match=r"whole number|out of range"):
        game.step(action)
    assert game.table.state.position() == before
