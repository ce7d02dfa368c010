"""The engine contract (DESIGN.md) for the ``killer`` preset and for drawn variants, plus the family entry."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_strategies import killer_rules
from sevens.games.conformance import check_game, check_many
from sevens.games.killer import FAMILY, PRESETS, Rules, State, max_steps, seat_stats
from sevens.games.registry import family_of


def test_killer_preset_conforms() -> None:
    assert check_many(FAMILY, PRESETS["killer"], games=100, seed=100, deep_every=3) > 0


def test_killer_preset_conforms_with_many_and_few_players() -> None:
    for players in (2, 3, 20):
        check_many(FAMILY, Rules.preset("killer", players=players), games=3, seed=players, deep_every=5)


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(rules=killer_rules(), seed=st.integers(0, 2**32))
def test_killer_variants_conform(rules: Rules, seed: int) -> None:
    state = check_game(FAMILY, rules, seed, deep_every=5)
    assert isinstance(state, State)
    assert len(state.actions) <= max_steps(rules)
    stats = seat_stats(state)
    assert sum(stats["mean_kills"]) == state.dead_positions.bit_count()
    assert len(stats["mean_dead_cards"]) == rules.players


def test_killer_family_is_registered() -> None:
    family = family_of("killer")
    assert family is FAMILY and family.name == "killer"
    assert family.title == ("Killer sevens", "殺しの7並べ")
    assert set(family.presets) == {"killer"}
    assert (family.min_players, family.max_players) == (2, 20)
    state = family.new_state(PRESETS["killer"], 5, 1)
    assert isinstance(state, State) and state.dealer == 1


def test_killer_preset_is_part_c_defaults() -> None:
    rules = Rules.preset("killer")
    assert rules.to_dict() == {
        "players": 4, "first_player": "diamond_seven", "pass_limit": 3, "voluntary_pass": True,
        "death": "orthogonal", "enclosure": 1, "wrap": False, "dead_cards_visible": True,
        "tiebreak": "earlier_exit",
    }  # fmt: skip
    assert rules.text() == "killer" and rules.preset_name() == "killer"
    assert Rules.from_dict(rules.replace(enclosure=None).to_dict()).enclosure is None
