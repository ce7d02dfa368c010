"""The same seeds give the same play: ``rule`` always, ``montecarlo`` under a ``rollouts`` budget."""

from __future__ import annotations

import pytest

from sevens.games.seven27 import Rules

from .support import play, quick


@pytest.mark.parametrize("players", [2, 5, 8])
def test_same_seed_same_deal(players: int) -> None:
    rules = Rules.preset("seven27", players=players)
    names = ["montecarlo", "rule", "random"]
    for seed in (3, 11):
        runs = [play(rules, seed, [quick(names[s % 3]) for s in range(players)]) for _ in range(2)]
        assert runs[0].actions == runs[1].actions
        assert runs[0].result() == runs[1].result()


def test_an_agent_reset_replays_the_same_choices() -> None:
    rules = Rules.preset("seven27", players=4)
    agents = [quick("montecarlo") for _ in range(4)]
    first = play(rules, 5, agents)
    second = play(rules, 5, agents)  # the same agent objects, reset with the same seeds
    assert first.actions == second.actions
