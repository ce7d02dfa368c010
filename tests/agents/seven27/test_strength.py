"""A small strength smoke test in duplicate format (the measured figures are in the package notes)."""

from __future__ import annotations

from sevens.agents.base import Agent
from sevens.games.seven27 import Rules
from sevens.rng import derive_seed

from .support import play, quick


def chips_per_deal(hero: str, field: str, deals: int, seed: int, players: int = 5) -> float:
    """``hero``'s mean chips won per deal against ``players - 1`` copies of ``field``, every seat in turn."""
    rules = Rules.preset("seven27", players=players)
    total = 0
    for deal in range(deals):
        deal_seed = derive_seed(seed, deal)
        for hero_seat in range(players):
            agents: list[Agent] = [quick(hero if s == hero_seat else field, rollouts=64) for s in range(players)]
            total += play(rules, deal_seed, agents).result().chip_delta[hero_seat]
    return total / (deals * players)


def test_rule_wins_chips_from_random_players() -> None:
    assert chips_per_deal("rule", "random", deals=40, seed=2024) > 1.0


def test_montecarlo_wins_chips_from_rule_players() -> None:
    assert chips_per_deal("montecarlo", "rule", deals=8, seed=2024) > 1.0
