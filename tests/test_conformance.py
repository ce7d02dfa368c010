"""The public conformance check (DESIGN.md) over every registered family's presets and random variants.

The CI run keeps these small; `sevens check --preset P -n 2-20 -k 1000` runs the thousands-of-games soak."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_strategies import shichinarabe_rules
from sevens.cards import CARD_TEXTS
from sevens.games.conformance import ConformanceError, check_game, check_many
from sevens.games.registry import families, family_of
from sevens.games.shichinarabe import Rules, View

PRESETS = [(family.name, preset) for family in families().values() for preset in family.presets]


@pytest.mark.parametrize(("family_name", "preset"), PRESETS)
def test_every_preset_passes_conformance_from_min_to_max_players(family_name: str, preset: str) -> None:
    family = families()[family_name]
    base = family.presets[preset]
    for n in sorted({family.min_players, 3, 4, 7, family.max_players}):
        if family.min_players <= n <= family.max_players:
            assert check_many(family, base.replace(players=n), games=6, seed=n, deep_every=3) > 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=shichinarabe_rules(), seed=st.integers(0, 2**32))
def test_random_shichinarabe_rules_pass_conformance(rules: Rules, seed: int) -> None:
    check_game(family_of("standard"), rules, seed, deep_every=2)


def test_conformance_catches_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is not a stub: a view that also lists every card of the deck fails it."""
    honest = View.to_dict

    def leaky(self: View) -> dict[str, Any]:
        return {**honest(self), "peek": [CARD_TEXTS[c] for c in range(52)]}

    monkeypatch.setattr(View, "to_dict", leaky)
    with pytest.raises(ConformanceError, match="hidden card"):
        check_game(family_of("standard"), Rules(), seed=1)
