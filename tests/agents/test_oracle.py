"""The oracle (shared by the 七並べ families, :mod:`sevens.agents.common.search`) refuses to play until it is
bound to the state of the game being played, and then plays legally; ``expert-oracle`` is the expert's own
search so bound, at every table size."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sevens.agents import killer, shichinarabe
from sevens.agents.base import make_agent
from sevens.games.killer import Rules as KillerRules
from sevens.games.killer import State as KillerState
from sevens.games.shichinarabe import Rules, State


# Built inside the test, not at collection: the test binds the agent, and a parametrized object outlives one
# session when pytest runs twice in a process (mutmut's runs), where a bound oracle would not refuse again.
@pytest.mark.parametrize(
    "make",
    [
        lambda: (shichinarabe.OracleAgent(rollouts=2), State.new(Rules.preset("standard"), 4)),
        lambda: (killer.OracleAgent(rollouts=2), KillerState.new(KillerRules.preset("killer"), 4)),
        lambda: (make_agent("expert-oracle", "shichinarabe", True, True, 2), State.new(Rules.preset("standard"), 4)),
        lambda: (
            make_agent("expert-oracle", "killer", True, True, 2),
            KillerState.new(KillerRules.preset("killer"), 4),
        ),
    ],
    ids=["shichinarabe", "killer", "shichinarabe-expert", "killer-expert"],
)
def test_oracle_refuses_to_play_without_the_state(make: Callable[[], tuple[Any, Any]]) -> None:
    agent, state = make()
    seat = state.to_move
    assert seat is not None
    agent.reset(seat, 1)
    with pytest.raises(RuntimeError, match="bind"):
        agent.act(state.view(seat), state.legal_actions())
    agent.bind(state)
    assert agent.act(state.view(seat), state.legal_actions()) in state.legal_actions()


def test_expert_oracle_plays_the_experts_large_table_search() -> None:
    """At seven players in ``tunnel`` the expert gives up holding back and plays to win: so does its oracle,
    whose rows in docs/strength.md bound what reading hands is worth to it there."""
    state = State.new(Rules.preset("tunnel", players=7), 4)
    seat = state.to_move
    assert seat is not None
    oracle = make_agent("expert-oracle", "shichinarabe", True, True, 2)
    assert isinstance(oracle, shichinarabe.ExpertAgent) and oracle.name == "expert-oracle"
    oracle.reset(seat, 1)
    oracle.bind(state)  # type: ignore[attr-defined]
    assert oracle.act(state.view(seat), state.legal_actions()) in state.legal_actions()
    assert (oracle.weights, oracle.win_bonus) == (shichinarabe.LARGE_HARD_WEIGHTS, shichinarabe.LARGE_WIN_BONUS)
    assert make_agent("expert-oracle", "killer", True).win_bonus == killer.EXPERT_WIN_BONUS  # type: ignore[attr-defined]


def test_an_oracle_bound_to_another_deal_refuses_to_play() -> None:
    # the same seat to move in both deals, so only the hands tell the games apart
    state, other = State.new(Rules.preset("standard"), 5), State.new(Rules.preset("standard"), 6)
    seat = state.to_move
    assert seat is not None and other.to_move == seat and other.hand(seat) != state.hand(seat)
    oracle = shichinarabe.OracleAgent(rollouts=2)
    oracle.reset(seat, 1)
    oracle.bind(other)
    with pytest.raises(RuntimeError, match=r"^OracleAgent\.bind\(state\) must be given the state of the game being"):
        oracle.act(state.view(seat), state.legal_actions())
