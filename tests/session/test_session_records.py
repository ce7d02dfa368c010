"""The session's records field by field, where mutants of sevens.session survived the other tests (issue 43,
bench/mutation.py session): a round's score (its number, dealer, seed, ranking, outcomes, points by the
session's own table, stars for people only), a round's result as JSON, the seat a player sits in after a ghost
swap, and the action a turn clock plays when no pass or card is legal."""

from __future__ import annotations

from typing import cast

import pytest

from sevens.games.points import PointsTable
from sevens.games.registry import families
from sevens.games.shichinarabe import parse_action, parse_position
from sevens.games.shichinarabe.state import Result
from sevens.rng import derive_seed
from sevens.session.clock import default_action
from sevens.session.match import RoundResult
from sevens.session.seats import player_at, seat_of
from sevens.session.session import Seat, Session

R7 = "......7......"
GHOSTS = f"standard,ghost=true {R7}/{R7}/{R7}/{R7} 6s/-/-/* 0 2,3,3,1 1x,2x 3 0"


def test_a_recorded_round_keeps_its_number_dealer_seed_ranking_outcomes_points_and_stars() -> None:
    family = families()["shichinarabe"]
    table = PointsTable(by_place=(7, 3, 1), eliminated=-4, last=-9)  # the session's own table, not E2's default
    seats = [Seat("Aiko", human=True), Seat("b"), Seat("c"), Seat("d")]
    session = Session(family, "standard", family.presets["standard"], seats, seed=11, table=table)
    for number in range(2):
        state = session.new_round()
        while not state.is_over():
            state.apply(state.legal_actions()[0])
        score = session.record_round(state)
        result = cast(Result, state.result())
        assert (score.number, score.dealer, score.seed) == (number, (3 + number) % 4, derive_seed(11, number))
        assert score.ranking == tuple(result.ranking) and score.outcomes == tuple(result.outcomes)
        assert score.points == tuple(result.points(table)) and set(score.points) <= {7, 3, 1, 0, -4, -9}
        assert score.stars[1:] == (0, 0, 0)  # computer seats earn none
    assert session.totals == [sum(r.points[seat] for r in session.rounds) for seat in range(4)]
    assert session.stars[0] == sum(r.stars[0] for r in session.rounds) > 0  # Aiko earned some in two rounds


def test_a_round_result_as_json_names_every_field() -> None:
    result = RoundResult(2, (1, 0), ("finished", "eliminated"), (10, -5), (3, 0))
    assert result.to_dict() == {"number": 2, "ranking": [1, 0], "outcomes": ["finished", "eliminated"],
                                "points": [10, -5], "stars": [3, 0]}  # fmt: skip


def test_after_a_ghost_swap_a_player_is_found_in_the_seat_they_sit_in_now() -> None:
    state = parse_position(GHOSTS)
    everyone = (0, 1, 2, 3)
    assert [seat_of(everyone, state, p) for p in range(4)] == [0, 1, 2, 3]
    state.apply(parse_action("ghost 1 0"))  # the ghost of seat 1 takes seat 0; seat 0's player becomes the ghost
    assert [seat_of(everyone, state, p) for p in range(4)] == [1, 0, 2, 3]
    assert [player_at(everyone, state, s) for s in range(4)] == [1, 0, 2, 3]
    assert seat_of((0, 2, 3, 1), state, 1) == 3 and seat_of((0, 2, 3), state, 1) is None  # dealt elsewhere, or not


def test_the_default_action_without_a_pass_or_a_card_is_fold_else_the_first() -> None:
    with pytest.raises(ValueError, match=r"^no legal action: the game is over$"):
        default_action([])
    assert default_action(["raise", "call", "fold"]) == "fold"
    assert default_action(["raise", "call"]) == "raise"
    assert default_action(["Jk+9h", "swap 8h", "9c"]) == "9c"  # what is not a card is skipped, not the end


def test_a_round_still_being_played_is_not_recorded() -> None:
    family = families()["shichinarabe"]
    session = Session(family, "standard", family.presets["standard"], [Seat("a")] * 4, seed=1)
    with pytest.raises(ValueError, match=r"^only a finished round can be recorded; this one is still being played$"):
        session.record_round(session.new_round())
    assert session.rounds == []
