"""Betting rounds (D4): order, fixed limit, raise cap, all-in calls, fold-out; illegal actions say why."""

from __future__ import annotations

import pytest

from sevens.errors import IllegalActionError
from sevens.games.seven27 import Rules, State, parse_action

from .helpers import at, legal

# Four players, dealer 3 (seat 0 is the dealer's left), antes in, first betting round, seat 0 to act.
START = "seven27 3 1 b0 5s/9h/Kc/2d AhAd/Th/Qd/3c 99,99,99,99 1,1,1,1 0,0,0,0 0,0,0,0 - *"


def test_d4_first_to_act_is_left_of_the_dealer() -> None:
    for dealer in range(4):
        state = State.new(Rules.preset("seven27"), seed=5, dealer=dealer)
        assert state.to_move == (dealer + 1) % 4
        assert (state.phase, state.betting_round) == ("bet", 1)


def test_d4_everyone_checks_then_a_card_round() -> None:
    state = at(START, "check check check")
    assert (state.phase, state.to_move) == ("bet", 3)
    state = at(START, "check check check check")
    assert (state.phase, state.to_move, state.pot) == ("card", 0, 4)


def test_d4_after_a_bet_each_may_call_raise_or_fold() -> None:
    state = at(START, "bet")
    assert (state.to_move, state.high_bet, state.bet(0), state.stack(0)) == (1, 5, 5, 94)
    assert legal(state) == ["call", "raise", "fold"]
    state = at(START, "bet call raise")
    assert (state.high_bet, state.bet(2), state.to_call(3), state.to_call(0)) == (10, 10, 10, 5)


def test_d4_round_ends_when_everyone_has_acted_and_matched() -> None:
    state = at(START, "check bet raise call call")
    assert (state.phase, state.to_move) == ("bet", 1)  # seat 1 bet, then was raised: it must act again
    state = at(START, "check bet raise call call call")
    assert state.phase == "card"
    assert [state.committed(s) for s in range(4)] == [11] * 4
    assert [state.bet(s) for s in range(4)] == [0] * 4
    assert state.pot == 44


def test_d4_raise_cap_three_raises_after_the_opening_bet() -> None:
    state = at(START, "bet raise raise raise")
    assert (state.raises, state.high_bet, state.to_move) == (3, 20, 0)
    assert legal(state) == ["call", "fold"]
    with pytest.raises(IllegalActionError, match="the raise cap of 3 is reached this round; legal now: call fold"):
        state.apply(parse_action("raise"))


def test_d4_raise_cap_zero_allows_only_the_opening_bet() -> None:
    state = at(START.replace("seven27", "seven27,raise_cap=0", 1), "bet")
    assert legal(state) == ["call", "fold"]


def test_d4_small_bets_in_rounds_one_and_two_big_bets_from_the_third() -> None:
    assert at(START, "bet").bet(0) == 5
    assert at(START.replace(" 1 b0 ", " 2 b0 "), "bet raise").bet(1) == 10
    round3 = at(START.replace(" 1 b0 ", " 3 b0 "), "bet raise")
    assert (round3.bet(0), round3.bet(1), round3.bet_size) == (10, 20, 10)


def test_d4_fold_out_wins_the_pot_at_once_without_a_showdown() -> None:
    state = at(START, "bet raise fold fold fold")
    assert state.is_over()
    result = state.result()
    assert result.fold_out
    assert result.chip_delta == (-6, 8, -1, -1)
    assert result.ranking == (1, 2, 3, 0)
    assert not any(op.kind == "show" for op in state.history)
    assert state.down_cards(1) & state.hidden_from(0)  # the winner's down card stays hidden
    assert "9h" not in str(state.view(0).to_dict())


def test_d4_short_stack_calls_all_in_for_less() -> None:
    state = at(START.replace("99,99,99,99", "99,3,99,99"), "bet")
    assert legal(state) == ["call", "fold"]  # a raise would cost 10
    state.apply(parse_action("call"))
    assert (state.stack(1), state.bet(1), state.is_all_in(1)) == (0, 3, True)
    assert state.history[-1].text() == "p1 call 3 all-in"
    state = at(state.position(), "call call")
    assert state.phase == "card"  # seat 1 is all-in for less; everyone else matched
    assert [(p.amount, p.eligible) for p in state.pots()] == [(16, (0, 1, 2, 3)), (6, (0, 2, 3))]


def test_d4_short_stack_cannot_open_the_betting() -> None:
    state = at(START.replace("99,99,99,99", "4,99,99,99"))
    assert legal(state) == ["check"]
    with pytest.raises(IllegalActionError, match="it costs 5 and you have 4"):
        state.apply(parse_action("bet"))


def test_d4_no_bet_or_raise_when_nobody_else_could_answer() -> None:
    heads_up = "seven27 1 1 b0 5s/9h AhAd/Th 5,99 1,1 0,0 0,0 - *"
    state = at(heads_up, "bet")
    assert state.is_all_in(0)
    assert legal(state) == ["call", "fold"]
    with pytest.raises(IllegalActionError, match="every other player still in is all-in"):
        state.apply(parse_action("raise"))


def test_d4_betting_is_skipped_when_only_one_player_has_chips() -> None:
    state = State.new(Rules.preset("seven27"), seed=2, stacks=[100, 1, 1, 1])
    assert (state.phase, state.betting_round) == ("card", 1)
    assert all(state.is_all_in(s) for s in (1, 2, 3))


@pytest.mark.parametrize(
    ("actions", "bad", "message"),
    [
        ("", "call", "call: there is no bet to call; legal now: check bet"),
        ("", "fold", "fold: nothing is owed; check instead of folding; legal now: check bet"),
        ("", "raise", "raise: there is no bet to raise; bet instead"),
        ("", "take", "take: this is a betting round"),
        ("bet", "check", "check: you owe 5 to call the bet of 5; legal now: call raise fold"),
        ("bet", "bet", "bet: there is already a bet of 5 this round"),
        (
            "check check check check",
            "check",
            "check: this is a card round: take a card or stand; legal now: take stand",
        ),
        ("bet fold fold fold", "check", "the deal is over; no action is legal"),
    ],
)
def test_illegal_actions_say_why_and_change_nothing(actions: str, bad: str, message: str) -> None:
    state = at(START, actions)
    before, history = state.position(), state.history
    with pytest.raises(IllegalActionError, match=message) as info:
        state.apply(parse_action(bad))
    assert info.value.reason.startswith("refusal.") and info.value.params["action"] == bad
    assert state.position() == before
    assert state.history == history
    assert not state.is_legal(parse_action(bad))
