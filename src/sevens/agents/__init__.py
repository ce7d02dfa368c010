"""Players that choose actions from what their seat may know (a view) and the legal actions."""

from sevens.agents.base import Agent, agent_names, make_agent

__all__ = ["Agent", "agent_names", "make_agent"]
