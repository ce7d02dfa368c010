"""Levels of computer player that people choose from: ``beginner``, ``easy``, ``normal``, ``hard``, ``expert``.

A level is a name, not an agent: each family says which of its agents (with which settings) plays at each
level, in a ``LEVELS`` table next to its ``AGENTS`` (in ``sevens.agents.<family>``). Level names are accepted
wherever an agent name is (:func:`sevens.agents.base.make_agent`: ``sevens arena``, ``simulate``, ``play
--bots``, the server's rooms), and the agent made for a level carries the level's name. Each level has a
display name and a one-line description in Japanese and English (``locale/levels.json``).

>>> LEVELS[2] == DEFAULT_LEVEL == "normal"
True
>>> display_name("normal", "ja"), display_name("expert", "en")
('ふつう', 'Expert')
"""

from __future__ import annotations

from collections.abc import Callable

from sevens.agents.base import Agent, AgentFactory
from sevens.i18n import Lang, t

LEVELS: tuple[str, ...] = ("beginner", "easy", "normal", "hard", "expert")
"""Weakest first."""

DEFAULT_LEVEL = "normal"
"""The opponent a front-end seats when the player chooses nothing."""


def _named(level: str, factory: Callable[[], Agent]) -> AgentFactory:
    """A factory for ``level`` whose agents carry the level's name (reports and rooms show the level)."""

    def make() -> Agent:
        agent = factory()
        agent.name = level
        return agent

    make.__name__ = f"make_{level}"
    return make


def level_table(agents: dict[str, Callable[[], Agent]]) -> dict[str, AgentFactory]:
    """A family's ``LEVELS`` table from ``level -> factory``: every level present, in order, each named."""
    missing = [level for level in LEVELS if level not in agents]
    extra = [name for name in agents if name not in LEVELS]
    if missing or extra:
        raise ValueError(f"a family's levels must be exactly {', '.join(LEVELS)}; missing {missing}, unknown {extra}")
    return {level: _named(level, agents[level]) for level in LEVELS}


def display_name(level: str, lang: Lang) -> str:
    """What a player reads for ``level`` (e.g. 「ふつう」, "Normal")."""
    return t(f"level.{level}", lang)


def about(level: str, lang: Lang) -> str:
    """One line on what a player should expect from ``level``."""
    return t(f"level.{level}.about", lang)
