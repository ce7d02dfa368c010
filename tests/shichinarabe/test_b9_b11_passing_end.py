"""B9 (passing), B10 (elimination lays the hand out) and B11 (end of the round, stalemate)."""

from __future__ import annotations

import pytest

from sevens.errors import IllegalActionError
from sevens.games.shichinarabe import Event, parse_action

from .helpers import EMPTY, R7, cards, do, legal, parse_position, playable_in


def test_b9_pass_limit_3_then_no_pass() -> None:
    state = parse_position(f"standard {R7}/{R7}/{R7}/{R7} 6sKs/* 0 2,0 - 1 0")
    assert legal(state) == ["6s", "pass"]
    do(state, "pass", "pass")
    assert state.passes_used(0) == 3
    assert legal(state) == ["6s"]
    before = state.position()
    with pytest.raises(IllegalActionError, match=r"no passes left \(3 of 3 used\)"):
        state.apply(parse_action("pass"))
    assert state.position() == before


def test_b9_unlimited_passes() -> None:
    state = parse_position(f"standard,pass_limit=none {R7}/{R7}/{R7}/{R7} 6sKs/* 0 250,0 - 1 0")
    assert legal(state) == ["6s", "pass"]
    do(state, "pass")
    assert state.passes_used(0) == 251


def test_b9_voluntary_pass_on_and_off() -> None:
    text = "{rules} {r}/{r}/{r}/{r} 6sKs/* 0 0,0 - 1 0"
    assert legal(parse_position(text.format(rules="standard", r=R7))) == ["6s", "pass"]  # 止める
    state = parse_position(text.format(rules="standard,voluntary_pass=false", r=R7))
    assert legal(state) == ["6s"]
    with pytest.raises(IllegalActionError, match="voluntary pass is off"):
        state.apply(parse_action("pass"))
    stuck = parse_position(f"standard,voluntary_pass=false {R7}/{R7}/{R7}/{R7} QsKs/* 0 0,0 - 1 0")
    assert legal(stuck) == ["pass"]  # no play: the pass is legal


def test_b9_no_pass_left_and_no_play_is_eliminated_and_the_turn_goes_on() -> None:
    state = parse_position(f"standard {R7}/{R7}/{R7}/{R7} 6sKc/QsKs/* 0 0,3,0 - 2 0")
    do(state, "6s")
    assert state.status(1) == "eliminated"
    assert state.to_move == 2
    assert state.exits == ((1, "eliminated"),)
    assert state.history[-1] == (1, Event("eliminated", cards=cards("Qs Ks")))


def test_b9_no_pass_left_but_a_play_must_play() -> None:
    state = parse_position(f"standard {R7}/{R7}/{R7}/{R7} 6sKc/8sKs/* 0 0,3,0 - 2 0")
    do(state, "6s")
    assert state.to_move == 1 and state.status(1) == "in"
    assert legal(state) == ["8s"]


def test_b9_passes_left_and_no_play_may_still_pass() -> None:
    state = parse_position(f"standard {R7}/{R7}/{R7}/{R7} 6sKc/QsKs/* 0 0,2,0 - 2 0")
    do(state, "6s")
    assert state.to_move == 1 and legal(state) == ["pass"]
    do(state, "pass", "pass", "pass")  # seats 1, 2, 0 (Kc is not playable)
    assert state.status(1) == "eliminated"  # the "fourth pass"
    assert state.to_move == 2


def test_b9_pass_limit_2_is_elimination_on_the_third_pass() -> None:
    state = parse_position(f"standard,pass_limit=2 {R7}/{R7}/{R7}/{R7} 6s5sKc/QsKs/* 0 0,1,0 - 2 0")
    do(state, "6s", "pass", "pass")  # seat 1's second pass, then seat 2
    assert state.passes_used(1) == 2 and state.status(1) == "in"
    do(state, "5s")
    assert state.status(1) == "eliminated"  # its third pass would be its elimination
    assert state.to_move == 2


def test_b10_seed_example_laid_out_10h_leaves_a_gap_at_9h() -> None:
    state = parse_position(f"standard {R7}/..345678...../{R7}/{R7} 6sKc/ThQs/* 0 0,3,0 - 2 0")
    do(state, "6s")
    assert state.status(1) == "eliminated"
    assert state.table & cards("Th Qs") == cards("Th Qs") and not state.table & cards("9h")
    assert playable_in(state, "h") == {"2h", "9h"}  # 10♥ does not make J♥ playable
    assert "Jh" not in legal(state) and "9h" in legal(state)
    do(state, "9h")
    assert playable_in(state, "h") == {"2h", "Jh"}


def test_b10_fan_tan_laid_out_cards_wait_for_their_7() -> None:
    # 6♠ and 8♠ cannot be played before 7♠: seat 1 is eliminated holding them, they wait for the 7.
    state = parse_position(f"fan_tan {EMPTY}/......7....../{EMPTY}/{EMPTY} 7s/6s8s/* 0 0,3,0 - 2 0")
    assert legal(state) == ["7s", "pass"]
    do(state, "pass")
    assert state.status(1) == "eliminated" and state.table & cards("6s 8s") == cards("6s 8s")
    assert playable_in(state, "s") == {"7s"}
    do(state, "pass", "7s")
    assert playable_in(state, "s") == {"5s", "9s"}


def test_b10_fan_tan_a_laid_7_is_that_suits_7() -> None:
    # A 7 laid out on the table (as an elimination does) opens its suit like a played 7.
    state = parse_position(f"fan_tan ......7.9..../{EMPTY}/{EMPTY}/{EMPTY} 8s6s/* 0 0,0 - 1 0")
    assert playable_in(state, "s") == {"6s", "8s"}
    assert legal(state) == ["6s", "8s", "pass"]
    do(state, "8s")
    assert playable_in(state, "s") == {"6s", "Ts"}


def test_b11_round_ends_when_one_player_holds_cards() -> None:
    state = parse_position(f"standard {R7}/{R7}/{R7}/{R7} 6s/8s/* 0 0,0,0 - 2 0")
    do(state, "6s")
    assert not state.is_over() and state.exits == ((0, "finished"),)
    do(state, "8s")
    assert state.is_over() and state.to_move is None and not state.is_stalemate()
    assert state.result().ranking == (0, 1, 2)
    assert state.result().outcomes == ("finished", "finished", "left")
    with pytest.raises(IllegalActionError, match="round is over"):
        state.apply(parse_action("pass"))


def test_b11_round_ends_by_elimination() -> None:
    state = parse_position(f"standard {R7}/{R7}/{R7}/{R7} */QsKs 0 0,3 - 1 0")
    do(state, "pass")
    assert state.is_over() and state.status(1) == "eliminated"
    assert state.result().ranking == (0, 1)
    assert state.result().outcomes == ("left", "eliminated")


def test_b11_stalemate_after_one_full_cycle_of_passes() -> None:
    state = parse_position(f"standard,pass_limit=none {R7}/{R7}/{R7}/{R7} 6sKc/8sQs/* 0 0,0,0 - 2 0")
    do(state, "pass", "pass")
    assert not state.is_over()
    do(state, "6h")  # seat 2: a play breaks the streak
    assert state.pass_streak == 0
    do(state, "pass", "pass")
    assert not state.is_over()
    do(state, "pass")  # seats 0, 1, 2: everyone in the round passed in succession
    assert state.is_over() and state.is_stalemate()
    assert state.history[-1] == (2, Event("stalemate"))
    assert set(state.result().outcomes) == {"stalemate"}


def test_b11_stalemate_counts_only_players_still_in() -> None:
    state = parse_position(f"standard,pass_limit=none {R7}/{R7}/{R7}/{R7} 6s/-/*/8sQs 0 0,0,0,0 1f 3 0")
    do(state, "pass", "pass")
    assert not state.is_over()
    do(state, "pass")  # three players in, three passes
    assert state.is_stalemate()
