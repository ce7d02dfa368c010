"""The Gymnasium single-agent environment: Gymnasium's env checker, registered ids, pickling, opponents as names,
agents or policies, reproducible search opponents, nothing hidden in ``info``, actions refused clearly, no episode
over before the learner's first step, and both render modes."""

from __future__ import annotations

import pickle
from typing import Any, cast

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from sevens.agents.base import make_agent  # noqa: E402
from sevens.agents.common.montecarlo import BudgetedAgent  # noqa: E402
from sevens.envs import GYMNASIUM_IDS  # noqa: E402
from sevens.envs.gymnasium import SevensEnv  # noqa: E402
from sevens.envs.policy import LinearPolicy  # noqa: E402
from sevens.errors import RulesError  # noqa: E402


@pytest.mark.parametrize(
    ("preset", "players", "opponents"),
    [("standard", 4, "heuristic"), ("joker", 2, "greedy"), ("killer", 3, "normal"), ("seven27", 4, "rule")],
)
def test_check_env_passes(preset: str, players: int, opponents: str) -> None:
    check_env(SevensEnv(preset=preset, players=players, opponents=opponents))


@pytest.mark.parametrize("env_id", list(GYMNASIUM_IDS))
def test_every_registered_id_makes_an_env_with_working_defaults(env_id: str) -> None:
    env = gymnasium.make(env_id)
    check_env(env.unwrapped)
    obs, _ = env.reset(seed=1)
    assert obs["action_mask"].any()
    assert gymnasium.make(env_id, players=3).unwrapped.table.players == 3


def test_seven_twenty_seven_works_with_its_own_defaults() -> None:
    env = SevensEnv(preset="seven27")
    assert {agent.name for agent in env.opponents.values()} == {"normal"}
    _play(env, 2)


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


def test_search_opponents_play_a_fixed_seeded_budget_so_a_seed_replays_the_game() -> None:
    envs = [SevensEnv(preset="standard", players=2, opponents="search") for _ in range(2)]
    searches = [cast(BudgetedAgent, agent) for agent in envs[0].opponents.values()]  # "search": budgeted agents
    assert all(agent.rollouts is not None for agent in searches)
    assert _play(envs[0], 4) == _play(envs[1], 4)
    assert envs[0].table.state.actions == envs[1].table.state.actions


def test_envs_pickle_before_and_during_a_game_and_play_on_the_same() -> None:
    env = SevensEnv(preset="killer", players=4, opponents="heuristic")
    pickle.loads(pickle.dumps(env))
    obs, _ = env.reset(seed=3)
    for _ in range(3):
        obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    copy = pickle.loads(pickle.dumps(env))
    number = int(np.flatnonzero(obs["action_mask"])[-1])
    mine, theirs = env.step(number), copy.step(number)
    assert np.array_equal(mine[0]["observation"], theirs[0]["observation"]) and mine[1:4] == theirs[1:4]
    assert copy.table.state == env.table.state


def test_info_holds_nothing_that_leads_to_hidden_cards() -> None:
    env = SevensEnv(preset="standard", players=4, opponents="random")
    _, info = env.reset(seed=1)
    assert info == {"skipped_deals": 0}
    _, _, _, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert set(info) == {"illegal_action"}


def test_opponents_can_be_agents_policies_and_frozen_snapshots_of_a_learner() -> None:
    probe = SevensEnv(preset="standard", players=4)
    snapshot = LinearPolicy.blank(probe.table.encoder.size, len(probe.table.space))
    snapshot.bias[:] = np.arange(len(probe.table.space))  # prefers the highest legal number

    def frozen(obs: dict[str, Any]) -> int:
        return snapshot.best(obs["observation"], obs["action_mask"])

    seen: list[dict[str, Any]] = []

    def recording(obs: dict[str, Any]) -> np.int64:
        seen.append(obs)
        return np.int64(np.flatnonzero(obs["action_mask"])[0])

    env = SevensEnv(preset="standard", players=4, opponents=[frozen, make_agent("heuristic"), recording])
    _play(env, 6)
    assert seen and all(o["observation"].shape == (env.table.encoder.size,) and o["action_mask"].any() for o in seen)
    with pytest.raises(RulesError, match="not an agent name, a sevens agent or a policy"):
        SevensEnv(opponents=[1, 2, 3])  # type: ignore[list-item]  # wrong on purpose: the error names what is allowed
    with pytest.raises(RulesError, match="unknown agent 'oracle'"):  # it would see every hand
        SevensEnv(opponents="oracle")


def test_a_policy_choosing_an_illegal_action_is_refused_clearly() -> None:
    env = SevensEnv(preset="standard", players=2, opponents=lambda obs: int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    with pytest.raises(RulesError, match=r"opponent policy chose .* not legal now"):
        for seed in range(5):
            _play(env, seed)


@pytest.mark.parametrize("action", [1.5, -1, 209, True, "3", np.float32(2.0), np.array([1, 2])])
def test_actions_that_are_not_action_numbers_are_refused_and_change_nothing(action: Any) -> None:
    env = SevensEnv(preset="standard", players=4, opponents="random")
    env.reset(seed=1)
    before = env.table.state.position()
    with pytest.raises(RulesError, match=r"whole number|out of range"):
        env.step(action)
    assert env.table.state.position() == before


def test_numpy_integers_are_action_numbers() -> None:
    env = SevensEnv(preset="standard", players=4, opponents="random")
    obs, _ = env.reset(seed=1)
    legal = np.flatnonzero(obs["action_mask"])
    _, _, _, _, info = env.step(np.array([legal[0]]))
    assert info["illegal_action"] is False


def test_an_illegal_number_plays_the_default_action_and_says_so() -> None:
    env = SevensEnv(preset="standard", players=4, opponents="random")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = len(env.table.state.actions)
    _, _, _, _, info = env.step(illegal)
    assert info["illegal_action"] is True
    assert len(env.table.state.actions) > before


def test_with_no_passes_allowed_every_episode_starts_with_a_move_of_the_learner() -> None:
    """pass_limit=0: a seat with no play at its turn is out; a deal that puts the learner out before its first
    turn is skipped, so every episode has a step and its reward."""
    env = SevensEnv(preset="standard", players=4, settings=["pass_limit=0"], opponents="random")
    skipped = 0
    for seed in range(300):
        obs, info = env.reset(seed=seed)
        skipped += info["skipped_deals"]
        assert obs["action_mask"].any() and env.table.state.to_move == env.seat
    assert skipped > 0
    reward, _ = _play(env, 0)
    assert reward in (10.0, 5.0, 2.0, -5.0, -10.0)


def test_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    ansi = SevensEnv(preset="standard", players=4, render_mode="ansi")
    ansi.reset(seed=1)
    text = ansi.render()
    assert isinstance(text, str) and "seat 0 to move" in text
    human = SevensEnv(preset="standard", players=4, render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert "seat 0 to move" in capsys.readouterr().out
    with pytest.raises(RulesError, match="render_mode 'rgb_array' is not offered"):
        SevensEnv(render_mode="rgb_array")


def test_unknown_opponents_and_seats_are_refused_clearly() -> None:
    with pytest.raises(RulesError, match=r"unknown agent 'nobody'.*allowed"):
        SevensEnv(opponents="nobody")
    with pytest.raises(RulesError, match="seat 4 is not a seat"):
        SevensEnv(players=4, seat=4)
    with pytest.raises(RulesError, match="2 opponents for 4 players"):
        SevensEnv(players=4, opponents=["random", "random"])
