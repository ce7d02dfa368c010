"""The one standings function and its one tie rule (docs/decisions.md): places by session total, equal totals
share the better place, nothing else breaks a tie (not stars: computers earn none, E3), tied players in seat
order."""

from __future__ import annotations

import pytest

from sevens.session.standings import (
    Standing,
    session_order,
    session_places,
    session_standings,
    session_winners,
    standings_of_rounds,
)


def test_equal_totals_share_the_better_place_and_the_next_place_is_skipped() -> None:
    assert session_places([10, 30, 10, 10, -5]) == [2, 1, 2, 2, 5]


def test_stars_do_not_break_a_tie_and_tied_players_keep_seat_order() -> None:
    # the person (seat 2) earned stars, the computers (seats 0 and 1) none: all three still share first place
    standings = session_standings([15, 15, 15, 0], [0, 0, 6, 1])
    assert standings == [Standing(0, 1, 15, 0), Standing(1, 1, 15, 0), Standing(2, 1, 15, 6), Standing(3, 4, 0, 1)]
    assert session_winners([15, 15, 15, 0]) == [0, 1, 2]


def test_the_standings_follow_the_totals_not_the_last_round() -> None:
    # seat 0 won the last round (+10) but the session belongs to seat 1
    points = [[-10, 10, 5], [10, -10, 5], [10, 5, -10]]
    stars = [[1, 3, 2], [3, 1, 2], [3, 2, 1]]
    standings = standings_of_rounds(points, stars, 3)
    assert [(s.player, s.place, s.total, s.stars) for s in standings] == [(0, 1, 10, 7), (1, 2, 5, 6), (2, 3, 0, 5)]
    assert [s.player for s in standings] == session_order([10, 5, 0])


def test_no_rounds_puts_everyone_first_with_nothing() -> None:
    assert [s.to_dict() for s in standings_of_rounds([], [], 2)] == [
        {"player": 0, "place": 1, "total": 0, "stars": 0},
        {"player": 1, "place": 1, "total": 0, "stars": 0},
    ]


def test_stars_for_another_number_of_players_are_refused() -> None:
    with pytest.raises(ValueError, match="stars for 1 players but totals for 2"):
        session_standings([1, 2], [0])
