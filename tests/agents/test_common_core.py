"""Edges of the agents' shared core (``sevens.agents.common``) that the families' tests do not reach, each
pinned by a case a real change to it would break (issue 43: mutants that survived the agents' tests)."""

from __future__ import annotations

import random

from sevens.agents.common.heuristic import CasualAgent
from sevens.agents.common.montecarlo import BudgetedAgent
from sevens.agents.shichinarabe import SearchAgent
from sevens.agents.shichinarabe.knowledge import Knowledge
from sevens.games.shichinarabe import Rules, State
from sevens.games.shichinarabe.actions import PASS, PASS_ACTION, PLAY_ACTIONS


class ZeroDraws(random.Random):
    """A generator whose every ``random()`` is exactly 0.0 (a real generator gives it once in 2**53 draws)."""

    def random(self) -> float:
        return 0.0


def test_a_casual_player_with_no_needless_passes_never_passes_while_it_can_play() -> None:
    # a probability of 0 means never, even on the draw of exactly 0.0; a probability of 1, always
    legal = [PLAY_ACTIONS[5], PLAY_ACTIONS[20], PASS_ACTION]
    easy, blunderer = CasualAgent(PASS), CasualAgent(PASS, 1.0)
    for agent in (easy, blunderer):
        agent._rng = ZeroDraws(7)
    assert easy.act(None, legal) != PASS_ACTION
    assert blunderer.act(None, legal) == PASS_ACTION


def test_no_voluntary_pass_yet_hints_at_no_card() -> None:
    state = State.new(Rules.preset("standard", players=4), 3)
    view = state.view(0)
    knowledge = Knowledge.fresh(view).update(view)
    assert knowledge.passed_over() == [0, 0, 0, 0]


def test_a_think_time_too_short_for_one_sample_still_buys_one() -> None:
    agent = BudgetedAgent(think_ms=0.1, rollouts=None)  # 0.1 sample at 1,000 samples a CPU second
    assert agent.deterministic_samples == 1
    assert BudgetedAgent(think_ms=2.6, rollouts=None).deterministic_samples == 3  # rounded, not cut


class ReadsThenPasses:
    """A clock that reads ``start`` at its first reading and ``later`` ever after."""

    def __init__(self, start: float, later: float) -> None:
        self.values, self.later = [start], later

    def __call__(self) -> float:
        return self.values.pop() if self.values else self.later


def test_on_a_clock_the_python_search_checks_its_deadline_after_every_sample() -> None:
    # a deadline spent by the first sample: the search that checks after each one stops at one sample
    state = State.new(Rules.preset("standard"), 3)
    search = SearchAgent(think_ms=100.0, kernel=False)
    while (mover := state.to_move) is not None:
        search.reset(mover, 5)
        search.clocks = (ReadsThenPasses(0.0, 10.0), lambda: 0.0)
        assert search.act(state.view(mover), state.legal_actions()) in state.legal_actions()
        if search.last_samples:
            break
        state.apply(state.legal_actions()[0])
    assert search.last_samples == 1


def test_a_deterministic_search_stops_once_its_decision_is_settled() -> None:
    # seat 0's first decisions in a seeded game, each allowed 200 samples: the clear ones stop at a check past
    # the 64-sample floor (the samples alone decide, so the counts are the same on any machine)
    state = State.new(Rules.preset("standard"), 2)
    search = SearchAgent(kernel=False)
    search.make_deterministic(samples=200)
    search.reset(0, 5)
    used: list[int] = []
    while (mover := state.to_move) is not None and len(used) < 4:
        legal = state.legal_actions()
        if mover == 0:
            action = search.act(state.view(0), legal)
            if search.last_samples:
                used.append(search.last_samples)
        else:
            action = legal[0]
        state.apply(action)
    assert used and any(64 <= n < 200 for n in used), used
