"""The agent protocol and the table of available agents.

An agent is given its seat's view and the legal actions and returns one of them. It never receives the
state, so it cannot read another seat's cards. Agents that need no view (``needs_view = False``) are
handed ``None`` instead, which keeps mass simulation cheap.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from sevens.errors import RulesError


class Agent(Protocol):
    name: str
    needs_view: bool

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        """Return one of ``legal``."""
        ...

    def reset(self, seat: int, seed: int) -> None:
        """Called before each game with the agent's seat and a seed for its own generator."""
        ...


class RandomAgent:
    """Uniform over the legal actions (passes included): the baseline of RULES.md and the C yardstick."""

    name = "random"
    needs_view = False

    def __init__(self) -> None:
        self._rng = random.Random(0)

    def reset(self, seat: int, seed: int) -> None:
        self._rng.seed(seed)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[self._rng.randrange(len(legal))]


AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent}


def agent_names() -> list[str]:
    return list(AGENTS)


def make_agent(name: str) -> Agent:
    """A new agent by name; an unknown name raises :class:`RulesError` listing the allowed ones."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise RulesError(f"unknown agent {name!r}; allowed: {', '.join(AGENTS)}") from None
    return factory()
