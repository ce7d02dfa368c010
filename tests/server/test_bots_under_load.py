"""Issue 30: the computer players of a room are as strong on a loaded node as on an idle one. A room's bot
thinks in samples, not seconds, so the same decision under load is the same move after the same number of
samples; only the wait grows, up to the patience ceiling.

Load is played by the clocks a decision reads (:attr:`BudgetedAgent.clocks`), not by burning the machine's
cores: a real busy machine only makes the wall clock run faster against the work done, and how much faster
depends on everything else the machine is doing (issue 43: a loaded CI machine pushed a real decision past its
patience ceiling). The clocks given here say exactly how loaded the node is."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from sevens.agents import make_agent
from sevens.agents.common.montecarlo import Budget, Clock
from sevens.games.registry import family_of
from sevens.server.room.bots import PATIENCE, Decision, decide, new_agent, prepare


def ticking(step: float) -> Clock:
    """A clock that moves ``step`` seconds on from 0 each time it is read."""
    readings = itertools.count()
    return lambda: next(readings) * step


def frozen() -> float:
    return 0.0


def a_decision(preset: str, agent_name: str = "expert") -> Decision:
    """A few moves into a seeded deal of ``preset``, where the search has real choices: the seat to move's
    decision for a room's ``agent_name``."""
    family = family_of(preset)
    state = family.new_state(family.presets[preset], 11)
    chooser = random.Random(3)
    for _ in range(6):
        if state.to_move is None:
            break
        state.apply(chooser.choice(state.legal_actions()))
    assert state.to_move is not None
    return prepare(new_agent(family.name, agent_name), state, state.to_move, round_seed=99)


def decide_on(decision: Decision, cpu: Clock, wall: Clock) -> tuple[Any, int]:
    """The move and the samples it took, with the agent reading these clocks."""
    agent: Any = decision.agent
    agent.clocks = (cpu, wall)
    return decide(decision), agent.last_samples


@pytest.mark.parametrize("preset", ["standard", "killer", "seven27"])
def test_an_expert_in_a_room_makes_the_same_moves_on_a_loaded_machine(preset: str) -> None:
    decision = a_decision(preset)
    agent: Any = decision.agent
    assert agent.rollouts and agent.budget.patience == PATIENCE, "a room's expert must think in samples"
    # A room's budget (about 2,000 samples for standard) shrunk to 240: the same kind of budget (samples, the
    # early stop, the patience ceiling), an eighth of the CPU.
    agent.make_deterministic(samples=240, patience=PATIENCE)
    samples = agent.decision_budget(decision.view.rules).samples
    ceiling = PATIENCE * agent.think_ms / 1000.0
    idle = decide_on(decision, cpu=frozen, wall=frozen)
    # As loaded as a node may be below the patience ceiling: every reading of the wall clock moves it on by as
    # much as the whole decision may take spread over its samples, and a thread's CPU clock that runs far past
    # any time budget (the CPU time a sample takes varies with the machine; a sample budget ignores it).
    loaded = decide_on(decision, cpu=ticking(1000.0), wall=ticking(ceiling / (samples + 2)))
    assert loaded == idle
    assert idle[1] > 1


def test_the_injected_clocks_are_the_ones_a_decision_reads() -> None:
    """The clocks above are not decoration: the same expert on its time budget (``think_ms`` of CPU) stops after
    its first chunk of samples when its CPU clock runs past ``think_ms``; on a sample budget it does not."""
    family = family_of("standard")
    timed = a_decision("standard")
    agent: Any = make_agent("expert", family.name)
    assert agent.rollouts is None  # on the clock
    on_the_clock = Decision(agent, timed.seat, timed.seed, timed.view, timed.legal)
    _move, cut = decide_on(on_the_clock, cpu=ticking(1000.0), wall=frozen)
    agent.budget = Budget(agent.think_ms, samples=cut * 4)  # exactly that many samples, whatever the clocks
    _move, full = decide_on(on_the_clock, cpu=ticking(1000.0), wall=ticking(1000.0))
    assert 1 <= cut < full == cut * 4


def test_a_room_bot_on_a_node_too_busy_for_it_stops_at_the_patience_ceiling() -> None:
    """Samples keep the strength under load; the patience ceiling keeps the wait bounded beyond it: with a wall
    clock that jumps past PATIENCE × think_ms, the search stops after its first chunk of samples."""
    from sevens.agents.common.montecarlo import sample_rows

    agent = new_agent("shichinarabe", "expert")
    budget = agent.budget  # type: ignore[attr-defined]
    assert budget.samples is not None and budget.patience == PATIENCE
    walls = iter([0.0, *[PATIENCE * budget.think_ms / 1000.0] * 1000])
    rows = sample_rows(lambda: [0.0, 1.0], budget, cpu=lambda: 0.0, wall=lambda: next(walls))
    assert len(rows) == 1 < budget.samples
    calm = sample_rows(lambda: [0.0, 1.0], budget, cpu=lambda: 0.0, wall=lambda: 0.0)
    assert len(calm) == budget.samples
