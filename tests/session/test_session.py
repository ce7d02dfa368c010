"""E1–E5: sessions, the points table, stars, the turn clock's default action and hints."""

from __future__ import annotations

from typing import cast

import pytest

from sevens.cards import card_text
from sevens.games.base import GameState
from sevens.games.shichinarabe import FAMILY, Rules, State, parse_action, parse_position
from sevens.session.clock import TurnClock, default_action
from sevens.session.hints import playable_cards
from sevens.session.scoring import PointsTable, points_for_round, round_points
from sevens.session.session import Seat, Session
from sevens.session.stars import stars_for_round


def play_out(state: GameState) -> None:
    while not state.is_over():
        state.apply(state.legal_actions()[-1])


def make_session(players: int = 4) -> Session:
    seats = [Seat("Aiko", human=True)] + [Seat(f"bot{i}") for i in range(players - 1)]
    return Session(FAMILY, "standard", Rules(players=players), seats, seed=11)


def test_e1_dealer_moves_clockwise_and_totals_accumulate() -> None:
    session = make_session()
    dealers, sums = [], 0
    for _ in range(5):
        state = cast(State, session.new_round())  # a Shichi-narabe session deals Shichi-narabe states
        dealers.append(state.dealer)
        play_out(state)
        sums += sum(session.record_round(state).points)
    assert dealers == [3, 0, 1, 2, 3]
    assert sum(session.totals) == sums and len(session.rounds) == 5
    assert session.new_round().position() != make_session().new_round().position()  # round 5 deals anew


def test_e1_recording_an_unfinished_round_is_refused() -> None:
    session = make_session()
    with pytest.raises(ValueError, match="still being played"):
        session.record_round(session.new_round())


def test_e2_default_points_by_place_and_outcome() -> None:
    ranking = (4, 2, 0, 5, 1, 3)
    outcomes = ("finished", "eliminated", "finished", "joker_stuck", "finished", "left")
    assert points_for_round(ranking, outcomes) == [2, -5, 5, -10, 10, -10]


def test_e2_after_a_stalemate_only_the_last_holder_is_biri() -> None:
    assert points_for_round((1, 0, 2), ("stalemate", "finished", "stalemate")) == [5, 10, -10]


def test_e2_a_player_who_outlasts_everyone_ranks_first_and_scores_ten() -> None:
    # Seat 0 spends its last pass; seats 1 and 2 have no play and no pass: eliminated. Seat 3 plays, and
    # seat 0, out of passes with no play, is eliminated too: seat 3, still holding cards, is alone.
    r7 = "......7......"
    state = parse_position(f"standard {r7}/{r7}/{r7}/{r7} 2s3s/QsKs/QhKh/* 0 2,3,3,0 - 3 0")
    state.apply(parse_action("pass"))
    state.apply(parse_action("8s"))
    assert state.is_over() and state.exits == ((1, "eliminated"), (2, "eliminated"), (0, "eliminated"))
    result = state.result()
    assert result.ranking[0] == 3 and result.outcomes[3] == "left"
    assert round_points(FAMILY, state) == [-5, -5, -5, 10]  # E2: the survivor is 1st, +10, never the ビリ
    assert stars_for_round(result.ranking, result.outcomes)[3] == 3


def test_e2_table_is_configurable() -> None:
    table = PointsTable(by_place=(3, 1), other=0, eliminated=-1, last=-2, joker_stuck=-3)
    assert points_for_round((0, 1, 2, 3), ("finished", "finished", "finished", "left"), table) == [3, 1, 0, -2]


def test_e3_stars_only_for_humans_and_they_add_up() -> None:
    assert stars_for_round((0, 1, 2, 3), ("finished", "finished", "left", "eliminated")) == [3, 2, 1, 0]
    assert stars_for_round((0, 1, 2), ("finished", "left", "eliminated")) == [3, 1, 0]  # top half of 3 is place 1
    session = make_session()
    for _ in range(3):
        state = session.new_round()
        play_out(state)
        score = session.record_round(state)
        assert score.stars[1:] == (0, 0, 0)
    assert session.stars[0] == sum(r.stars[0] for r in session.rounds)


def test_e4_clock_expires_without_sleeping() -> None:
    now = [0.0]
    clock = TurnClock(10, lambda: now[0])
    clock.start(1)
    now[0] = 9.99
    assert not clock.expired()
    now[0] = 10.0
    assert clock.expired() and clock.remaining() == 0
    assert TurnClock(None, lambda: now[0]).remaining() is None
    with pytest.raises(ValueError, match="more than 0"):
        TurnClock(0)


def test_e4_default_action_is_a_pass_when_legal() -> None:
    state = parse_position(
        "standard ......7....../......7....../......7....../......7...... 5s6s8s/*/-/- 0 0,0,0,0 2f,3f 1 0"
    )
    assert str(default_action(state.legal_actions())) == "pass"


def test_e4_default_action_otherwise_plays_closest_to_seven_in_suit_order() -> None:
    # Seat 0 has used all its passes: 6♠, 8♥ and 6♣ are all one from their 7: spades come first.
    state = parse_position(
        "standard ......7....../......7....../......7....../......7...... 6s5h8h6cKc/*/-/- 0 3,0,0,0 2f,3f 1 0"
    )
    assert [str(a) for a in state.legal_actions()] == ["6s", "8h", "6c"]
    assert str(default_action(state.legal_actions())) == "6s"
    assert str(default_action([parse_action("8h"), parse_action("5h")])) == "8h"


def test_e5_hints_list_exactly_the_playable_cards_of_the_hand() -> None:
    state = parse_position(
        "standard ......7....../......7....../......7....../......7...... 6s5h8h6cKc/*/-/- 0 0,0,0,0 2f,3f 1 0"
    )
    assert [card_text(c) for c in playable_cards(state.legal_actions())] == ["6s", "8h", "6c"]
