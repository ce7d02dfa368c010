"""Same seed, same game: Killer agents are reproducible (the search agent in its fixed-rollouts mode)."""

from __future__ import annotations

import pytest

from sevens.games.killer import Rules

from .support import play


@pytest.mark.parametrize("rules", [Rules.preset("killer"), Rules(death="horizontal", enclosure=None)], ids=str)
@pytest.mark.parametrize("names", [["greedy"], ["heuristic"], ["search", "heuristic"], ["search", "random"]])
def test_same_seed_gives_the_same_game(rules: Rules, names: list[str]) -> None:
    first = play(rules, 11, names)
    again = play(rules, 11, names)
    assert first.actions == again.actions
    assert first.result() == again.result()


def test_another_seed_gives_the_search_other_samples() -> None:
    rules = Rules.preset("killer")
    games = {play(rules, seed, ["search", "heuristic"]).actions for seed in (1, 2)}
    assert len(games) == 2
