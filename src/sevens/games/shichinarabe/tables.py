"""Precomputed playability of one suit's row (B5–B8a), indexed by the 13-bit occupancy of the row.

Bit ``r`` of a row is rank ``r + 1`` (A … K); bit 6 is the 7. The *run* grows from the 7 in two
directions, *up* (8, 9, …, K, then A, 2, … with ``ak_link``) and *down* (6, 5, …, A, then K, Q, …). Every
fact the rules need is a function of the row: how far the run reaches each way, whether a tunnel has
triggered (cards never leave the table, so the trigger is sticky by itself), and which positions are
playable or reachable with a joker. The engine looks these up instead of walking the row.
"""

from __future__ import annotations

from functools import cache

from sevens.cards import ROW, SEVEN_RANK_INDEX

ROWS = 1 << ROW
SEVEN = 1 << SEVEN_RANK_INDEX


def run_reach(row: int, ring: bool) -> tuple[int, int]:
    """How many positions the run through the 7 covers upward and downward (the 7 excluded)."""
    up = down = 0
    while up < ROW - 1 and row >> _step(SEVEN_RANK_INDEX, up + 1, ring) & 1:
        up += 1
    while up + down < ROW - 1 and row >> _step(SEVEN_RANK_INDEX, -(down + 1), ring) & 1:
        down += 1
    return up, down


def _step(pos: int, delta: int, ring: bool) -> int:
    """Position ``delta`` steps from ``pos``; off the row (returns 13, never set) without the ring."""
    target = pos + delta
    if ring:
        return target % ROW
    return target if 0 <= target < ROW else ROW


def tunnel_closed(up: int, down: int, tunnel: str) -> tuple[bool, bool]:
    """Whether the up end and the down end are closed by the tunnel rule (B7).

    ``cross``: an end that passed over the K–A link closes the other end; ``end``: an end that reached A or K
    does. Both at once only happens for a complete row, which has no ends left."""
    half = ROW // 2  # 6 steps from the 7 reach K (up) or A (down)
    if tunnel == "cross":
        return down > half, up > half
    if tunnel == "end":
        return down >= half, up >= half
    return False, False


def _analyse(row: int, ring: bool, tunnel: str) -> tuple[int, int, int]:
    if not row & SEVEN:
        return SEVEN, 0, 0  # Fan Tan: only the 7 opens a suit
    up, down = run_reach(row, ring)
    if up + down == ROW - 1:
        return 0, 0, 0
    closed_up, closed_down = tunnel_closed(up, down, tunnel)
    last_gap = ring and up + down == ROW - 2  # next to both ends: always open
    playable = 0
    beyond_end = {1: 0, -1: 0}  # going up: the X of Jk+X (the joker fills the end, below X); going down: of X+Jk
    for reach, closed, way in ((up, closed_up, 1), (down, closed_down, -1)):
        end = _step(SEVEN_RANK_INDEX, way * (reach + 1), ring)
        if end < ROW and (last_gap or not closed):
            playable |= 1 << end
            beyond = _step(end, way, ring)
            if beyond < ROW and not row >> beyond & 1:
                beyond_end[way] |= 1 << beyond
    return playable, beyond_end[1], beyond_end[-1]


@cache
def shifted_tables(ak_link: bool, tunnel: str) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``[table][suit][row]``: the playable positions, the X of a legal ``Jk+X`` (the joker on the position below
    X) and of a legal ``X+Jk`` (above), each entry already shifted to the suit's bits of the 52-bit set."""
    entries = [_analyse(row, ak_link, tunnel) for row in range(ROWS)]
    return tuple(tuple(tuple(e[t] << (ROW * suit) for e in entries) for suit in range(4)) for t in range(3))
