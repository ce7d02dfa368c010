"""Rules as data (D1, D3, D4, D5, D6, D8 parameters): preset, replace, text, and clear errors."""

from __future__ import annotations

from typing import Any

import pytest

from sevens.errors import RulesError
from sevens.games.registry import family_of
from sevens.games.seven27 import FAMILY, PRESETS, Rules
from sevens.games.seven27.rules import parse_rules_text


def test_preset_is_registered_and_has_the_documented_defaults() -> None:
    assert family_of("seven27") is FAMILY
    rules = Rules.preset("seven27")
    assert rules == PRESETS["seven27"]
    assert (rules.players, rules.stack, rules.ante) == (4, 100, 1)
    assert (rules.deal, rules.draw_face) == ("down_up", "up")
    assert (rules.small_bet, rules.big_bet, rules.raise_cap) == (5, 10, 3)
    assert (rules.refusal_limit, rules.ten_half, rules.tie_rule, rules.bust) == (None, False, "under_wins", False)
    assert rules.preset_name() == "seven27"


@pytest.mark.parametrize("players", [2, 3, 10])
def test_d1_two_to_ten_players(players: int) -> None:
    assert Rules.preset("seven27", players=players).players == players


@pytest.mark.parametrize("players", [0, 1, 11, 52])
def test_d1_player_count_out_of_range(players: int) -> None:
    with pytest.raises(RulesError, match=r"players=\d+ is out of range; allowed: 2 to 10"):
        Rules.preset("seven27", players=players)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"deal": "all_up"}, "deal='all_up' is not allowed; allowed: down_up, up_down, two_down_one_up"),
        ({"draw_face": "sideways"}, "draw_face='sideways' is not allowed"),
        ({"tie_rule": "over_wins"}, "tie_rule='over_wins' is not allowed; allowed: under_wins, equal"),
        ({"stack": 0}, "stack=0 is too small"),
        ({"ante": -1}, "ante=-1 is too small"),
        ({"ante": 100}, "ante=100 must be less than stack=100"),
        ({"stack": 5, "ante": 5}, "ante=5 must be less than stack=5"),
        ({"small_bet": 0}, "small_bet=0 is too small"),
        ({"big_bet": -5}, "big_bet=-5 is too small"),
        ({"raise_cap": -1}, "raise_cap=-1 is too small"),
        ({"refusal_limit": 0}, "refusal_limit=0 is too small"),
        ({"deals": 0}, "deals=0 is too small"),
        ({"bust": "yes"}, "bust='yes' must be true or false"),
        ({"ten_half": 1}, "ten_half=1 must be true or false"),
        ({"stack": 1.5}, "stack=1.5 must be an integer"),
        ({"refusal_limit": True}, "refusal_limit=True must be an integer or none"),
        ({"jokers": 1}, "unknown rules parameter 'jokers'"),
    ],
)
def test_bad_values_raise_clear_errors(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Rules.preset("seven27").replace(**changes)


def test_unknown_preset_lists_the_allowed_ones() -> None:
    with pytest.raises(RulesError, match="unknown preset 'sevens'; allowed: seven27"):
        Rules.preset("sevens")


def test_d4_bet_size_small_then_big() -> None:
    rules = Rules.preset("seven27", small_bet=2, big_bet=4)
    assert [rules.bet_size(r) for r in range(1, 6)] == [2, 2, 4, 4, 4]


def test_d3_initial_cards_per_deal_pattern() -> None:
    assert Rules(deal="down_up").initial_cards == Rules(deal="up_down").initial_cards == 2
    assert Rules(deal="two_down_one_up").initial_cards == 3


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"tie_rule": "equal", "bust": True},
        {"refusal_limit": 3, "draw_face": "down", "deal": "two_down_one_up"},
        {"ten_half": True, "stack": 40, "ante": 2, "deals": None},
    ],
)
def test_rules_text_and_dict_round_trip(changes: dict[str, Any]) -> None:
    rules = Rules.preset("seven27", players=7, **changes)
    assert parse_rules_text(rules.text(), players=7) == rules
    assert Rules.from_dict(rules.to_dict()) == rules
    assert hash(rules) == hash(Rules.from_dict(rules.to_dict()))


def test_rules_text_names_only_the_differences() -> None:
    assert Rules.preset("seven27", players=9).text() == "seven27"
    assert Rules.preset("seven27", refusal_limit=3).text() == "seven27,refusal_limit=3"
    assert Rules.preset("seven27", deals=None).text() == "seven27,deals=none"


def test_family_declares_its_bounds() -> None:
    assert (FAMILY.min_players, FAMILY.max_players) == (2, 10)
    assert FAMILY.seat_stats is not None
