"""A small strength smoke test (the measured figures are in the package notes)."""

from __future__ import annotations

from sevens.agents.base import make_agent
from sevens.arena.play import play_game
from sevens.games.shichinarabe import FAMILY, Rules
from sevens.rng import derive_seed


def test_heuristic_beats_three_random_players() -> None:
    rules = Rules.preset("standard")
    wins = games = 0
    for deal in range(50):
        seed = derive_seed(2024, deal)
        for hero in range(4):
            agents = [make_agent("heuristic" if s == hero else "random") for s in range(4)]
            state = play_game(FAMILY, rules, seed, agents)
            wins += state.result().ranking[0] == hero
            games += 1
    assert wins / games >= 0.40
