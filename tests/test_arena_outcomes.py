"""``simulate`` counts every way of leaving a 七並べ round in its own field (issue 30): players who went out,
players eliminated for passing (B11) and players left holding only a joker (B8c), never folding one into another."""

from __future__ import annotations

from sevens.arena.play import simulate
from sevens.games.registry import families


def test_joker_stuck_players_have_their_own_field_and_the_fields_add_up() -> None:
    family = families()["shichinarabe"]
    rules = family.presets["joker"].replace(players=4)
    data = simulate(family, "joker", rules, games=120, seed=5, agent_names=["random"]).to_dict()
    assert data["mean_joker_stuck"] > 0, "random players in `joker` leave someone joker-stuck in some games"
    assert data["mean_finishers"] + data["mean_eliminations"] + data["mean_joker_stuck"] <= 4
    # The players who are neither out, eliminated nor stuck are the one left holding cards (at most one a game).
    assert data["mean_finishers"] + data["mean_eliminations"] + data["mean_joker_stuck"] >= 3


def test_without_jokers_nobody_is_joker_stuck() -> None:
    family = families()["shichinarabe"]
    rules = family.presets["standard"].replace(players=4)
    data = simulate(family, "standard", rules, games=40, seed=5, agent_names=["random"]).to_dict()
    assert data["mean_joker_stuck"] == 0
