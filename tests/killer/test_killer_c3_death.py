"""C3: an empty position dies when its four orthogonal neighbours are out or walls; its card goes to its
holder's dead pile and the mover is credited with the kill. Variants (C4 ``death``, ``wrap``) alongside."""

from __future__ import annotations

import pytest

from sevens.errors import IllegalActionError
from sevens.games.killer import parse_action

from .helpers import cards, do, position


def test_c3_10d_dies_when_10h_9d_jd_10c_are_out() -> None:
    # Seed 001 fig. 3: 10♥ 9♦ J♦ are out; seat 0 plays 10♣, which kills 10♦ in seat 1's hand.
    state = position("Th 9d Jd", ["Tc 2s", "Td 2h", "*"])
    do(state, "Tc")
    assert state.dead_positions == cards("Td")
    assert state.dead_pile(1) == cards("Td") and not state.hand(1) & cards("Td")
    assert state.kills(0) == 1 and state.kills(1) == 0
    assert state.position().split()[1].split("/")[2] == "......7.9xJ.."  # the dead position is marked x


def test_c3_bottom_row_6c_dies_against_the_wall() -> None:
    # Seed 001 fig. 4: 6♦ 5♣ 7♣ out; the edge below clubs is a wall.
    state = position("6d", ["5c 2s", "*"])
    do(state, "5c")
    assert state.dead_positions == cards("6c")
    assert state.dead_pile(1) == cards("6c")


def test_c3_corner_as_dies_with_two_walls() -> None:
    # Seed 001 fig. 5: 2♠ and A♥ out kill A♠ in the corner.
    state = position("2s", ["Ah 3c", "*"])
    do(state, "Ah")
    assert state.dead_positions == cards("As")


def test_c3_wrap_has_no_walls() -> None:
    # With wrap the clubs row touches spades and K touches A: 6♣ needs 6♠ too (fig. 6), A♠ needs K♠ and A♣ (fig. 7).
    six = position("6d", ["5c 2s", "*"], rules="killer,wrap=true")
    do(six, "5c")
    assert six.dead_positions == 0
    do(six, "6s")  # seat 1 (the rest) plays 6♠, the neighbour of 6♣ across the wrap
    assert six.dead_positions == cards("6c")

    ace = position("2s Ks Ah", ["Ac 3d", "*"], rules="killer,wrap=true")
    assert ace.dead_positions == 0
    do(ace, "Ac")
    assert ace.dead_positions == cards("As")


def test_c3_horizontal_needs_only_left_and_right() -> None:
    state = position("8d 9d Jh", ["Jd 2s", "*"], rules="killer,death=horizontal")
    do(state, "Jd")
    assert state.dead_positions == cards("Td")  # 10♥ and 10♣ are not needed


def test_c3_horizontal_corner_dies_next_to_the_wall() -> None:
    state = position("3s", ["2s 3c", "*"], rules="killer,death=horizontal")
    do(state, "2s")
    assert state.dead_positions == cards("As")  # wall on the left, 2♠ on the right
    wrapped = position("3s Kh", ["2s 3c", "*"], rules="killer,death=horizontal,wrap=true")
    do(wrapped, "2s")
    assert wrapped.dead_positions == 0  # K♠ is A♠'s left neighbour now
    do(wrapped, "Ks")
    assert wrapped.dead_positions == cards("As")


def test_c3_all_eight_needs_the_diagonals_too() -> None:
    around = "Th 9d Jd"
    orthogonal = position(around, ["Tc 2s", "*"])
    eight = position(around + " 9h Jh 9c Jc", ["Tc 2s", "*"], rules="killer,death=all_eight")
    do(orthogonal, "Tc")
    do(eight, "Tc")
    assert orthogonal.dead_positions == cards("Td")
    assert eight.dead_positions == cards("Td")
    missing_diagonal = position(around + " 9h Jh 9c", ["Tc 2s", "*"], rules="killer,death=all_eight")
    do(missing_diagonal, "Tc")
    assert missing_diagonal.dead_positions == 0


def test_c3_one_move_kills_several_the_movers_own_included() -> None:
    # 9♦ closes 10♦ (10♥ J♦ 10♣ out; seat 0's own card) and 8♦ (8♥ 7♦ 8♣ out; seat 1's) at once.
    state = position("8h Th Jd Tc 8c 9c", ["9d Td 2s", "8d 2h", "*"])
    do(state, "9d")
    assert state.dead_positions == cards("Td 8d")
    assert state.dead_pile(0) == cards("Td") and state.dead_pile(1) == cards("8d")
    assert state.kills(0) == 2
    assert [str(item) for _, item in state.history] == ["9d", "dead Td by 0", "dead 8d by 0"]


def test_c3_dead_card_can_never_be_played() -> None:
    state = position("Th 9d Jd", ["Tc 2s", "Td 2h", "*"])
    do(state, "Tc")
    assert state.to_move == 1
    with pytest.raises(IllegalActionError, match="Td is dead"):
        state.apply(parse_action("Td"))
