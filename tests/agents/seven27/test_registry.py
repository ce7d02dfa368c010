"""The Seven Twenty-Seven agent table: ``random``, ``rule``, ``montecarlo``; research adds nothing."""

from __future__ import annotations

import pytest

from sevens.agents.base import agent_names, agent_table, make_agent
from sevens.agents.seven27 import AGENTS, RESEARCH_AGENTS, MonteCarloAgent, RuleAgent
from sevens.errors import RulesError


def test_table_offers_random_rule_and_montecarlo() -> None:
    assert agent_names("seven27")[5:] == ["random", "rule", "montecarlo"]  # after the five levels
    assert agent_table("seven27", research=True).keys() == agent_table("seven27").keys()
    assert not RESEARCH_AGENTS
    assert set(AGENTS) == {"rule", "montecarlo"}


@pytest.mark.parametrize(("name", "cls"), [("rule", RuleAgent), ("montecarlo", MonteCarloAgent)])
def test_make_agent_builds_a_new_agent_each_time(name: str, cls: type) -> None:
    first, second = make_agent(name, "seven27"), make_agent(name, "seven27")
    assert isinstance(first, cls) and first is not second
    assert first.name == name and first.needs_view


def test_the_names_belong_to_their_family() -> None:
    with pytest.raises(RulesError, match="unknown agent 'montecarlo' for shichinarabe"):
        make_agent("montecarlo")
    with pytest.raises(RulesError, match="allowed: beginner, easy, normal, hard, expert, random, rule, montecarlo"):
        make_agent("search", "seven27")


def test_budgets_are_checked() -> None:
    with pytest.raises(ValueError, match="rollouts=0"):
        MonteCarloAgent(rollouts=0)
    assert MonteCarloAgent().think_ms <= 500
