"""C2: a live card is playable when any of its eight neighbours is on the table (cyclic with ``wrap``)."""

from __future__ import annotations

import pytest

from sevens.errors import IllegalActionError
from sevens.games.killer import parse_action

from .helpers import cards, legal, position

EIGHT_AROUND_5H = "4s 5s 6s 4h 6h 4d 5d 6d"


def test_c2_5h_needs_a_neighbour_seed_example() -> None:
    # Only the 7s are out: 5♥ touches none of them (they stand two columns away).
    alone = position("", ["5h 2c", "*"])
    assert "5h" not in legal(alone)


@pytest.mark.parametrize("neighbour", EIGHT_AROUND_5H.split())
def test_c2_5h_playable_next_to_any_of_eight(neighbour: str) -> None:
    state = position(neighbour, ["5h 2c", "*"])
    assert "5h" in legal(state)


def test_c2_playable_positions_are_every_empty_touching_position() -> None:
    state = position("", ["6s", "*"])
    # around the column of 7s: the 6s and 8s of every suit
    assert state.playable_positions == cards("6s 8s 6h 8h 6d 8d 6c 8c")


def test_c2_not_touching_is_illegal_and_says_why() -> None:
    state = position("", ["5h 2c", "*"])
    before = state.position()
    with pytest.raises(IllegalActionError, match=r"5h does not touch any card on the table.*legal now: pass"):
        state.apply(parse_action("5h"))
    assert state.position() == before


def test_c2_walls_vs_wrap_across_k_and_a() -> None:
    # K♥ touches A♠ (diagonally) and A♥ only through the wrap.
    walls = position("As", ["Kh 2c", "*"])
    assert "Kh" not in legal(walls)
    wrapped = position("As", ["Kh 2c", "*"], rules="killer,wrap=true")
    assert "Kh" in legal(wrapped)


def test_c2_wrap_joins_clubs_to_spades() -> None:
    walls = position("3c", ["3s 2d", "*"])
    assert "3s" not in legal(walls)
    wrapped = position("3c", ["3s 2d", "*"], rules="killer,wrap=true")
    assert legal(wrapped)[:2] == ["3s", "2d"]
