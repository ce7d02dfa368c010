"""Issue 30: the computer players of a room are as strong on a loaded node as on an idle one. A room's bot
thinks in samples, not seconds, so the same decision under load (other processes burning every core) is the
same move after the same number of samples; only the wait grows."""

from __future__ import annotations

import multiprocessing as mp
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.synchronize import Event

import pytest

from sevens.games.registry import family_of
from sevens.server.room.bots import PATIENCE, decide, new_agent, prepare


def _burn(stop: Event) -> None:
    while not stop.is_set():
        sum(range(10_000))


@contextmanager
def busy_machine(processes: int) -> Iterator[None]:
    """``processes`` processes spinning on the CPU until the block ends."""
    stop = mp.get_context("spawn").Event()
    burners = [mp.get_context("spawn").Process(target=_burn, args=(stop,), daemon=True) for _ in range(processes)]
    for burner in burners:
        burner.start()
    try:
        yield
    finally:
        stop.set()
        for burner in burners:
            burner.join(timeout=10)


@pytest.mark.parametrize("preset", ["standard", "killer", "seven27"])
def test_an_expert_in_a_room_makes_the_same_moves_on_a_loaded_machine(preset: str) -> None:
    family = family_of(preset)
    state = family.new_state(family.presets[preset], 11)
    chooser = random.Random(3)
    for _ in range(6):  # a few moves in, where the search has real choices
        if state.to_move is None:
            break
        state.apply(chooser.choice(state.legal_actions()))
    assert state.to_move is not None
    agent = new_agent(family.name, "expert")
    assert getattr(agent, "rollouts", None), "a room's expert must think in samples"
    decision = prepare(agent, state, state.to_move, round_seed=99)
    idle = decide(decision), agent.last_samples  # type: ignore[attr-defined]
    with busy_machine(os.cpu_count() or 2):  # every core busy (more would test the patience ceiling, below)
        loaded = decide(decision), agent.last_samples  # type: ignore[attr-defined]
    assert loaded == idle
    assert idle[1] > 1


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
