"""The agent protocol and the tables of available agents, per game family.

An agent is given its seat's view and the legal actions and returns one of them. It never receives the state,
so it cannot read another seat's cards; agents that need no view (``needs_view = False``) are handed ``None``,
which keeps mass simulation cheap. Agents are found by name *within a family*: ``sevens.agents.<family>``
exposes ``LEVELS`` (the five levels people choose from, :mod:`sevens.agents.levels`), ``AGENTS`` (offered in
play: ``sevens simulate --agents``, ``watch``, the arena) and ``RESEARCH_AGENTS`` (measuring tools only, such
as an oracle that sees every hand); the :data:`GENERIC_AGENTS` (``random``) play every family.

>>> agent_names()
['beginner', 'easy', 'normal', 'hard', 'expert', 'random', 'greedy', 'heuristic', 'search', 'learned']
>>> make_agent("oracle")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevens.errors.RulesError: unknown agent 'oracle' for shichinarabe; allowed: beginner, easy, normal, hard, expert, ...
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from importlib import import_module
from importlib.util import find_spec
from typing import Any, Protocol

from sevens.errors import RulesError


class Agent(Protocol):
    """A player: ``reset`` before each game, then ``act`` on each of its turns."""

    name: str
    needs_view: bool

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        """Return one of ``legal``."""
        ...

    def reset(self, seat: int, seed: int) -> None:
        """Called before each game with the agent's seat and a seed for its own generator."""
        ...


AgentFactory = Callable[[], Agent]


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


GENERIC_AGENTS: dict[str, AgentFactory] = {"random": RandomAgent}
"""Agents that play any family (they look at nothing but the legal actions)."""

DEFAULT_FAMILY = "shichinarabe"
"""The family assumed when a caller names none (``make_agent("heuristic")``)."""


PLUGINS: dict[str, tuple[str, str, tuple[str, ...], bool]] = {
    "learned": ("sevens.agents.shichinarabe.learned", "LearnedAgent", ("shichinarabe",), False),
    "ismcts": ("sevens.envs.ismcts", "ISMCTSAgent", ("shichinarabe", "killer"), True),
}
"""Agents whose module is imported only when one is made: name → (module, class, families, research only).
The research ones live outside the agents layer and need optional packages (``sevens[research]``)."""


def _plugin(name: str, module_name: str, class_name: str) -> AgentFactory:
    def make() -> Agent:
        try:
            module = import_module(module_name)
        except ImportError as exc:
            raise RulesError(
                f"agent {name!r} needs the research packages ({exc.name} is missing): pip install 'sevens[research]'"
            ) from None
        agent: Agent = getattr(module, class_name)()
        return agent

    return make


def agent_table(family_name: str = DEFAULT_FAMILY, research: bool = False) -> dict[str, AgentFactory]:
    """Name → factory for one family: the levels (:mod:`sevens.agents.levels`, weakest first), the generic
    agents, the family's own, and with ``research`` also the research-only ones (never offered in play). A
    family's tables live in ``sevens.agents.<family>``; a family without that module offers the generic agents."""
    module_name = f"sevens.agents.{family_name}"
    module = import_module(module_name) if find_spec(module_name) else None  # an error inside it still raises
    table = {**getattr(module, "LEVELS", {}), **GENERIC_AGENTS, **getattr(module, "AGENTS", {})}
    if research:
        table.update(getattr(module, "RESEARCH_AGENTS", {}))
    for name, (module_name, class_name, family_names, research_only) in PLUGINS.items():
        if family_name in family_names and (research or not research_only):
            table[name] = _plugin(name, module_name, class_name)
    return table


def agent_names(family_name: str = DEFAULT_FAMILY, research: bool = False) -> list[str]:
    """The names :func:`make_agent` accepts for ``family_name``."""
    return list(agent_table(family_name, research))


def make_agent(
    name: str,
    family_name: str = DEFAULT_FAMILY,
    research: bool = False,
    deterministic: bool = False,
    samples: int | None = None,
) -> Agent:
    """A new agent by name for a family; an unknown name raises :class:`RulesError` listing the allowed ones.

    ``make_agent("random")`` works for every family. ``research=True`` also allows research-only agents.
    ``deterministic=True`` gives a searching agent a fixed sample budget instead of its clock (``samples``, by
    default the one its family matched to the clock: :mod:`sevens.agents.common.montecarlo`), so that the same seed
    and the same views give the same moves on any machine; other agents are deterministic already."""
    table = agent_table(family_name, research)
    try:
        factory = table[name]
    except KeyError:
        raise RulesError(f"unknown agent {name!r} for {family_name}; allowed: {', '.join(table)}") from None
    agent = factory()
    if deterministic or samples is not None:
        fixed = getattr(agent, "make_deterministic", None)
        if fixed is not None:
            fixed(samples)
    return agent
