"""Sessions (D1, D8): the dealer rotates, broke players leave, the session ends on time or with one winner."""

from __future__ import annotations

import pytest

from sevens.games.seven27 import Rules, Session, State
from sevens.games.seven27.actions import Action

from .helpers import aggressive


def passive(state: State) -> Action:
    return state.legal_actions()[0]  # check, call or take


def test_d1_d8_dealer_moves_one_seat_clockwise_each_deal() -> None:
    session = Session(Rules.preset("seven27", players=4, deals=6), seed=1)
    session.play(passive)
    assert [s.dealer for s in session.summaries] == [3, 0, 1, 2, 3, 0]
    assert session.is_over() and session.deals_played == 6


def test_d8_chips_carry_over_and_are_conserved() -> None:
    session = Session(Rules.preset("seven27", players=5, deals=8), seed=2)
    totals = session.play(aggressive)
    assert sum(session.stacks) == 500 and sum(totals) == 0
    for summary in session.summaries:
        assert sum(summary.chip_delta) == 0
    assert totals == [sum(s.chip_delta[seat] for s in session.summaries) for seat in range(5)]


def test_d8_a_player_with_no_chips_leaves_and_the_button_skips_them() -> None:
    session = Session(Rules.preset("seven27", players=4), seed=3, stacks=[50, 0, 50, 50], dealer=0)
    assert session.seated == (0, 2, 3)
    deal = session.next_deal()
    assert deal.seats == (0, 2, 3) and deal.state.players == 3
    assert deal.state.dealer == 0
    while not deal.state.is_over():
        deal.state.apply(passive(deal.state))
    session.record(deal)
    assert session.dealer == 2  # seat 1 is skipped


def test_d8_dealer_who_went_broke_passes_the_button_on() -> None:
    session = Session(Rules.preset("seven27", players=3), seed=3, stacks=[10, 10, 0], dealer=2)
    assert session.dealer == 0


def test_d8_session_ends_when_one_player_holds_every_chip() -> None:
    rules = Rules.preset("seven27", players=3, stack=12, deals=None)
    session = Session(rules, seed=4)
    session.play(aggressive, max_deals=500)
    assert session.is_over()
    assert len(session.seated) == 1
    assert max(session.stacks) == 36
    with pytest.raises(ValueError, match="the session is over"):
        session.next_deal()


def test_d8_record_checks_the_deal() -> None:
    session = Session(Rules.preset("seven27", players=2, deals=2), seed=5)
    deal = session.next_deal()
    with pytest.raises(ValueError, match="not over yet"):
        session.record(deal)
