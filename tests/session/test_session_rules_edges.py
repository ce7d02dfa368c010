"""Edges of the session rules where mutants survived (issue 43, ``bench/mutation.py session``): stars (E3) with
an odd number of players and an eliminated player ranked above others, the turn clock (E4) before and after it
starts, the points of a chips family, outcomes of a family that has none, and the plan of a points session."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from sevens.games.killer import Rules as KillerRules
from sevens.games.points import PointsTable
from sevens.games.registry import families
from sevens.games.seven27 import Rules as Seven27Rules
from sevens.session.clock import TurnClock
from sevens.session.match import PointsMatch, make_match
from sevens.session.scoring import round_outcomes, round_points
from sevens.session.session import Seat
from sevens.session.stars import stars_for_round


def test_stars_with_an_odd_table_and_the_out_skipped_not_stopping_the_count() -> None:
    # five players: the top half is places 1 and 2 (5 // 2), not 2.5; an eliminated 2nd place earns nothing,
    # and the players ranked after them still earn theirs
    ranking = (4, 1, 0, 3, 2)
    outcomes = ("finished", "eliminated", "left", "finished", "finished")
    assert stars_for_round(ranking, outcomes) == [1, 0, 1, 1, 3]
    assert stars_for_round((0, 1, 2), ("finished", "finished", "broke")) == [3, 1, 0]


def test_the_turn_clock_before_and_after_it_starts() -> None:
    now = [50.0]
    clock = TurnClock(0.5, lambda: now[0])  # under a second is allowed: the limit only has to be positive
    assert clock.seat is None and clock.remaining() == 0.5 and not clock.expired()  # counting from its creation
    now[0] = 50.5
    assert clock.expired()
    clock.start(3)
    assert clock.seat == 3 and clock.remaining() == 0.5
    assert TurnClock(None).remaining() is None and not TurnClock(None).expired()
    with pytest.raises(ValueError, match=r"^turn_seconds=0 must be more than 0, or none for no limit$"):
        TurnClock(0)


def test_a_chips_family_scores_its_chips_and_a_family_without_outcomes_counts_everyone_finished() -> None:
    family = families()["seven27"]
    state = family.new_state(Seven27Rules.preset("seven27", players=3), 2)
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    stats = family.seat_stats
    assert stats is not None
    chips = list(stats(state)["chip_delta"])
    assert round_points(family, state) == chips and sum(chips) == 0 and any(chips)
    assert round_outcomes({"ranking": [2, 0, 1]}, 3) == ["finished"] * 3
    assert round_outcomes({"ranking": [1, 0], "outcomes": ["left", "finished"]}, 2) == ["left", "finished"]


def test_a_points_session_plans_its_rounds_with_its_dealer_and_scores_by_its_table() -> None:
    family = families()["shichinarabe"]
    seats = [Seat("a"), Seat("b"), Seat("c"), Seat("d")]
    table = PointsTable(by_place=(9, 4, 1), eliminated=-3, last=-8)
    match = PointsMatch(family, "standard", family.presets["standard"], seats, seed=3, rounds=2, table=table)
    plan = match.next_plan()
    dealt: Any = plan.state
    assert plan.extra == {} and dealt.dealer == plan.dealer == 3 and plan.seats == (0, 1, 2, 3)
    while not plan.state.is_over():
        plan.state.apply(plan.state.legal_actions()[0])
    result = match.record(plan, plan.state)
    assert sorted(result.points, reverse=True)[0] == 9 and set(result.points) <= {9, 4, 1, 0, -3, -8}
    second: Any = match.next_plan().state
    assert second.dealer == 0  # the deal moves one seat on (a state dealt without a dealer gets the last seat)
    made = make_match(family, "standard", family.presets["standard"], seats, seed=3, rounds=None, default_rounds=2)
    assert isinstance(made, PointsMatch) and made.session.preset == "standard" and made.rounds_total == 2
    with pytest.raises(ValueError, match=r"^3 seats for rules with 4 players$"):
        PointsMatch(family, "standard", family.presets["standard"], seats[:3], seed=3, rounds=1)


def test_a_family_with_neither_chips_nor_its_own_points_is_scored_by_e2_from_its_result() -> None:
    """The fallback of round_points, for a family whose seat statistics have no chips and whose result has no
    points of its own (none of today's three; a new family starts there)."""

    class Result:
        def to_dict(self) -> dict[str, Any]:
            return {"ranking": [2, 0, 1], "outcomes": ["finished", "eliminated", "finished"]}

    class Finished:
        players = 3

        def result(self) -> Result:
            return Result()

    family: Any = SimpleNamespace(seat_stats=lambda state: {"cards_left": [0, 3, 0]})
    table = PointsTable(by_place=(6, 3), eliminated=-2)
    assert round_points(family, Finished(), table) == [3, -2, 6]
    family.seat_stats = None
    assert round_points(family, Finished()) == [5, -5, 10]

    class Plain(Result):
        def to_dict(self) -> dict[str, Any]:
            return {"ranking": [1, 0]}  # a family without outcomes: everyone finished

    class PlainFinished(Finished):
        players = 2

        def result(self) -> Result:
            return Plain()

    assert round_points(family, PlainFinished()) == [5, 10]


def test_a_points_match_refuses_a_round_still_being_played_with_its_message() -> None:
    family = families()["shichinarabe"]
    match = PointsMatch(family, "standard", family.presets["standard"], [Seat("a")] * 4, seed=3, rounds=1)
    plan = match.next_plan()
    with pytest.raises(ValueError, match=r"^only a finished round can be recorded; this one is still being played$"):
        match.record(plan, plan.state)
    assert not match.is_over()


def test_a_killer_round_ended_by_stalemate_scores_by_rank_with_no_bottom_penalty() -> None:
    """C7/E2: cards still held at a Killer stalemate count as dead, and the player ranked last scores by rank
    (0), not the ビリ's −10 of the generic E2 table. A seeded game (random legal moves, passes included, without a
    pass limit under horizontal death) that ends so."""
    family = families()["killer"]
    rules = KillerRules.preset("killer", players=4).replace(pass_limit=None, death="horizontal")
    state, chooser = family.new_state(rules, 2), random.Random(2)
    while not state.is_over():
        state.apply(chooser.choice(state.legal_actions()))
    outcomes = round_outcomes(state.result().to_dict(), 4)
    assert outcomes.count("stalemate") == 3  # three seats still held cards
    assert round_points(family, state) == [2, 10, 5, 0]
