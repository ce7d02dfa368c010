"""``sevens bench --env`` underneath (:mod:`sevens.envs.bench`): each env's runner plays what it says with the
rules it is given and counts exactly the steps it took, and the timing loop's arithmetic, on a fake clock (the
command-line tests in test_vector_bench.py only see that the figures are positive)."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

from sevens.agents.base import RandomAgent
from sevens.envs import bench
from sevens.envs.table import make_rules
from sevens.errors import RulesError

PRESET, PLAYERS, SETTINGS = "tunnel", 3, ["pass_limit=1"]  # not the default preset, players or settings
RULES = make_rules(PRESET, PLAYERS, SETTINGS)[1]


def _runner(name: str, num_envs: int = 8) -> bench.Runner:
    return bench._RUNNERS[name](PRESET, PLAYERS, SETTINGS, num_envs, "random")


def test_the_vector_runner_steps_its_rules_ten_times_per_call_and_counts_every_games_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sevens.envs.vector as vector

    made: list[Any] = []

    class Spy(vector.SevensVectorEnv):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.seeds: list[int | None] = []
            self.steps = 0
            made.append(self)

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
            self.seeds.append(seed)
            return super().reset(seed=seed, options=options)

        def step(self, actions: Any) -> Any:
            self.steps += 1
            return super().step(actions)

    monkeypatch.setattr(vector, "SevensVectorEnv", Spy)
    run = _runner("vector", num_envs=8)
    (env,) = made
    assert env.rules == RULES and env.opponents == "random" and env.num_envs == 8
    assert env.copy is True  # fresh arrays each step: the cost a caller that keeps them pays
    assert env.seeds == [0]
    assert run() == 10 * 8 and env.steps == 10
    assert run() == 10 * 8 and env.steps == 20


def test_the_gymnasium_runner_plays_one_whole_episode_per_call_from_a_new_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    import sevens.envs.gymnasium as gym_env

    made: list[Any] = []

    class Spy(gym_env.SevensEnv):
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.seeds: list[int | None] = []
            self.steps = 0
            made.append(self)

        def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
            self.seeds.append(seed)
            return super().reset(seed=seed, options=options)

        def step(self, action: Any) -> Any:
            self.steps += 1
            return super().step(action)

    monkeypatch.setattr(gym_env, "SevensEnv", Spy)
    run = _runner("gymnasium")
    (env,) = made
    assert env.table.rules == RULES
    assert all(isinstance(agent, RandomAgent) for agent in env.opponents.values())
    counts = []
    for episode in range(3):
        before = env.steps
        counts.append(run())
        assert counts[-1] == env.steps - before > 0
        assert env.table.state.is_over()  # the whole episode, to its end
        assert len(env.seeds) == episode + 1
    assert all(seed is not None for seed in env.seeds) and len(set(env.seeds)) == 3  # a new seeded game each call
    again = _runner("gymnasium")
    assert [again() for _ in range(3)] == counts  # and the same sequence of games in every run


def test_the_pettingzoo_runner_counts_every_live_action_of_one_seeded_game_per_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("pettingzoo")
    import sevens.envs.pettingzoo as pz

    made: list[Any] = []

    class Spy(pz.SevensAEC):
        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.seeds: list[int | None] = []
            self.live = 0
            made.append(self)

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            self.seeds.append(seed)
            super().reset(seed=seed, options=options)

        def step(self, action: int | None) -> None:
            self.live += action is not None
            super().step(action)

    monkeypatch.setattr(pz, "env", lambda **kwargs: Spy(**kwargs))
    run = _runner("pettingzoo")
    (env,) = made
    assert env.table.rules == RULES
    counts = []
    for _ in range(3):
        before = env.live
        counts.append(run())
        assert counts[-1] == env.live - before > 0 and env.table.state.is_over()
    assert all(seed is not None for seed in env.seeds) and len(set(env.seeds)) == 3
    again = _runner("pettingzoo")
    assert [again() for _ in range(3)] == counts


def test_aec_episode_plays_from_its_seed_and_counts_the_live_actions_only() -> None:
    pytest.importorskip("pettingzoo")
    from sevens.envs.pettingzoo import env as make_env

    chosen: list[int] = []

    def first(legal: Any) -> int:
        chosen.append(int(legal[0]))
        return int(legal[0])

    game = make_env(preset=PRESET, players=PLAYERS, settings=SETTINGS)
    actions = bench.aec_episode(game, 11, first)
    assert actions == len(chosen) > 0 and game.table.state.is_over()
    replay = make_env(preset=PRESET, players=PLAYERS, settings=SETTINGS)
    replay.reset(seed=11)
    for number in chosen:  # the same deal: the same first legal actions, in the same order
        replay.step(number)
    assert replay.table.state.is_over() and replay.table.state.position() == game.table.state.position()


class _CountingState:
    """An OpenSpiel state that counts the actions applied to it, chance outcomes apart."""

    def __init__(self, state: Any, log: dict[str, list[int]]) -> None:
        self._state, self._log = state, log

    def apply_action(self, action: int) -> None:
        self._log["chance" if self._state.is_chance_node() else "player"].append(action)
        self._state.apply_action(action)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)


def test_the_openspiel_runner_deals_by_chance_and_counts_the_players_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pyspiel")
    import sevens.envs.openspiel as spiel

    loaded: list[Any] = []
    logs: list[dict[str, list[int]]] = []
    real = spiel.load_for_rules

    def spy(rules: Any) -> Any:
        loaded.append(rules)
        game = real(rules)

        def new_initial_state() -> _CountingState:
            logs.append({"chance": [], "player": []})
            return _CountingState(game.new_initial_state(), logs[-1])

        return SimpleNamespace(new_initial_state=new_initial_state)

    monkeypatch.setattr(spiel, "load_for_rules", spy)
    run = _runner("openspiel")
    assert loaded == [RULES]
    counts = [run(), run()]
    assert counts == [len(log["player"]) for log in logs] and min(counts) > 0
    assert all(len(log["chance"]) > 0 for log in logs) and logs[0]["chance"] != logs[1]["chance"]  # a new deal
    again = _runner("openspiel")
    assert [again(), again()] == counts and logs[2:] == logs[:2]  # the draws are seeded: the same games


class _FakeClock:
    """``perf_counter`` moving ``wall`` s and ``process_time`` ``cpu`` s per reading, from 100 s and 50 s: the
    loop's arithmetic without the wall clock."""

    def __init__(self, wall: float = 1.0, cpu: float = 0.25) -> None:
        self.wall, self.cpu = 100.0, 50.0
        self.wall_step, self.cpu_step = wall, cpu

    def perf_counter(self) -> float:
        self.wall += self.wall_step
        return self.wall

    def process_time(self) -> float:
        self.cpu += self.cpu_step
        return self.cpu


def _fake_runner(calls: list[tuple[Any, ...]], per_call: int = 7) -> Callable[..., bench.Runner]:
    def factory(*args: Any) -> bench.Runner:
        calls.append(args)

        def run() -> int:
            calls.append(("run",))
            return per_call

        return run

    return factory


def test_bench_env_times_whole_runner_calls_after_an_untimed_warm_up(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setitem(bench._RUNNERS, "gymnasium", _fake_runner(calls))
    monkeypatch.setattr(bench, "time", _FakeClock())
    report = bench.bench_env("gymnasium", players=PLAYERS, settings=SETTINGS, num_envs=5, opponents="random")
    assert calls[0] == ("standard", PLAYERS, SETTINGS, 5, "random")  # the default preset
    # readings 101 (start), 102 and 103 (< 3 s: run), 104 (not < 3 s: stop), 105 (the end): 2 timed calls
    assert calls[1:] == [("run",)] * 3  # the warm-up and the two timed calls
    assert report == {
        "env": "gymnasium", "counts": "learner steps", "steps": 14, "seconds": 4.0, "cpu_seconds": 0.25,
        "steps_per_second": 3.5, "steps_per_cpu_second": 56.0, "opponents": "random",
    }  # fmt: skip


def test_bench_env_with_no_time_still_times_one_call_and_reports_vectors_games(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setitem(bench._RUNNERS, "vector", _fake_runner(calls, per_call=40))
    monkeypatch.setattr(bench, "time", _FakeClock())
    report = bench.bench_env("vector", seconds=0.0, num_envs=4)
    assert calls == [("standard", None, None, 4, "heuristic"), ("run",), ("run",)]
    assert report["steps"] == 40 and report["seconds"] == 3.0 and report["num_envs"] == 4
    assert report["counts"] == "learner steps" and report["opponents"] == "heuristic"


@pytest.mark.parametrize(("players", "settings"), [(99, None), (None, ["pass_limit=many"])])
def test_bad_rules_are_refused_before_any_runner_is_built(
    monkeypatch: pytest.MonkeyPatch, players: int | None, settings: list[str] | None
) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setitem(bench._RUNNERS, "pettingzoo", _fake_runner(calls))
    with pytest.raises(RulesError):
        bench.bench_env("pettingzoo", players=players, settings=settings, seconds=0.0)
    assert calls == []


def test_bench_env_rounds_times_to_the_millisecond_and_rates_to_a_tenth_and_names_opponents_only_where_they_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setitem(bench._RUNNERS, "pettingzoo", _fake_runner(calls))
    monkeypatch.setattr(bench, "time", _FakeClock(wall=1.2345678, cpu=0.2468))
    report = bench.bench_env("pettingzoo")
    # two timed calls (1.23 s and 2.47 s in, not 3.70 s), 14 actions over 4 readings' time and one CPU reading's
    assert report == {
        "env": "pettingzoo", "counts": "actions", "steps": 14, "seconds": 4.938, "cpu_seconds": 0.247,
        "steps_per_second": 2.8, "steps_per_cpu_second": 56.7,
    }  # fmt: skip
