"""Agents for Seven Twenty-Seven (RULES.md Part D, every variant, 2–10 players).

``LEVELS`` (:mod:`.levels`) are the five levels people choose from; ``AGENTS`` are offered in play: ``rule`` and
``montecarlo`` (``random`` is generic). There are no research agents for this family yet. Measured strength:
docs/strength.md (``montecarlo`` wins about +6 chips per deal against four ``rule`` players).

Notes from tuning: the opponent model carries most of the edge (a rule player who stood on a king holds 5½ to
8; one who bets holds 6½–7 or 26–27). Betting margins and the model's error rate barely matter within noise.
Take and stand are often close for a drawing hand, since standing does not stop a player taking a card later."""

from __future__ import annotations

from collections.abc import Callable

from sevens.agents.base import Agent

from .levels import LEVELS
from .montecarlo import MonteCarloAgent
from .rule import RuleAgent, RulePolicy

AGENTS: dict[str, Callable[[], Agent]] = {"rule": RuleAgent, "montecarlo": MonteCarloAgent}
RESEARCH_AGENTS: dict[str, Callable[[], Agent]] = {}

__all__ = ["AGENTS", "LEVELS", "RESEARCH_AGENTS", "MonteCarloAgent", "RuleAgent", "RulePolicy"]
