"""Every agent returns a legal action, in every preset and variant, for 2 to 20 players."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_strategies import shichinarabe_rules
from sevens.games.shichinarabe import Rules

from .common import rotation
from .support import VARIANTS, play


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.text())
@pytest.mark.parametrize("players", [2, 4, 7])
def test_agents_play_legal_actions_in_every_variant(rules: Rules, players: int) -> None:
    for seed in range(2):
        assert play(rules.replace(players=players), seed, rotation(seed)).is_over()


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.text())
def test_the_levels_play_legal_actions_in_every_variant(rules: Rules) -> None:
    assert play(rules.replace(players=5), 1, ["beginner", "easy", "normal", "hard", "expert"]).is_over()


@pytest.mark.parametrize("name", ["greedy", "heuristic", "search"])
def test_agents_handle_twenty_players(name: str) -> None:
    for preset in ("standard", "joker", "fan_tan"):
        assert play(Rules.preset(preset, players=20), 3, [name, "random"]).is_over()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=shichinarabe_rules(), seed=st.integers(0, 2**32), first=st.integers(0, 3))
def test_agents_play_legal_actions_under_any_rules(rules: Rules, seed: int, first: int) -> None:
    assert play(rules, seed, rotation(first)).is_over()
