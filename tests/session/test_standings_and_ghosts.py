"""What a session makes of its rounds, where a mutant of the session code survived every test (issue 43): the
standings every front-end names its winner from (E1; the terminal's round-over screen calls these), and the
points and stars of a round after a ghost swap (B13), which go to the player sitting in the seat at the end."""

from __future__ import annotations

import pytest

from sevens.games.registry import families
from sevens.games.shichinarabe import parse_action, parse_position
from sevens.session.match import PointsMatch
from sevens.session.session import Seat
from sevens.session.standings import session_order, session_places, session_winners

R7 = "......7......"  # a row with only its 7 on the table
# Seats 1 and 2 are ghosts (seat 1's player was eliminated first, then seat 2's); seats 0 and 3 still play, and
# seat 0 holds only the 6♠.
GHOSTS = f"standard,ghost=true {R7}/{R7}/{R7}/{R7} 6s/-/-/* 0 2,3,3,1 1x,2x 3 0"


@pytest.mark.parametrize(
    ("totals", "places", "order", "winners"),
    [
        ([12, 25, 12, -5], [2, 1, 2, 4], [1, 0, 2, 3], [1]),
        ([20, 20, 3], [1, 1, 3], [0, 1, 2], [0, 1]),  # a tie shares the better place; both win
        ([-5, -10, -5, -20], [1, 3, 1, 4], [0, 2, 1, 3], [0, 2]),  # all below zero: the least negative wins
        ([0, 0, 0, 0], [1, 1, 1, 1], [0, 1, 2, 3], [0, 1, 2, 3]),  # nobody scored: everyone shares the win
        ([3, 7, 5], [3, 1, 2], [1, 2, 0], [1]),  # the best is neither the first seat nor the last
        ([-1, 4], [2, 1], [1, 0], [1]),
    ],
)
def test_places_order_and_winners_by_session_total(
    totals: list[int], places: list[int], order: list[int], winners: list[int]
) -> None:
    assert session_places(totals) == places
    assert session_order(totals) == order
    assert session_winners(totals) == winners


def test_the_points_and_stars_of_a_seat_go_to_the_player_sitting_in_it_after_a_ghost_swap() -> None:
    family = families()["shichinarabe"]
    seats = [Seat("Aiko"), Seat("Ken", human=True), Seat("Mio", human=True), Seat("Ren")]
    match = PointsMatch(family, "standard", family.presets["standard"], seats, seed=1, rounds=2)
    plan = match.next_plan()
    state = parse_position(GHOSTS)
    for text in ("ghost 1 0", "6s"):  # Aiko (seat 0) spoke to Ken's ghost: Ken plays out seat 0's hand and wins
        state.apply(parse_action(text))
    assert state.is_over() and state.occupants == (1, 0, 2, 3)
    result = match.record(plan, state)
    assert result.ranking == (1, 3, 0, 2)  # by player: Ken (back from the ghosts) first, Aiko out just now third
    # E2 by seat: +10 for seat 0 (went out), -5 for each eliminated seat, -10 for seat 3, left holding cards;
    # seat 0's +10 is Ken's, seat 1's -5 is Aiko's
    assert result.points == (-5, 10, -5, -10)
    assert result.outcomes == ("eliminated", "finished", "eliminated", "left")  # by player
    assert result.stars[1] > 0 and result.stars[2] == 0  # the winner's stars are Ken's; Mio was out first
    assert result.stars[0] == result.stars[3] == 0  # computer players earn no stars
    assert not match.is_over() and match.next_plan().number == 1  # the session goes on to its second round
