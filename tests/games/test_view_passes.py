"""A view's ``passes_left`` is its own seat's (issue 41: a mutant reading seat 0's passes for every seat
survived)."""

from __future__ import annotations

from typing import Any

import pytest

from sevens.games.killer import Rules as KillerRules
from sevens.games.killer import State as KillerState
from sevens.games.shichinarabe import Rules, State


@pytest.mark.parametrize(
    ("state_class", "rules"), [(State, Rules.preset("standard")), (KillerState, KillerRules.preset("killer"))]
)
def test_each_seat_reads_its_own_passes_left(state_class: Any, rules: Any) -> None:
    state = state_class.new(rules, seed=3)
    passed = []
    for _ in range(2):  # the first two movers pass: seats with 1, 1, 0, 0 passes used (in some order)
        passed.append(state.to_move)
        state.apply(next(a for a in state.legal_actions() if str(a) == "pass"))
    for seat in range(state.players):
        view = state.view(seat)
        assert view.passes_left == rules.pass_limit - state.passes_used(seat)
        assert view.passes_left == rules.pass_limit - (1 if seat in passed else 0)
    assert {state.view(s).passes_left for s in range(state.players)} == {rules.pass_limit - 1, rules.pass_limit}
