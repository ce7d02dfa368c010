"""Agents for Seven Twenty-Seven (RULES.md Part D, every variant, 2–10 players).

``LEVELS`` (:mod:`.levels`) are the five levels people choose from.
``AGENTS`` are offered in play: ``rule`` and ``montecarlo`` (``random`` is generic). There are no research
agents for this family yet.

Modules, one job each: :mod:`.hands` (hand values as integer pairs, scores for each half), :mod:`.rule` (the rule
policy and agent), :mod:`.reading` (the view as a table and the other players' choices), :mod:`.inference`
(the down cards that explain those choices), :mod:`.rollout` (card rounds to the showdown) and
:mod:`.montecarlo`.

Measured (duplicate format, 200 deals × 5 rotations = 1,000 games, default settings, 2-core machine shared with
other jobs; chips won per deal with the 95% interval over per-deal means)::

    sevens arena --preset seven27 --players 5 --agents montecarlo,rule,rule,rule,rule \
        --games 1000 --seed 1 --workers 2 --json
    montecarlo +5.95 chips/deal [4.85, 7.05], first in 24.4% [21.8, 27.2] of games, 0.050 s/move (p95 0.157 s)

    sevens arena --preset seven27 --players 5 --agents rule,random,random,random,random \
        --games 1000 --seed 1 --workers 2 --json
    rule +4.85 chips/deal [2.94, 6.76], first in 20.5% [18.1, 23.1] of games

Notes from tuning: the opponent model carries most of the edge (a rule player who stood on a king holds 5½ to
8; one who bets holds 6½–7 or 26–27). Betting margins and the model's error rate barely matter within noise
(60-deal runs of ``bet_margin`` 0.05–0.15, ``miss`` 0.05–0.3 all gave +4 to +6 chips per deal). Take and stand
are often close for a drawing hand, since standing does not stop a player taking a card in a later round.
"""

from __future__ import annotations

from collections.abc import Callable

from sevens.agents.base import Agent

from .levels import LEVELS
from .montecarlo import MonteCarloAgent
from .rule import RuleAgent, RulePolicy

AGENTS: dict[str, Callable[[], Agent]] = {"rule": RuleAgent, "montecarlo": MonteCarloAgent}
RESEARCH_AGENTS: dict[str, Callable[[], Agent]] = {}

__all__ = ["AGENTS", "LEVELS", "RESEARCH_AGENTS", "MonteCarloAgent", "RuleAgent", "RulePolicy"]
