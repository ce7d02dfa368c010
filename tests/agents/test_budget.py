"""Budgets that mean the same on any machine (issue 30 part 1) and the deterministic form of the searching agents
(issue 31 part 2). The clock tests inject their clocks, except the one that proves another busy thread's time
does not count, which waits on an event (no sleep) while that thread burns its own CPU time."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, cast

import pytest

from sevens.agents.base import Agent, make_agent
from sevens.agents.common.montecarlo import WALL_FACTOR, Budget, BudgetedAgent, sample_chunks
from sevens.agents.shichinarabe import kernel as compiled
from sevens.agents.shichinarabe.search import KERNEL_JOKER_SAMPLES_PER_SECOND
from sevens.games.killer import Rules as KillerRules
from sevens.games.killer import State as KillerState
from sevens.games.seven27 import Rules as Seven27Rules
from sevens.games.seven27 import State as Seven27State
from sevens.games.shichinarabe import Rules, State

from .common import Playable, play_out


class Ticks:
    """A clock that reads the values it is given, one per reading."""

    def __init__(self, *values: float) -> None:
        self.values, self.reads = list(values), 0

    def __call__(self) -> float:
        self.reads += 1
        return self.values.pop(0)


def test_a_time_budget_is_counted_on_the_threads_cpu_clock_with_a_wall_ceiling() -> None:
    deadline = Budget(think_ms=100).start()
    assert deadline.cpu is time.thread_time and deadline.wall is time.perf_counter
    assert WALL_FACTOR == 3.0
    # CPU time: 0.05 s used, then 0.1 s; the wall clock stays well inside its 0.3 s ceiling
    cpu, wall = Ticks(10.0, 10.05, 10.1), Ticks(0.0, 0.2)
    deadline = Budget(think_ms=100).start(cpu, wall)
    assert not deadline.passed()
    assert deadline.passed()
    # a starved thread (no CPU time at all) still stops at the ceiling: 3 x 100 ms of wall clock
    cpu, wall = Ticks(0.0, 0.0, 0.0), Ticks(5.0, 5.29, 5.3)
    deadline = Budget(think_ms=100).start(cpu, wall)
    assert not deadline.passed()
    assert deadline.passed()


def test_another_busy_thread_does_not_spend_the_budget() -> None:
    # the thread's real CPU clock; a wall clock that stands still (a loaded machine may take any time to give the
    # other thread its 100 ms: the wall ceiling is not what this test is about)
    deadline = Budget(think_ms=20).start(wall=lambda: 0.0)
    assert deadline.cpu is time.thread_time
    wall_start = time.perf_counter()
    done = threading.Event()

    def burn() -> None:  # 100 ms of this thread's own CPU time, five budgets' worth
        start = time.thread_time()
        while time.thread_time() - start < 0.1:
            pass
        done.set()

    threading.Thread(target=burn).start()
    assert done.wait(timeout=60)
    assert time.perf_counter() - wall_start >= 0.1  # a wall-clock budget of 20 ms would be long spent
    assert not deadline.passed()


def test_a_fixed_budget_never_reads_a_clock() -> None:
    def no_clock() -> float:
        raise AssertionError("a sample budget must not depend on time")

    rows = sample_chunks(lambda size: [[0.0, 1.0]] * size, Budget(samples=37), 16, None, no_clock, no_clock)
    assert len(rows) == 37


def test_bad_budgets_are_refused_saying_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="samples=0 must be at least 1"):
        Budget(samples=0)
    with pytest.raises(ValueError, match="think_ms=0 must be more than 0"):
        Budget(think_ms=0)
    with pytest.raises(ValueError, match=r"wall_factor=0\.5 must be at least 1"):
        Budget(wall_factor=0.5)
    with pytest.raises(ValueError, match=r"patience=0\.5 must be at least 1 \(the wall-clock ceiling / think_ms\)"):
        Budget(samples=10, patience=0.5)
    # the bounds themselves are allowed: a wall ceiling of think_ms itself, a patience of one think_ms, none
    assert Budget(wall_factor=1.0).wall_factor == 1.0
    assert Budget(samples=10, patience=1.0).patience == 1.0
    assert Budget(samples=10, patience=None).patience is None


@pytest.mark.parametrize(
    ("family", "state", "samples"),
    [
        ("shichinarabe", lambda: State.new(Rules(players=3), 5), None),
        ("killer", lambda: KillerState.new(KillerRules(players=3), 5), 8),  # its default costs seconds a game
        ("seven27", lambda: Seven27State.new(Seven27Rules(players=3), 5), None),
    ],
)
def test_deterministic_agents_repeat_their_games(
    family: str, state: Callable[[], Playable], samples: int | None
) -> None:
    games = []
    for _ in range(2):
        names = ("expert", "normal", "hard")
        agents = [make_agent(name, family, deterministic=True, samples=samples) for name in names]
        searching = [a for a in agents if isinstance(a, BudgetedAgent)]
        assert searching and all(a.budget.samples and a.budget.settle for a in searching)
        new = state()
        games.append(play_out(new, agents, 7).position())
    assert games[0] == games[1]


def test_the_deterministic_budget_matches_the_clock_and_can_be_chosen() -> None:
    expert = make_agent("expert", "shichinarabe", deterministic=True)
    assert isinstance(expert, BudgetedAgent)
    assert expert.budget.samples == expert.deterministic_samples >= 100
    chosen = make_agent("expert", "killer", samples=12)
    assert isinstance(chosen, BudgetedAgent) and chosen.budget == Budget(450.0, 12, WALL_FACTOR, settle=True)
    assert cast(BudgetedAgent, make_agent("expert", "killer")).budget == Budget(450.0)


class SamplesSeen:
    """Wraps a searching agent and keeps the most samples any of its decisions used."""

    needs_view = True

    def __init__(self, agent: BudgetedAgent) -> None:
        self.agent, self.name, self.most = agent, "spy", 0

    def reset(self, seat: int, seed: int) -> None:
        cast(Agent, self.agent).reset(seat, seed)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        self.agent.last_samples = 0
        action = cast(Agent, self.agent).act(view, legal)
        self.most = max(self.most, self.agent.last_samples)
        return action


def test_a_matched_budget_follows_the_rules_speed() -> None:
    """In ``joker`` the reading of past choices runs in Python, so 300 ms of CPU buys fewer samples there: a
    room's expert (deterministic, matched budget) takes that many, and thinks about as long as on the clock (it
    took 2,400 samples, 988 ms a move and 2.9 s at p95, before)."""
    expert = cast(BudgetedAgent, make_agent("expert", "shichinarabe", deterministic=True))
    joker, standard = Rules.preset("joker"), Rules.preset("standard")
    assert expert.decision_budget(standard).samples == expert.deterministic_samples
    matched = round(KERNEL_JOKER_SAMPLES_PER_SECOND * expert.think_ms / 1000) if compiled.available() else None
    assert expert.decision_budget(joker).samples == (matched or expert.deterministic_samples)
    if compiled.available():
        assert matched is not None and matched < expert.deterministic_samples / 3
    chosen = cast(BudgetedAgent, make_agent("expert", "shichinarabe", samples=40))
    assert chosen.decision_budget(joker) == chosen.budget  # a number asked for stays that number
    # The expert's first three real decisions of a joker game (each a full matched search: a whole game of them
    # took 50 s of a loaded CI machine, and every decision reads the same budget)
    spy, state, asked = SamplesSeen(expert), State.new(joker.replace(players=3), 5), 0
    spy.reset(0, 5)
    while asked < 3 and (mover := state.to_move) is not None:
        legal = state.legal_actions()
        if mover == 0 and len(legal) > 1:
            action, asked = spy.act(state.view(0), legal), asked + 1
            assert action in legal
        else:
            action = legal[0]
        state.apply(action)
    assert asked == 3 and 0 < spy.most <= (matched or expert.deterministic_samples)


def test_the_deterministic_form_keeps_the_agents_wall_ceiling_and_takes_its_patience() -> None:
    agent = BudgetedAgent(think_ms=200.0, rollouts=None)
    agent.budget = Budget(200.0, wall_factor=5.0)  # a person's wait set wider than the default
    agent.make_deterministic(samples=40, patience=4.0)
    assert agent.budget == Budget(200.0, 40, wall_factor=5.0, settle=True, patience=4.0)
    # the patience ceiling is then the one clock the samples read: 4 x 200 ms of wall clock, to the millisecond
    cpu, wall = Ticks(0.0, 0.0, 0.0), Ticks(1.0, 1.7995, 1.8)
    deadline = agent.budget.start(cpu, wall)
    assert not deadline.passed()
    assert deadline.passed()


def test_a_time_budget_ends_at_think_ms_and_its_ceiling_to_the_tenth_of_a_millisecond() -> None:
    # 100 ms of CPU: not passed at 99.95 ms, passed at 100 ms
    deadline = Budget(think_ms=100).start(Ticks(0.0, 0.09995, 0.1), lambda: 0.0)
    assert not deadline.passed()
    assert deadline.passed()
    # the wall ceiling, 3 x 100 ms, the same way (the CPU clock standing still)
    deadline = Budget(think_ms=100).start(lambda: 0.0, Ticks(0.0, 0.29995, 0.3))
    assert not deadline.passed()
    assert deadline.passed()


def test_a_search_takes_one_rollout_and_refuses_none() -> None:
    assert BudgetedAgent(think_ms=300.0, rollouts=1).budget == Budget(300.0, 1)
    assert BudgetedAgent(think_ms=300.0, rollouts=None).last_samples == 0  # nothing measured before a decision
    with pytest.raises(ValueError, match=r"rollouts=0 must be at least 1 \(or None for a time budget\)"):
        BudgetedAgent(think_ms=300.0, rollouts=0)
