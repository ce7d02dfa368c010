"""Same seed, same game: agents are reproducible (the search agent in its fixed-rollouts mode)."""

from __future__ import annotations

import pytest

from sevens.games.shichinarabe import Rules

from .support import play


@pytest.mark.parametrize("preset", ["standard", "joker", "tunnel", "english"])
@pytest.mark.parametrize(
    "names",
    [["greedy"], ["heuristic"], ["search", "heuristic"], ["search", "random"], ["expert", "normal", "beginner"]],
)
def test_same_seed_gives_the_same_game(preset: str, names: list[str]) -> None:
    rules = Rules.preset(preset)
    first = play(rules, 11, names)
    again = play(rules, 11, names)
    assert first.actions == again.actions
    assert first.result() == again.result()
