"""The vector envs' details the game-level tests do not reach (mutation survivors, issue 43): SAME_STEP's
``final_obs`` / ``final_info`` exactly as Gymnasium's ``SyncVectorEnv`` lays them out, against a NEXT_STEP env
playing the same games; the self-play form's rules, arrays and refusals of finished positions."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

from gymnasium.vector import AutoresetMode

from sevens.envs.table import make_rules
from sevens.envs.vector import SevensVectorEnv, SevensVectorSelfPlayEnv
from sevens.errors import RulesError, SevensError
from sevens.games.shichinarabe import State

GAMES = 10


def by_observation(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """A legal action chosen from each game's own observation only, so two envs playing the same games in a
    different step order still choose the same actions."""
    weights = np.arange(obs.shape[1], dtype=np.int64)
    return np.array(
        [np.flatnonzero(m)[int(o.astype(np.int64) @ weights) % int(m.sum())] for o, m in zip(obs, masks, strict=True)]
    )


def test_same_step_ends_are_laid_out_as_gymnasiums_and_are_the_next_step_envs_ends() -> None:
    """Random opponents (the policy the kernel is told to play) in both envs; per game: every decision, then each
    end's last observation, last mask (the pass alone) and reward."""
    streams: dict[str, list[list[tuple[bytes, ...]]]] = {
        "same": [[] for _ in range(GAMES)],
        "next": [[] for _ in range(GAMES)],
    }
    same = SevensVectorEnv(num_envs=GAMES, players=3, opponents="random", autoreset_mode=AutoresetMode.SAME_STEP)
    obs, infos = same.reset(seed=13)
    checked_ends = 0
    for _ in range(100):
        masks = infos["action_mask"]
        for g in range(GAMES):
            streams["same"][g].append((obs[g].tobytes(), masks[g].tobytes()))
        obs, rewards, ended, _, infos = same.step(by_observation(obs, masks))
        if not ended.any():
            assert "final_obs" not in infos
            continue
        final = infos["final_info"]
        for flags in (infos["_final_obs"], infos["_final_info"], final["_action_mask"]):
            assert flags.dtype == np.bool_ and flags.tolist() == ended.tolist()
        assert final["action_mask"].dtype == np.int8 and final["action_mask"].shape == (GAMES, 209)
        assert not final["action_mask"][~ended].any()  # only the ended games' rows are filled
        assert infos["final_obs"].dtype == object
        for g in range(GAMES):
            if ended[g]:
                last = (infos["final_obs"][g].tobytes(), final["action_mask"][g].tobytes(), rewards[g].tobytes())
                streams["same"][g].append(last)
                checked_ends += 1
            else:
                assert infos["final_obs"][g] is None
    assert checked_ends > GAMES
    reference = SevensVectorEnv(num_envs=GAMES, players=3, opponents="random")
    obs, infos = reference.reset(seed=13)
    ended = np.zeros(GAMES, dtype=bool)
    for _ in range(140):
        masks = infos["action_mask"]
        for k in np.flatnonzero(~ended):
            streams["next"][k].append((obs[k].tobytes(), masks[k].tobytes()))
        obs, rewards, ended, _, infos = reference.step(by_observation(obs, masks))
        for k in np.flatnonzero(ended):
            streams["next"][k].append((obs[k].tobytes(), infos["action_mask"][k].tobytes(), rewards[k].tobytes()))
    for g in range(GAMES):
        assert streams["next"][g][: len(streams["same"][g])] == streams["same"][g]


def test_the_self_play_env_takes_its_rules_and_returns_fresh_arrays_unless_told_not_to() -> None:
    env = SevensVectorSelfPlayEnv(num_envs=3, preset="standard", players=3, settings=["pass_limit=1"])
    assert env.rules == make_rules("standard", 3, ["pass_limit=1"])[1]
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert SevensVectorSelfPlayEnv().num_envs == 1024  # the default, as the learner's env
    obs, infos = env.reset(seed=4)
    kept = obs.copy()
    env.step(infos["action_mask"].argmax(axis=1))
    assert (obs == kept).all()  # copy=True (the default): what a step returned is not overwritten
    assert infos["seat_rewards"].dtype == np.float32  # as the rewards
    shared = SevensVectorSelfPlayEnv(num_envs=3, players=3, copy=False)
    obs, infos = shared.reset(seed=4)
    mask = infos["action_mask"]
    after, *_, infos_after = shared.step(mask.argmax(axis=1))
    assert after is obs and infos_after["action_mask"] is mask  # copy=False: the env's own buffers


def test_the_self_play_env_refuses_finished_positions_naming_the_first_and_deals_anew() -> None:
    env = SevensVectorSelfPlayEnv(num_envs=3, players=3)
    rules = env.rules
    live = [State.new(rules, seed) for seed in range(3)]
    over = State.new(rules, 9)
    while not over.is_over():
        over.apply(over.legal_actions()[0])
    env.reset(seed=2)
    with pytest.raises(SevensError, match=r"^state 1 is over; give positions with a seat to move$"):
        env.reset(seed=2, options={"states": [live[0], over.clone(), over.clone()]})
    # the half-loaded positions are dropped: the next step deals every game anew from the seed's draws, whatever
    # its actions, as reset(seed=2) deals them
    obs, rewards, terminations, _, infos = env.step(np.full(3, 208))
    fresh_obs, fresh_infos = SevensVectorSelfPlayEnv(num_envs=3, players=3).reset(seed=2)
    assert not terminations.any() and not rewards.any()
    assert (obs == fresh_obs).all() and (infos["action_mask"] == fresh_infos["action_mask"]).all()
    _, infos = env.reset(seed=2, options={"states": [s.clone() for s in live]})  # seats to move: loaded
    assert infos["seat"].tolist() == [s.to_move for s in live]


def test_refusals_carry_their_reason_and_a_step_before_reset_says_what_to_do() -> None:
    from sevens.errors import IllegalActionError

    env = SevensVectorEnv(num_envs=3, opponents="random")
    with pytest.raises(SevensError, match=r"^call reset\(\) before step\(\)$"):
        env.step(np.zeros(3, dtype=np.int64))
    _, infos = env.reset(seed=6)
    good = infos["action_mask"].argmax(axis=1)
    wrong = good.copy()
    wrong[0] = 209
    with pytest.raises(IllegalActionError) as out_of_range:
        env.step(wrong)
    wrong[0] = int(np.flatnonzero(infos["action_mask"][0] == 0)[0])
    with pytest.raises(IllegalActionError) as illegal:
        env.step(wrong)
    assert (out_of_range.value.reason, illegal.value.reason) == ("out_of_range", "illegal")


def test_a_large_self_play_batch_steps_across_threads_the_games_a_small_one_steps() -> None:
    """Game ``g`` is dealt from ``(seed, g)`` whatever the batch: the first games of 512 (stepped by the parallel
    loop) are the games of a batch of 16 (stepped on the calling thread), step by step, ends included."""
    large, small = SevensVectorSelfPlayEnv(num_envs=512, players=3), SevensVectorSelfPlayEnv(num_envs=16, players=3)
    obs_large, infos_large = large.reset(seed=5)
    obs_small, infos_small = small.reset(seed=5)
    ends = 0
    for _ in range(60):
        assert (obs_large[:16] == obs_small).all() and (infos_large["seat"][:16] == infos_small["seat"]).all()
        actions = by_observation(obs_large, infos_large["action_mask"])
        obs_large, rewards_large, ended_large, _, infos_large = large.step(actions)
        obs_small, rewards_small, ended_small, _, infos_small = small.step(actions[:16])
        assert (rewards_large[:16] == rewards_small).all() and (ended_large[:16] == ended_small).all()
        ends += int(ended_small.sum())
    assert ends > 0


def test_the_env_checks_its_arguments_and_takes_its_rules() -> None:
    assert SevensVectorEnv().num_envs == 1024
    assert SevensVectorEnv(num_envs=1).num_envs == 1
    for bad in (0, True, 1.5):
        with pytest.raises(SevensError, match=r"^num_envs must be a whole number of at least 1, got "):
            SevensVectorEnv(num_envs=bad)  # type: ignore[arg-type]
    env = SevensVectorEnv(num_envs=2, players=3, settings=["pass_limit=1"])
    assert env.rules == make_rules("standard", 3, ["pass_limit=1"])[1]
    env.reset(seed=(1 << 64) - 1)  # the largest seed
    for bad_seed in (-1, 1 << 64, True, 2.0):
        with pytest.raises(SevensError, match=r"^seed must be a whole number from 0 to 2\*\*64-1, got "):
            env.reset(seed=bad_seed)  # type: ignore[arg-type]


def test_a_reset_without_a_seed_after_a_seeded_one_deals_other_games() -> None:
    env = SevensVectorEnv(num_envs=4, opponents="random")
    seeded, _ = env.reset(seed=0)
    unseeded, _ = env.reset()
    assert not (seeded == unseeded).all()


def test_the_opponents_policy_plays_from_loaded_positions_and_after_each_step() -> None:
    """Positions where seat 1 is to move: the opponents play to the learner's turn as they were told (random
    opponents drawing, the heuristic not), then on each step."""
    rules = make_rules("standard", 4, None)[1]
    states = []
    for seed in range(24):
        state = State.new(rules, seed)
        while state.to_move != 1:
            state.apply(state.legal_actions()[0])
        states.append(state)
    runs = {}
    for opponents in ("random", "heuristic"):
        env = SevensVectorEnv(num_envs=24, opponents=opponents)
        obs, infos = env.reset(seed=3, options={"states": [s.clone() for s in states]})
        seen = [obs]
        for _ in range(5):
            obs, *_, infos = env.step(infos["action_mask"].argmax(axis=1))
            seen.append(obs)
        runs[opponents] = seen
    assert not (runs["random"][0] == runs["heuristic"][0]).all()  # after loading
    assert any(not (a == b).all() for a, b in zip(runs["random"][1:], runs["heuristic"][1:], strict=True))


def test_positions_are_refused_by_count_rules_and_a_learner_that_never_moves_and_then_dealt_anew() -> None:
    env = SevensVectorEnv(num_envs=3, opponents="random")
    rules = env.rules
    with pytest.raises(SevensError, match=r"^options\['states'\] must hold one state per game \(3\), got 2$"):
        env.reset(seed=1, options={"states": [State.new(rules, 0), State.new(rules, 1)]})
    other = make_rules("standard", 4, ["pass_limit=1"])[1]
    with pytest.raises(RulesError, match=r"^the states' rules standard,pass_limit=1 are not this env's standard$"):
        env.reset(seed=1, options={"states": [State.new(other, s) for s in range(3)]})
    over = State.new(rules, 9)
    while not over.is_over():
        over.apply(over.legal_actions()[0])
    live = [State.new(rules, 0)]
    while live[0].to_move != 0:
        live[0].apply(live[0].legal_actions()[0])
    env.reset(seed=2)
    with pytest.raises(SevensError, match=r"^state 1 ends before seat 0 moves; give positions it can play$"):
        env.reset(seed=2, options={"states": [live[0], over.clone(), over.clone()]})
    obs, rewards, terminations, _, infos = env.step(np.full(3, 208))  # every game dealt anew, actions ignored
    fresh_obs, fresh_infos = SevensVectorEnv(num_envs=3, opponents="random").reset(seed=2)
    assert not terminations.any() and not rewards.any()
    assert (obs == fresh_obs).all() and (infos["action_mask"] == fresh_infos["action_mask"]).all()


def test_without_copies_a_step_returns_the_envs_own_buffers() -> None:
    env = SevensVectorEnv(num_envs=2, opponents="random", copy=False)
    obs, infos = env.reset(seed=1)
    again, *_ = env.step(infos["action_mask"].argmax(axis=1))
    assert again is obs


def test_the_learner_seat_noise_autoreset_mode_and_weights_are_checked_and_the_spaces_declared() -> None:
    for seat in (True, 1.5, 4):
        with pytest.raises(RulesError, match=r"^seat .* is not a seat; allowed: 0 to 3$"):
            SevensVectorEnv(num_envs=2, seat=seat)  # type: ignore[arg-type]
    for noise in (-0.5, "0.1"):
        with pytest.raises(SevensError, match=r"^noise must be a number from 0, got "):
            SevensVectorEnv(num_envs=2, noise=noise)  # type: ignore[arg-type]
    modes = ", ".join(str(mode) for mode in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP))
    with pytest.raises(SevensError, match=rf"^autoreset_mode must be one of {modes}, got 'later'$"):
        SevensVectorEnv(num_envs=2, autoreset_mode="later")  # type: ignore[arg-type]
    with pytest.raises(SevensError, match=r"^weights must be a sevens.policy_weights.Weights, got dict$"):
        SevensVectorEnv(num_envs=2, weights={})  # type: ignore[arg-type]
    env = SevensVectorEnv(num_envs=5, players=3)
    assert env.single_observation_space.dtype == np.uint8 and env.single_observation_space.shape == (158 + 9,)
    assert env.action_space.shape == (5,) and env.observation_space.shape == (5, 158 + 9)
