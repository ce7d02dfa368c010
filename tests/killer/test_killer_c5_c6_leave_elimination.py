"""C5: a player whose hand becomes empty (played or killed) leaves at once. C6: elimination (B9/B10) lays the
hand out, which may kill, and any card touching a laid-out card becomes playable."""

from __future__ import annotations

from .helpers import cards, do, legal, position


def test_c5_leaves_after_playing_the_last_card() -> None:
    state = position("", ["6s", "2h 3h", "*"])
    do(state, "6s")
    assert state.status(0) == "finished" and state.exits == ((0, "finished"),)
    assert state.to_move == 1


def test_c5_leaves_when_the_last_card_is_killed() -> None:
    state = position("Th 9d Jd", ["Tc 2s", "Td", "*"])
    do(state, "Tc")
    assert state.status(1) == "finished" and state.dead_count(1) == 1
    assert state.to_move == 2  # seat 1 is skipped: it has left


def test_c5_mover_leaves_first_then_the_others_clockwise() -> None:
    state = position("Th 9d Jd", ["Td", "Tc", "*", "2s"], turn=1)
    do(state, "Tc")
    assert state.exits == ((1, "finished"), (0, "finished"))
    assert [str(item) for _, item in state.history] == ["Tc", "dead Td by 1", "finished", "finished"]


def test_c5_killing_your_own_last_card_also_leaves() -> None:
    state = position("Th 9d Jd", ["Tc Td", "*"])
    do(state, "Tc")
    assert state.status(0) == "finished"
    assert state.dead_pile(0) == cards("Td") and state.kills(0) == 1


def test_c6_no_pass_left_and_no_play_eliminates_and_lays_out() -> None:
    state = position("", ["6s 2c", "2h", "*"], passes=[0, 3, 0])
    do(state, "6s")
    assert state.status(1) == "eliminated" and state.exits == ((1, "eliminated"),)
    assert state.table & cards("2h")
    assert state.to_move == 2
    assert [str(item) for _, item in state.history] == ["6s", "eliminated 2h"]


def test_c6_laid_out_cards_kill_credited_to_the_eliminated_player() -> None:
    # 2♠ and A♥ touch nothing on the table, so seat 1 cannot play them; laid out, they close A♠ in its corner.
    state = position("", ["6s 2c", "2s Ah", "As", "*"], passes=[0, 3, 0, 0])
    do(state, "6s")
    assert state.dead_positions == cards("As")
    assert state.kills(1) == 1 and state.dead_pile(2) == cards("As")
    assert state.exits == ((1, "eliminated"), (2, "finished"))  # seat 2's only card died
    assert state.to_move == 3


def test_c6_play_next_to_a_lone_card_after_an_elimination() -> None:
    # Seed 001 fig. 8: a lone Q♥ laid out by an elimination makes J♠ Q♠ K♠ J♥ K♥ J♦ Q♦ K♦ playable.
    around = cards("Js Qs Ks Jh Kh Jd Qd Kd")
    state = position("", ["6s 2c", "Qh", "*"], passes=[0, 3, 0])
    assert not state.playable_positions & around
    do(state, "6s")
    assert state.to_move == 2 and state.table & cards("Qh")
    assert state.playable_positions & around == around
    assert {"Js", "Qs", "Ks", "Jh", "Kh", "Jd", "Qd", "Kd"} <= set(legal(state))
