"""The oracle (shared by the 七並べ families, :mod:`sevens.agents.common.search`) refuses to play until it is
bound to the state of the game being played, and then plays legally."""

from __future__ import annotations

from typing import Any

import pytest

from sevens.agents import killer, shichinarabe
from sevens.games.killer import Rules as KillerRules
from sevens.games.killer import State as KillerState
from sevens.games.shichinarabe import Rules, State


@pytest.mark.parametrize(
    ("agent", "state"),
    [
        (shichinarabe.OracleAgent(rollouts=2), State.new(Rules.preset("standard"), 4)),
        (killer.OracleAgent(rollouts=2), KillerState.new(KillerRules.preset("killer"), 4)),
    ],
    ids=["shichinarabe", "killer"],
)
def test_oracle_refuses_to_play_without_the_state(agent: Any, state: Any) -> None:
    seat = state.to_move
    assert seat is not None
    agent.reset(seat, 1)
    with pytest.raises(RuntimeError, match="bind"):
        agent.act(state.view(seat), state.legal_actions())
    agent.bind(state)
    assert agent.act(state.view(seat), state.legal_actions()) in state.legal_actions()
