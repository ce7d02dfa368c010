"""The agent tables: names per family, research agents kept apart, ``random`` everywhere."""

from __future__ import annotations

import pytest

from sevens.agents.base import GENERIC_AGENTS, agent_names, agent_table, make_agent
from sevens.errors import RulesError


def test_play_table_offers_the_levels_then_random_greedy_heuristic_search_learned() -> None:
    assert agent_names() == [
        "beginner", "easy", "normal", "hard", "expert", "random", "greedy", "heuristic", "search", "learned",
    ]  # fmt: skip
    assert agent_names("shichinarabe") == agent_names()


def test_oracle_is_research_only() -> None:
    assert "oracle" not in agent_table()
    assert "oracle" in agent_table(research=True)
    with pytest.raises(RulesError, match="unknown agent 'oracle'"):
        make_agent("oracle")
    assert make_agent("oracle", research=True).name == "oracle"


@pytest.mark.parametrize("family", ["shichinarabe", "killer", "seven27", "no_such_family"])
def test_random_works_for_every_family(family: str) -> None:
    agent = make_agent("random", family)
    agent.reset(0, 1)
    assert agent.act(None, ["a", "b"]) in ("a", "b")


def test_unknown_name_lists_the_allowed_ones() -> None:
    with pytest.raises(RulesError, match="allowed: beginner, easy, normal, hard, expert, random, greedy"):
        make_agent("alphazero")


def test_every_family_table_offers_the_generic_agents() -> None:
    for family_name in ("shichinarabe", "killer", "seven27"):
        assert set(agent_table(family_name)) >= set(GENERIC_AGENTS)


@pytest.mark.parametrize("name", ["random", "greedy", "heuristic", "search"])
def test_each_call_builds_a_new_agent(name: str) -> None:
    assert make_agent(name) is not make_agent(name)
    assert make_agent(name).name == name
