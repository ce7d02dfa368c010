"""The rounds of a session as the front-ends play them (sevens.session.match): the policies they pass in."""

from __future__ import annotations

from typing import cast

import pytest

from sevens.games.registry import families
from sevens.games.seven27 import Rules as Seven27Rules
from sevens.session.match import ChipsMatch, PointsMatch, make_match
from sevens.session.session import Seat

SEATS = [Seat("Aiko", human=True), Seat("b"), Seat("c"), Seat("d")]


def test_points_sessions_take_the_front_ends_default_rounds_unless_rounds_are_given() -> None:
    family = families()["shichinarabe"]
    rules = family.presets["standard"]
    server_like = make_match(family, "standard", rules, SEATS, seed=1, rounds=None, default_rounds=1)
    tui_like = make_match(family, "standard", rules, SEATS, seed=1, rounds=None, default_rounds=len(SEATS))
    chosen = make_match(family, "standard", rules, SEATS, seed=1, rounds=3, default_rounds=1)
    assert isinstance(server_like, PointsMatch)
    assert (server_like.rounds_total, tui_like.rounds_total, chosen.rounds_total) == (1, 4, 3)


def test_chips_sessions_default_to_the_rules_deals() -> None:
    family = families()["seven27"]
    rules = cast(Seven27Rules, family.presets["seven27"])
    match = make_match(family, "seven27", rules, SEATS[: rules.players], seed=1, rounds=None, default_rounds=1)
    assert isinstance(match, ChipsMatch)
    assert match.rounds_total == rules.deals and not match.human_broke_ends


def test_a_round_still_being_played_cannot_be_recorded() -> None:
    family = families()["shichinarabe"]
    match = make_match(family, "standard", family.presets["standard"], SEATS, seed=1, rounds=1, default_rounds=1)
    plan = match.next_plan()
    with pytest.raises(ValueError, match="still being played"):
        match.record(plan, plan.state)
