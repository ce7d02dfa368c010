"""The search stops thinking once its decision is settled (issue 20, "speed is strength"; no RULES.md IDs: the
rules are untouched). Hand-made rows and an injected clock: nothing here is timed."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.agents.common.montecarlo import Budget, StoppingRule, paired_choice, sample_chunks, sample_rows
from sevens.agents.killer.search import SearchAgent as KillerSearch
from sevens.agents.shichinarabe.search import SearchAgent
from sevens.games.killer import State as KillerState
from sevens.games.killer.rules import Rules as KillerRules
from sevens.games.shichinarabe import Rules, State

# Candidate 0 is the default throughout. Rows cycle so that the paired differences have a spread.
CLEAR_DEFAULT = [[5.0, 1.0, -2.0], [4.0, 0.0, -1.0], [6.0, 3.0, -3.0]]  # both rivals far below the default
CLEAR_OVERRIDE = [[0.0, 5.0, 1.0], [1.0, 4.0, 0.0], [-1.0, 6.0, 2.0]]  # candidate 1 far above both others
CLOSE = [[1.0, 2.0], [1.0, 0.0], [1.0, 1.5], [1.0, 0.5]]  # the rival's mean equals the default's


def _cycle(rows: list[list[float]]) -> Callable[[], list[float]]:
    source = itertools.cycle(rows)
    return lambda: list(next(source))


def _rule(width: int, min_samples: int = 8, z: float = 3.0) -> StoppingRule:
    return StoppingRule(width, default=0, confidence=1.0, z=z, min_samples=min_samples)


class FakeClock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_clear_default_settles_at_the_sample_floor() -> None:
    rule = _rule(3, min_samples=9)
    assert not rule.settled([CLEAR_DEFAULT[i % 3] for i in range(8)])
    assert rule.settled([CLEAR_DEFAULT[0]])
    assert paired_choice([CLEAR_DEFAULT[i % 3] for i in range(9)], 0, 1.0) == 0


def test_a_clear_override_settles() -> None:
    rule = _rule(3)
    assert rule.settled([CLEAR_OVERRIDE[i % 3] for i in range(9)])
    assert paired_choice([CLEAR_OVERRIDE[i % 3] for i in range(9)], 0, 1.0) == 1


def test_a_close_rival_never_settles() -> None:
    rule = _rule(2)
    for _ in range(100):
        assert not rule.settled(CLOSE)


def test_an_override_with_a_close_second_does_not_settle() -> None:
    # candidates 1 and 2 both beat the default clearly, but which of them leads is a coin toss
    rows = [[0.0, 5.0, 6.0], [0.0, 6.0, 5.0], [1.0, 5.5, 5.5]]
    rule = _rule(3)
    assert not rule.settled([rows[i % 3] for i in range(300)])


def test_a_rival_equal_to_the_default_on_every_sample_is_settled() -> None:
    # no sample tells them apart: one differing sample later could not pass the decision's test either
    assert _rule(2).settled([[1.0, 1.0], [3.0, 3.0]] * 4)


def test_the_rule_refuses_bad_settings_saying_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="min_samples=1 must be at least 2"):
        StoppingRule(2, 0, 1.0, 3.0, 1)
    with pytest.raises(ValueError, match="z=0 must be more than 0"):
        StoppingRule(2, 0, 1.0, 0, 8)
    with pytest.raises(ValueError, match="default=2 must be the index of one of the 2 candidates"):
        StoppingRule(2, 2, 1.0, 3.0, 8)
    with pytest.raises(ValueError, match="min_samples=0"):
        SearchAgent(min_samples=0)


def test_a_clear_decision_stops_at_the_first_chunk_past_the_floor() -> None:
    rows = sample_chunks(
        lambda size: [_cycle(CLEAR_DEFAULT)() for _ in range(size)],
        Budget(think_ms=1000.0),
        size=16,
        stop=_rule(3, min_samples=40),
        cpu=FakeClock(0.001),
        wall=FakeClock(0.0),
    )
    assert len(rows) == 48  # three chunks of 16: the first check with at least 40 samples


def test_a_close_decision_runs_to_the_deadline() -> None:
    # the clock moves 1 ms per reading: one reading sets the deadline, then one per row, 50 ms in all
    rows = sample_rows(_cycle(CLOSE), Budget(think_ms=50.0), stop=_rule(2), cpu=FakeClock(0.001), wall=FakeClock(0.0))
    assert len(rows) == 50


@pytest.mark.parametrize("rollouts", [1, 37, 64])
def test_a_fixed_budget_ignores_the_rule(rollouts: int) -> None:
    clock = FakeClock(10.0)  # past any deadline at once: a fixed budget does not look at the clock either
    budget = Budget(1.0, rollouts)
    rows = sample_chunks(
        lambda size: [_cycle(CLEAR_DEFAULT)() for _ in range(size)], budget, 16, _rule(3, 2), clock, clock
    )
    assert len(rows) == rollouts


def test_fixed_budget_searches_are_unchanged_by_early_stopping() -> None:
    # every decision of seat 0 in a game, asked of a stopping and a never-stopping search at 24 samples
    state = State.new(Rules.preset("standard"), 3)
    searches = [SearchAgent(rollouts=24, kernel=False), SearchAgent(rollouts=24, kernel=False, stop_z=None)]
    for search in searches:
        search.reset(0, 5)
    asked = 0
    while (mover := state.to_move) is not None:
        legal = state.legal_actions()
        if mover == 0 and len(legal) > 1 and asked < 4:
            asked += 1
            choices = [search.act(state.view(0), legal) for search in searches]
            assert choices[0] == choices[1]
            assert searches[0].last_samples == searches[1].last_samples
        state.apply(legal[0])
    assert asked == 4


def test_killers_search_stops_through_the_common_loop() -> None:
    search = KillerSearch(rollouts=3)
    assert search.stop_z == 3.0 and search._stopping(4, 1) is not None
    state = KillerState.new(KillerRules.preset("killer"), 2)
    search.reset(state.to_move or 0, 1)
    seat = state.to_move
    assert seat is not None
    search.act(state.view(seat), state.legal_actions())
    assert search.last_samples in (0, 3)  # 0 when a single action makes sense


rows_strategy = st.lists(st.lists(st.integers(-10, 10).map(float), min_size=3, max_size=3), min_size=2, max_size=40)


@settings(max_examples=60, deadline=None)
@given(rows=rows_strategy, cut=st.integers(0, 40), default=st.integers(0, 2))
def test_the_answer_does_not_depend_on_how_the_rows_were_chunked(
    rows: list[list[float]], cut: int, default: int
) -> None:
    whole = StoppingRule(3, default, 1.0, 3.0, 2)
    parts = StoppingRule(3, default, 1.0, 3.0, 2)
    parts.settled(rows[:cut])
    assert whole.settled(rows) == parts.settled(rows[cut:])


@settings(max_examples=60, deadline=None)
@given(rows=rows_strategy, default=st.integers(0, 2))
def test_settled_at_a_wide_test_is_settled_at_a_narrower_one(rows: list[list[float]], default: int) -> None:
    if StoppingRule(3, default, 1.0, 3.0, 2).settled(rows):
        assert StoppingRule(3, default, 1.0, 2.0, 2).settled(rows)


# Two candidates, the rival ahead of the default by 0.5 on average: 0.4 and 0.6 in turn (a standard error of
# about 0.04 over 8 samples), so it passes both the decision's test and the stopping test by a wide margin.
SMALL_CLEAR_LEAD = [[0.0, 0.4], [0.0, 0.6]] * 4
# The rival ahead by 1 on average but noisy (0 and 2 in turn over 8 samples: a standard error of about 0.38):
# ahead at the decision's one standard error, not at the stopping test's three.
NOISY_LEAD = [[0.0, 0.0], [0.0, 2.0]] * 4


def test_a_small_clear_lead_over_the_default_settles() -> None:
    # the lead is less than one point and its error small: a test that read it as 1 / error, or asked for a
    # lead of a whole point, would never settle it
    assert _rule(2).settled(SMALL_CLEAR_LEAD)
    assert paired_choice(SMALL_CLEAR_LEAD, 0, 1.0) == 1


def test_a_lead_that_passes_the_decisions_test_but_not_the_stopping_test_does_not_settle() -> None:
    assert paired_choice(NOISY_LEAD, 0, 1.0) == 1  # the search would play the rival now...
    assert not _rule(2).settled(NOISY_LEAD)  # ...but more samples could still take it back


def test_a_lead_of_exactly_z_standard_errors_is_not_yet_settled() -> None:
    # differences 0 and 2: mean 1 and standard error exactly 1, so at z = 1 the lead sits on the line
    rule = StoppingRule(2, default=0, confidence=0.5, z=1.0, min_samples=2)
    assert not rule.settled([[0.0, 0.0], [0.0, 2.0]])


def test_a_leader_twinned_by_another_rival_on_every_sample_is_settled() -> None:
    # candidates 1 and 2 score alike on every sample and far above the default: paired_choice keeps the first
    # of them, and no sample can ever tell them apart
    rows = [[0.0, 5.0, 5.0], [0.0, 6.0, 6.0], [0.0, 5.5, 5.5]] * 3
    assert _rule(3).settled(rows)
    assert paired_choice(rows, 0, 1.0) == 1


def test_a_clearly_worse_rival_settles_even_under_a_stricter_decision_confidence() -> None:
    # the rival is behind by 1 with a standard error of about 0.38: clearly worse at z = 2 (1 - 0.76 > 0). A
    # decision confidence wider than z changes nothing: only a rival ahead can pass the decision's test
    rows = [[0.0, 0.0], [0.0, -2.0]] * 4
    assert StoppingRule(2, default=0, confidence=3.0, z=2.0, min_samples=8).settled(rows)
    assert paired_choice(rows, 0, 3.0) == 0


def test_rows_one_at_a_time_stop_once_settled() -> None:
    # a time budget of a whole second on a clock that moves 1 ms a reading, so only the rule can stop it
    rows = sample_rows(
        _cycle(CLEAR_DEFAULT), Budget(think_ms=1000.0), stop=_rule(3, min_samples=9), cpu=FakeClock(0.001),
        wall=FakeClock(0.0),
    )  # fmt: skip
    assert len(rows) == 9


def test_rows_one_at_a_time_stop_at_the_wall_ceiling_of_a_starved_thread() -> None:
    # the thread gets no CPU time; the wall clock (250 ms a reading) reaches its ceiling, 3 x 250 ms, after
    # three rows (a quarter second: exact in binary, so the sums land on the ceiling exactly)
    rows = sample_rows(_cycle(CLOSE), Budget(think_ms=250.0), cpu=lambda: 0.0, wall=FakeClock(0.25))
    assert len(rows) == 3


def test_the_stopping_test_reads_the_same_standard_error_as_the_decision() -> None:
    # differences 0, 2, 0, 2: mean 1, sample standard deviation sqrt(4/3), standard error about 0.577; a lead of
    # 1 clears 1.6 of them (0.92) and not 1.8 (1.04), in the rule as in paired_choice
    rows = [[0.0, 0.0], [0.0, 2.0]] * 2
    assert StoppingRule(2, default=0, confidence=0.5, z=1.6, min_samples=4).settled(rows)
    assert not StoppingRule(2, default=0, confidence=0.5, z=1.8, min_samples=4).settled(rows)
    assert paired_choice(rows, 0, 1.6) == 1 and paired_choice(rows, 0, 1.8) == 0
