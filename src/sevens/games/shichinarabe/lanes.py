"""Lanes: the order in which each suit's empty positions of a 七並べ table can still be filled.

A suit's run grows from its 7 at two ends (B5). Each open end defines a lane: the empty positions it will
reach, nearest first (cards laid out by an elimination are skipped, they join the run by themselves). With
the A–K link (B6) the two lanes run through the same arc of empty positions in opposite directions; the
tunnel (B7) closes one of them. In Fan Tan (B3) a suit whose 7 is not out has both lanes start at the 7.

This is geometry of the rules, read by both the agents' policy (:mod:`sevens.agents.shichinarabe.board`
re-exports it) and the compiled kernel's tables; the engine itself decides playability from
:mod:`.tables`.

>>> row_lanes(0b0000001000000, False, "off")  # only the 7: up 8…K, down 6…A
((7, 8, 9, 10, 11, 12), (5, 4, 3, 2, 1, 0))
>>> row_lanes(0b1111111000000, True, "cross")  # 7…K out, link on: up continues at A; both ends open
((0, 1, 2, 3, 4, 5), (5, 4, 3, 2, 1, 0))
"""

from __future__ import annotations

from functools import cache

from sevens.cards import ROW, SEVEN_RANK_INDEX
from sevens.games.shichinarabe.tables import run_reach, tunnel_closed

SEVEN_BIT = 1 << SEVEN_RANK_INDEX
Lane = tuple[int, ...]


@cache
def row_lanes(row: int, ring: bool, tunnel: str) -> tuple[Lane, ...]:
    """The lanes of one suit's row (13-bit occupancy, joker positions included), as rank indices 0–12."""
    if not row & SEVEN_BIT:  # Fan Tan: the 7 opens both ends
        inner = row_lanes(row | SEVEN_BIT, ring, tunnel)
        return tuple((SEVEN_RANK_INDEX, *lane) for lane in inner) or ((SEVEN_RANK_INDEX,),)
    up, down = run_reach(row, ring)
    if up + down == ROW - 1:
        return ()
    return _ring_lanes(row, up, down, tunnel) if ring else _straight_lanes(row, up, down)


def _straight_lanes(row: int, up: int, down: int) -> tuple[Lane, ...]:
    """Without the link: up from the run's top to K, down from its bottom to A, each while it has a gap."""
    up_lane = tuple(p for p in range(SEVEN_RANK_INDEX + up + 1, ROW) if not row >> p & 1)
    down_lane = tuple(p for p in range(SEVEN_RANK_INDEX - down - 1, -1, -1) if not row >> p & 1)
    return tuple(lane for lane in (up_lane, down_lane) if lane)


def _ring_lanes(row: int, up: int, down: int, tunnel: str) -> tuple[Lane, ...]:
    """With the link: both lanes cross the one arc of gaps, in opposite directions, unless the tunnel closes one."""
    closed_up, closed_down = tunnel_closed(up, down, tunnel)
    arc = [(SEVEN_RANK_INDEX + up + 1 + k) % ROW for k in range(ROW - 1 - up - down)]
    empty = tuple(p for p in arc if not row >> p & 1)
    if len(arc) == 1:  # the last gap is next to both ends and always open
        return (empty,)
    return tuple(lane for lane, closed in ((empty, closed_up), (empty[::-1], closed_down)) if not closed)


@cache
def both_open(row: int, ring: bool, tunnel: str) -> bool:
    """Whether a linked row is being filled from both ends at once (so each end only 'owns' half the arc)."""
    return ring and len(row_lanes(row, ring, tunnel)) == 2 and bool(row & SEVEN_BIT)
