"""The vectorized environment on the kernel (issue 31): its masks are the Python engine's legal actions, its
games are the engine's games, bad actions are refused, and auto-reset follows Gymnasium 1.x (NEXT_STEP)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

from gymnasium.vector import AutoresetMode, VectorEnv

from bench_scripts import load_bench_script
from sevens.agents.common.search import seat_points
from sevens.envs.encoding import action_space_for
from sevens.envs.vector import SevensVectorEnv, SevensVectorSelfPlayEnv
from sevens.errors import IllegalActionError, RulesError, SevensError, WrongTypeError
from sevens.games.shichinarabe import Rules, State
from sevens.kernel import UnsupportedRulesError

SPACE = action_space_for("shichinarabe")
heuristic_choice = load_bench_script("kernel_crosscheck").python_choice  # the Python policy's choice
SETTINGS = {
    "standard": None,
    "tunnel": None,
    "fan_tan": None,
    "english": None,
    "kids": None,
    "joker": ["jokers=2", "joker_exchange=optional"],
}


def positions_for_seat_0(rules: Rules, count: int, seed: int) -> list[State]:
    """Python positions with seat 0 to move, a random number of random actions into the round."""
    walk = np.random.default_rng(seed)
    found: list[State] = []
    game = 0
    while len(found) < count:
        state = State.new(rules, seed * 1000 + game)
        game += 1
        for _ in range(int(walk.integers(0, 60))):
            if state.is_over():
                break
            legal = state.legal_actions()
            state.apply(legal[int(walk.integers(len(legal)))])
        while not state.is_over() and state.to_move != 0:
            legal = state.legal_actions()
            state.apply(legal[int(walk.integers(len(legal)))])
        if not state.is_over():
            found.append(state)
    return found


def expected_observation(state: State, size: int) -> np.ndarray:
    n = state.players
    obs = np.zeros(size, dtype=np.uint8)
    for card in range(52):
        obs[card] = (state.hand(0) >> card) & 1
        obs[52 + card] = ((state.table & ~state.joker_positions) >> card) & 1
        obs[104 + card] = (state.joker_positions >> card) & 1
    for k in range(n):
        obs[156 + k] = bin(state.hand(k)).count("1") + state.jokers_in_hand(k)
        obs[156 + n + k] = state.passes_used(k)
        obs[156 + 2 * n + k] = ("in", "finished", "eliminated", "joker_stuck").index(state.status(k))
    obs[156 + 3 * n] = state.jokers_in_hand(0)
    obs[157 + 3 * n] = state.pass_streak
    return obs


@pytest.mark.parametrize("preset", list(SETTINGS))
def test_masks_and_observations_are_the_python_engines_for_the_same_positions(preset: str) -> None:
    env = SevensVectorEnv(num_envs=150, preset=preset, settings=SETTINGS[preset], opponents="random")
    states = positions_for_seat_0(env.rules, 150, seed=len(preset))
    obs, infos = env.reset(seed=3, options={"states": states})
    for g, state in enumerate(states):
        assert infos["action_mask"][g].tolist() == SPACE.mask(state.legal_actions()).tolist(), f"{preset} {g}"
        assert obs[g].tolist() == expected_observation(state, obs.shape[1]).tolist(), f"{preset} {g}"
    assert (env.action_masks() == infos["action_mask"]).all()


@pytest.mark.parametrize("preset", ["standard", "joker", "tunnel"])
def test_games_against_the_deterministic_heuristic_follow_the_python_engine_to_their_e2_points(preset: str) -> None:
    """The learner plays random legal actions; Python plays the same and the opponents' policy beside it: every
    mask, every end and every reward agree; the finished games are dealt anew on the next step."""
    games = 40
    env = SevensVectorEnv(num_envs=games, preset=preset, settings=SETTINGS[preset], opponents="heuristic")
    states = [State.new(env.rules, seed) for seed in range(games)]
    for state in states:
        while state.to_move not in (0, None):
            state.apply(state.legal_actions()[heuristic_choice(state)])
    assert all(not s.is_over() for s in states)
    _, infos = env.reset(seed=1, options={"states": [s.clone() for s in states]})
    walk = np.random.default_rng(7)
    done = np.zeros(games, dtype=bool)
    just_ended = np.zeros(games, dtype=bool)
    while not done.all():
        for g in np.flatnonzero(~done):
            assert infos["action_mask"][g].tolist() == SPACE.mask(states[g].legal_actions()).tolist()
        actions = np.array([walk.choice(np.flatnonzero(m)) if m.any() else 0 for m in infos["action_mask"]])
        was_done = done.copy()
        _, rewards, terminations, truncations, infos = env.step(actions)
        assert not truncations.any()
        for g in np.flatnonzero(~was_done):
            state = states[g]
            state.apply(SPACE.action(int(actions[g])))
            while state.to_move not in (0, None):
                state.apply(state.legal_actions()[heuristic_choice(state)])
            assert bool(terminations[g]) == state.is_over()
            if state.is_over():
                assert rewards[g] == seat_points(state.result(), 0)
                assert np.flatnonzero(infos["action_mask"][g]).tolist() == [208]  # the last one: its action ignored
                done[g] = True
            else:
                assert rewards[g] == 0
        for g in np.flatnonzero(just_ended):  # NEXT_STEP: a new game, reward 0, the learner to move
            assert rewards[g] == 0 and not terminations[g] and infos["action_mask"][g].any()
        just_ended = done & ~was_done


def test_auto_reset_ignores_the_finished_games_action_and_deals_anew() -> None:
    env = SevensVectorEnv(num_envs=64, opponents="random")
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP and isinstance(env, VectorEnv)
    obs, infos = env.reset(seed=11)
    finished = np.zeros(64, dtype=bool)
    while not finished.any():
        obs, rewards, finished, _, infos = env.step(infos["action_mask"].argmax(axis=1))
    assert set(rewards[finished].tolist()) <= {10.0, 5.0, 2.0, 0.0, -5.0, -10.0}
    assert (infos["action_mask"][finished].sum(axis=1) == 1).all() and infos["action_mask"][finished, 208].all()
    actions = infos["action_mask"].argmax(axis=1)
    actions[finished] = 999  # ignored: that game is being dealt again
    obs, rewards, terminations, _, infos = env.step(actions)
    assert (rewards[finished] == 0).all() and not terminations[finished].any()
    assert infos["action_mask"][finished].any(axis=1).all()
    assert (obs[finished, :52].sum(axis=1) > 0).all()  # a new hand
    assert env.observation_space.contains(obs)


def test_the_same_seed_deals_the_same_games_and_another_seed_others() -> None:
    def run(seed: int) -> list[np.ndarray]:
        env = SevensVectorEnv(num_envs=32, opponents="heuristic", noise=0.5)
        obs, infos = env.reset(seed=seed)
        seen = [obs]
        for _ in range(30):
            obs, _, _, _, infos = env.step(infos["action_mask"].argmax(axis=1))
            seen.append(obs)
        return seen

    first, again, other = run(5), run(5), run(6)
    assert all((a == b).all() for a, b in zip(first, again, strict=True))
    assert any((a != b).any() for a, b in zip(first, other, strict=True))


def test_a_game_is_never_over_before_the_learners_first_action() -> None:
    """pass_limit=0 eliminates a seat with no play at its first turn: such deals are dealt again."""
    env = SevensVectorEnv(num_envs=2000, settings=["pass_limit=0"], opponents="random")
    _, infos = env.reset(seed=2)
    assert infos["action_mask"].any(axis=1).all()


def test_bad_actions_are_refused_naming_the_game_and_what_is_allowed_and_change_nothing() -> None:
    env = SevensVectorEnv(num_envs=4, opponents="random")
    obs, infos = env.reset(seed=4)
    mask = infos["action_mask"]
    good = mask.argmax(axis=1)
    illegal = good.copy()
    illegal[2] = int(np.flatnonzero(mask[2] == 0)[0])
    allowed = str(np.flatnonzero(mask[2]).tolist()).replace("[", r"\[").replace("]", r"\]")
    with pytest.raises(IllegalActionError, match=rf"game 2: action {illegal[2]} is not legal now; allowed: {allowed}"):
        env.step(illegal)
    out_of_range = good.copy()
    out_of_range[1] = 209
    with pytest.raises(IllegalActionError, match="game 1: action 209 is out of range; allowed: 0 to 208"):
        env.step(out_of_range)
    with pytest.raises(WrongTypeError, match="actions must be integers"):
        env.step(good + 0.9)
    with pytest.raises(SevensError, match=r"one entry per game \(4\)"):
        env.step(good[:2])
    assert (env.action_masks() == mask).all()
    again, *_ = env.step(good)  # the refused calls changed nothing: the good actions still play
    assert again.shape == obs.shape


def test_what_the_kernel_cannot_play_is_refused() -> None:
    with pytest.raises(UnsupportedRulesError, match="七並べ"):
        SevensVectorEnv(num_envs=2, preset="killer")
    with pytest.raises(RulesError, match="allowed: random, heuristic"):
        SevensVectorEnv(num_envs=2, opponents="search")
    with pytest.raises(RulesError, match="allowed: 0 to 3"):
        SevensVectorEnv(num_envs=2, seat=4)
    with pytest.raises(SevensError, match="num_envs"):
        SevensVectorEnv(num_envs=0)
    with pytest.raises(SevensError, match="reset"):
        SevensVectorEnv(num_envs=2).step(np.zeros(2, dtype=np.int64))


def test_a_large_batch_is_stepped_across_threads_with_the_same_games() -> None:
    """Above the parallel threshold the games are the same as stepped one by one on one thread."""
    import numba

    most = numba.config.NUMBA_NUM_THREADS
    runs = []
    try:
        for threads in (1, most):
            numba.set_num_threads(threads)
            env = SevensVectorEnv(num_envs=1500, opponents="heuristic", noise=0.3)
            obs, infos = env.reset(seed=9)
            for _ in range(20):
                obs, rewards, _, _, infos = env.step(infos["action_mask"].argmax(axis=1))
            runs.append((obs, rewards))
    finally:
        numba.set_num_threads(most)
    assert (runs[0][0] == runs[1][0]).all() and (runs[0][1] == runs[1][1]).all()


@pytest.mark.parametrize("preset", ["standard", "joker", "english"])
def test_self_play_games_are_the_python_engines_seat_by_seat_to_every_seats_points(preset: str) -> None:
    """Every seat is the caller's: the same actions given to Python states give the same seat to move, the same
    masks, and at the end every seat's E2 points; the next step deals a new game (NEXT_STEP)."""
    games = 30
    env = SevensVectorSelfPlayEnv(num_envs=games, preset=preset, settings=SETTINGS.get(preset))
    states = [State.new(env.rules, seed) for seed in range(games)]
    _, infos = env.reset(seed=1, options={"states": [s.clone() for s in states]})
    walk = np.random.default_rng(3)
    done = np.zeros(games, dtype=bool)
    just_ended = np.zeros(games, dtype=bool)
    while not done.all():
        for g in np.flatnonzero(~done):
            assert infos["seat"][g] == states[g].to_move
            assert infos["action_mask"][g].tolist() == SPACE.mask(states[g].legal_actions()).tolist()
        actions = np.array([walk.choice(np.flatnonzero(m)) if m.any() else 0 for m in infos["action_mask"]])
        was_done = done.copy()
        movers = infos["seat"]
        _, rewards, terminations, _, infos = env.step(actions)
        assert rewards.shape == (games,)
        seat_rewards = infos["seat_rewards"]
        for g in np.flatnonzero(~was_done):
            states[g].apply(SPACE.action(int(actions[g])))
            assert bool(terminations[g]) == states[g].is_over()
            if states[g].is_over():
                result = states[g].result()
                assert seat_rewards[g].tolist() == [seat_points(result, s) for s in range(env.rules.players)]
                assert rewards[g] == seat_points(result, int(movers[g]))  # the seat whose action ended it
                done[g] = True
            else:
                assert not seat_rewards[g].any() and rewards[g] == 0
        for g in np.flatnonzero(just_ended):
            assert not seat_rewards[g].any() and rewards[g] == 0 and not terminations[g]
            assert infos["action_mask"][g].any()
        just_ended = done & ~was_done


def test_a_pickled_env_carries_on_with_the_same_games() -> None:
    """Picklable (issue 31), generator included: the copy and the original step to the same observations."""
    import pickle

    for env in (SevensVectorEnv(num_envs=16, opponents="heuristic", noise=0.4), SevensVectorSelfPlayEnv(num_envs=16)):
        _, infos = env.reset(seed=8)
        copy = pickle.loads(pickle.dumps(env))
        for _ in range(20):
            actions = infos["action_mask"].argmax(axis=1)
            obs, rewards, *_, infos = env.step(actions)
            again, rewards_again, *_ = copy.step(actions)
            assert (obs == again).all() and (rewards == rewards_again).all()
