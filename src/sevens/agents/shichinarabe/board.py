"""Reading the table as *lanes*: the order in which each suit's empty positions can still be filled.

A suit's run grows from its 7 at two ends (B5). Each open end defines a lane: the empty positions it will
reach, nearest first (cards laid out by an elimination are skipped, they join the run by themselves). With
the A–K link (B6) the two lanes run through the same arc of empty positions in opposite directions; the
tunnel (B7) closes one of them. In Fan Tan (B3) a suit whose 7 is not out has both lanes start at the 7.

Playability itself always comes from the engine's own tables (:func:`playable_mask`), so agents never
disagree with the rules; lanes are only for planning (who waits behind whom).

>>> from sevens.games.shichinarabe import Rules
>>> row_lanes(0b0000001000000, False, "off")  # only the 7: up 8…K, down 6…A
((7, 8, 9, 10, 11, 12), (5, 4, 3, 2, 1, 0))
>>> row_lanes(0b1111111000000, True, "cross")  # 7…K out, link on: up continues at A; both ends open
((0, 1, 2, 3, 4, 5), (5, 4, 3, 2, 1, 0))
"""

from __future__ import annotations

from collections.abc import Sequence

from sevens.cards import ROW, ROW_MASK
from sevens.games.shichinarabe.lanes import Lane as Lane  # moved there, re-exported
from sevens.games.shichinarabe.lanes import both_open as both_open
from sevens.games.shichinarabe.lanes import row_lanes as row_lanes
from sevens.games.shichinarabe.rules import Rules
from sevens.games.shichinarabe.tables import shifted_tables


def playable_mask(occupied: int, rules: Rules) -> int:
    """Positions a card may be played on, exactly as the engine decides (occupied = cards and jokers)."""
    return _by_suit(shifted_tables(rules.ak_link, rules.tunnel)[0], occupied)


def joker_masks(occupied: int, rules: Rules) -> tuple[int, int]:
    """``(below, above)``: cards X for which ``Jk+X`` (joker below X) or ``X+Jk`` is legal on this table."""
    _, below, above = shifted_tables(rules.ak_link, rules.tunnel)
    return _by_suit(below, occupied), _by_suit(above, occupied)


def _by_suit(tables: Sequence[Sequence[int]], occupied: int) -> int:
    """The union over the four suits of ``tables[suit][that suit's row of occupied]`` (written out: the heuristic
    asks it for every play it weighs, and a loop costs twice as much)."""
    return (
        tables[0][occupied & ROW_MASK]
        | tables[1][(occupied >> ROW) & ROW_MASK]
        | tables[2][(occupied >> 2 * ROW) & ROW_MASK]
        | tables[3][(occupied >> 3 * ROW) & ROW_MASK]
    )


def neighbour(card: int, side: int, ring: bool) -> int:
    """The position on ``side`` (−1 below, +1 above) of ``card`` in its row (the joker's position)."""
    suit, rank = divmod(card, ROW)
    rank += side
    if ring:
        rank %= ROW
    return suit * ROW + rank
