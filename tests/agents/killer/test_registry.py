"""The Killer agent table: found by name for the family, research agents kept apart."""

from __future__ import annotations

import pytest

from sevens.agents.base import agent_names, agent_table, make_agent
from sevens.agents.killer import GreedyAgent, HeuristicAgent, OracleAgent, SearchAgent
from sevens.errors import RulesError


def test_killer_offers_random_greedy_heuristic_search() -> None:
    assert agent_names("killer")[5:] == ["random", "greedy", "heuristic", "search"]  # after the five levels


@pytest.mark.parametrize(
    ("name", "cls"), [("greedy", GreedyAgent), ("heuristic", HeuristicAgent), ("search", SearchAgent)]
)
def test_make_agent_builds_the_killer_agent(name: str, cls: type) -> None:
    agent = make_agent(name, "killer")
    assert isinstance(agent, cls)
    assert agent.name == name
    assert make_agent(name, "killer") is not agent


def test_oracle_is_research_only() -> None:
    assert "oracle" not in agent_table("killer")
    with pytest.raises(RulesError, match="unknown agent 'oracle' for killer"):
        make_agent("oracle", "killer")
    assert isinstance(make_agent("oracle", "killer", research=True), OracleAgent)


def test_search_rejects_a_zero_budget() -> None:
    with pytest.raises(ValueError, match="rollouts=0"):
        SearchAgent(rollouts=0)
