"""C7: the round ends when nobody holds a live card, or by stalemate (held cards then count as dead).
C8: ranking by fewest dead cards among those not eliminated, ``tiebreak``, then the eliminated."""

from __future__ import annotations

import random

import pytest

from sevens.games.killer import Rules, State

from .helpers import cards, do, everything_but, legal, position

DEAD4 = "3s 9h 5d Jc"  # four positions that are dead once everything else is out


def test_c7_round_ends_when_nobody_holds_a_live_card() -> None:
    state = position(everything_but("5s 6s"), ["5s", "6s"])
    do(state, "5s")  # kills 6♠, the other seat's last card
    assert state.is_over() and state.legal_actions() == []
    result = state.result()
    assert result.ranking == (0, 1) and result.dead_cards == (0, 1)
    assert result.outcomes == ("finished", "finished")


def test_c7_the_last_player_plays_on_alone() -> None:
    state = position(everything_but("4s 5s 6s"), ["4s", "5s 6s"])
    do(state, "4s")
    assert state.status(0) == "finished" and not state.is_over()
    assert state.to_move == 1 and legal(state) == ["5s", "6s", "pass"]
    do(state, "6s")  # kills their own 5♠
    assert state.is_over()
    assert state.result().dead_cards == (0, 1) and state.kills(1) == 1


def test_c7_stalemate_with_unlimited_passes() -> None:
    state = position(everything_but("4s 5s 6s"), ["4s", "5s 6s"], rules="killer,pass_limit=none")
    do(state, "pass")
    assert not state.is_over()
    do(state, "pass")
    assert state.is_over() and state.is_stalemate()
    assert str(state.history[-1][1]) == "stalemate"
    result = state.result()
    assert result.outcomes == ("stalemate", "stalemate")
    assert result.dead_cards == (1, 2)  # held cards count as dead
    assert result.ranking == (0, 1)


def test_c7_no_stalemate_while_passes_are_limited() -> None:
    state = position(everything_but("4s 5s 6s"), ["4s", "5s 6s"])
    do(state, "pass", "pass", "pass", "pass")
    assert not state.is_over() and state.pass_streak == 4


@pytest.mark.parametrize("death", ["orthogonal", "horizontal", "all_eight"])
@pytest.mark.parametrize("wrap", [False, True])
def test_c7_some_live_card_is_always_in_reach(death: str, wrap: bool) -> None:
    # Why a stalemate needs voluntary passes: while anyone holds a live card, some live card touches the table
    # (its row always leads back to its 7), so with voluntary_pass off the round always plays out.
    rules = Rules.preset("killer", death=death, wrap=wrap, pass_limit=None, voluntary_pass=False)
    rng = random.Random(7)
    for seed in range(15):
        state = State.new(rules.replace(players=rng.randint(2, 8)), seed)
        while not state.is_over():
            held = 0
            for s in range(state.players):
                held |= state.hand(s)
            assert held & state.playable_positions
            options = state.legal_actions()
            state.apply(options[rng.randrange(len(options))])
        assert not state.is_stalemate()


def _final(exits: str, rules: str = "killer") -> State:
    return position(
        everything_but(DEAD4), ["-"] * 4, rules=rules, turn="-", exits=exits,
        dead=["3s 9h", "-", "5d", "Jc"], kills=[1, 2, 0, 1],
    )  # fmt: skip


def test_c8_fewest_dead_then_earlier_exit() -> None:
    result = _final("2f,3f,1f,0f").result()
    assert result.dead_cards == (2, 0, 1, 1)
    assert result.ranking == (1, 2, 3, 0)


def test_c8_tiebreak_most_kills() -> None:
    result = _final("2f,3f,1f,0f", rules="killer,tiebreak=most_kills").result()
    assert result.ranking == (1, 3, 2, 0)  # seat 3 (1 kill) passes seat 2 (none); dead cards still come first


def test_c8_eliminated_rank_last_first_eliminated_lowest() -> None:
    result = _final("1x,2f,3x,0f").result()
    assert result.ranking == (2, 0, 3, 1)  # seat 1 had no dead card: it does not matter once eliminated
    assert result.outcomes == ("finished", "eliminated", "finished", "eliminated")


@pytest.mark.parametrize(("dealer", "ranking"), [(1, (0, 2, 1)), (2, (0, 1, 2))])
def test_c8_never_left_after_those_who_left_then_seat_order(dealer: int, ranking: tuple[int, ...]) -> None:
    state = position(
        everything_but("3s Js Qs"), ["-", "Js", "Qs"], rules="killer,pass_limit=none", turn="-",
        dead=["3s", "-", "-"], kills=[0, 1, 0], exits="0f", dealer=dealer, streak=2,
    )  # fmt: skip
    result = state.result()
    assert result.dead_cards == (1, 1, 1)
    assert result.ranking == ranking
    assert result.outcomes == ("finished", "stalemate", "stalemate")
    assert cards("Js") == state.hand(1)
