"""The 4×13 grid of Killer sevens (RULES.md C1–C4) as precomputed bit masks, and the death rule.

A position is a card index (:mod:`sevens.cards`): row = suit (s, h, d, c top to bottom), column = rank
(A … K left to right). For every position the tables hold two neighbour masks:

- ``adjacent``: its eight neighbours (C2: a card is playable next to any of them);
- ``death``: the neighbours that decide its death (C3/C4): four orthogonal ones, the two in its row
  (``horizontal``) or all eight (``all_eight``).

Without ``wrap`` the grid's edge is a wall: a neighbour outside the grid is simply missing from the mask, so
"every neighbour is out or a wall" is ``mask & table == mask``. With ``wrap`` rows and columns are cyclic.
Tables are built once per variant and cached.

>>> from sevens.cards import parse_card, mask_of, parse_cards
>>> g = geometry("orthogonal", False)
>>> g.death[parse_card("As")] == mask_of(parse_cards("2s Ah"))   # the corner has two walls
True
>>> g.adjacent[parse_card("5h")] == mask_of(parse_cards("4s 5s 6s 4h 6h 4d 5d 6d"))
True
>>> geometry("orthogonal", True).death[parse_card("As")] == mask_of(parse_cards("Ks 2s Ac Ah"))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, reduce
from operator import or_
from typing import Literal

from sevens.cards import ALL_CARDS, DECK_SIZE, ROW, SEVENS_MASK

Death = Literal["orthogonal", "horizontal", "all_eight"]
ROWS = 4

_EIGHT = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
_STEPS = {"orthogonal": ((-1, 0), (1, 0), (0, -1), (0, 1)), "horizontal": ((0, -1), (0, 1)), "all_eight": _EIGHT}


@dataclass(frozen=True, slots=True)
class Geometry:
    """Neighbour masks of one variant (``death`` × ``wrap``), indexed by position."""

    adjacent: tuple[int, ...]
    death: tuple[int, ...]
    death_or_adjacent: tuple[int, ...]
    start_group: int  # size of the smallest group of empty positions beside the 7s before the first move

    def seeds(self, enclosure: int | None) -> tuple[int, ...]:
        """Per position: where a group may die when a card lands there. A card changes the groups of its death
        neighbours; with ``enclosure=None`` it also brings its eight neighbours to the front, which can close an
        open group. (The engine and the agents' :class:`~sevens.agents.killer.board.Board` both read this.)"""
        return self.death if enclosure is not None else self.death_or_adjacent


def _mask(pos: int, steps: tuple[tuple[int, int], ...], wrap: bool) -> int:
    row, col = divmod(pos, ROW)
    cells = [(row + dr, col + dc) for dr, dc in steps]
    inside = [(r % ROWS, c % ROW) for r, c in cells if wrap or (0 <= r < ROWS and 0 <= c < ROW)]  # else a wall
    return reduce(or_, (1 << (r * ROW + c) for r, c in inside), 0)


@cache
def geometry(death: Death, wrap: bool) -> Geometry:
    """The tables of one variant (computed once)."""
    if death not in _STEPS:
        raise ValueError(f"death={death!r} is not a variant; allowed: {', '.join(_STEPS)}")
    adjacent = tuple(_mask(p, _EIGHT, wrap) for p in range(DECK_SIZE))
    nbrs = tuple(_mask(p, _STEPS[death], wrap) for p in range(DECK_SIZE))
    empty = ALL_CARDS & ~SEVENS_MASK
    sizes = []
    while empty:
        group, _ = _group_of(empty & -empty, empty, ALL_CARDS, nbrs, DECK_SIZE)
        sizes.append(group.bit_count())
        empty &= ~group
    return Geometry(adjacent, nbrs, tuple(a | d for a, d in zip(adjacent, nbrs, strict=True)), min(sizes))


def touching(cells: int, masks: tuple[int, ...]) -> int:
    """The union of ``masks`` over ``cells``: with ``adjacent``, every position that touches one of them."""
    front = 0
    while cells:
        low = cells & -cells
        front |= masks[low.bit_length() - 1]
        cells ^= low
    return front


def dying(seeds: int, table: int, front: int, nbrs: tuple[int, ...], enclosure: int | None) -> int:
    """Every empty position that is dead (C3/C4) in a group holding one of ``seeds``.

    A group is a maximal set of empty positions connected through ``nbrs``; all its outside neighbours are
    then on the table or walls by construction, so it dies when it has at most ``enclosure`` positions. With
    ``enclosure=None`` a group of any size dies once it is no longer *open field*: once every position in it
    touches a card on the table (``front``). Dead positions count as empty (no card stands on them).

    >>> from sevens.cards import SEVENS_MASK, cards_text, mask_of, parse_cards
    >>> g = geometry("orthogonal", False)
    >>> table = SEVENS_MASK | mask_of(parse_cards("Ah 4h 2s 3s 2d 3d"))
    >>> front = touching(table, g.adjacent)
    >>> seeds = mask_of(parse_cards("2h"))
    >>> cards_text(dying(seeds, table, front, g.death, 3)), dying(seeds, table, front, g.death, 1)
    ('2h 3h', 0)
    """
    empty = ALL_CARDS & ~table
    seeds &= empty
    dead = 0
    while seeds:
        group, dies = _group_of(seeds & -seeds, empty, front, nbrs, enclosure)
        seeds &= ~group  # the other seeds in it share its fate
        if dies:
            dead |= group
    return dead


def enclosed_alone(candidates: int, table: int, nbrs: tuple[int, ...]) -> int:
    """The ``candidates`` whose death neighbours are all on the table: the positions that die with
    ``enclosure=1`` (a position alone). Callers pass only empty, living positions.

    >>> from sevens.cards import SEVENS_MASK, cards_text, mask_of, parse_cards
    >>> g = geometry("orthogonal", False)
    >>> table = SEVENS_MASK | mask_of(parse_cards("6s 6d 5h"))
    >>> cards_text(enclosed_alone(mask_of(parse_cards("6h 8h")), table, g.death))
    '6h'
    """
    newly = 0
    while candidates:
        low = candidates & -candidates
        mask = nbrs[low.bit_length() - 1]
        if mask & table == mask:
            newly |= low
        candidates ^= low
    return newly


def _group_of(seed: int, empty: int, front: int, nbrs: tuple[int, ...], enclosure: int | None) -> tuple[int, bool]:
    """The group of ``seed`` and whether it dies; an open group is returned as far as it was explored."""
    if enclosure is None and seed & ~front:
        return seed, False
    group = edge = seed
    while edge:
        edge = touching(edge, nbrs) & empty & ~group
        group |= edge
        if (edge & ~front) if enclosure is None else group.bit_count() > enclosure:
            return group, False
    return group, True
