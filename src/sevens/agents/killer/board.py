"""The Killer grid as an agent reads it: what a play kills, and how close each empty position is to dying.

Playability and death always come from the engine's own tables and death rule
(:mod:`sevens.games.killer.geometry`), so agents never disagree with the rules. On top of them this module
answers the planning questions of RULES.md C2–C4 for one variant (``death`` × ``wrap`` × ``enclosure``):

* :meth:`Board.kills`: the positions that die if a card is played now (exact, every variant);
* :attr:`Board.death`: the neighbours that decide a position's death. With ``enclosure=1`` a position dies
  exactly when those are all on the table, and never next to a dead position (dead positions stay empty,
  C3/C4); with group enclosures that is the single-position part of the rule, a good enough guide for planning.

>>> from sevens.cards import SEVENS_MASK, cards_text, mask_of, parse_cards, parse_card
>>> from sevens.games.killer import Rules
>>> board = Board.of(Rules.preset("killer"))
>>> table = SEVENS_MASK | mask_of(parse_cards("6s 6d"))
>>> cards_text(board.kills(parse_card("5h"), table, 0))  # 6h's last empty neighbour: 6h dies
'6h'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from sevens.games.killer.geometry import Death, dying, enclosed_alone, geometry, touching
from sevens.games.killer.rules import Rules


@dataclass(frozen=True, slots=True)
class Board:
    """The precomputed tables of one variant, and the questions agents ask about a table."""

    adjacent: tuple[int, ...]  # eight neighbours (C2)
    death: tuple[int, ...]  # the neighbours that decide death (C3/C4)
    seeds: tuple[int, ...]  # where a group may die when a card lands on a position
    enclosure: int | None
    single: bool  # enclosure == 1: a position dies alone, when its death neighbours are all out

    @staticmethod
    def of(rules: Rules) -> Board:
        return _board(rules.death, rules.wrap, rules.enclosure)

    def front(self, table: int) -> int:
        """Every position touching a card on the table (eight neighbours)."""
        return touching(table, self.adjacent)

    def kills(self, card: int, table: int, dead: int, front: int | None = None) -> int:
        """The positions that die if ``card`` is played on ``table`` (``dead``: positions already dead)."""
        after = table | 1 << card
        around = self.seeds[card] & ~after & ~dead
        if not around:
            return 0
        if self.single:
            return enclosed_alone(around, after, self.death)
        grown = (self.front(table) if front is None else front) | self.adjacent[card]
        return dying(around, after, grown, self.death, self.enclosure) & ~dead


@cache
def _board(death: Death, wrap: bool, enclosure: int | None) -> Board:
    geo = geometry(death, wrap)
    return Board(geo.adjacent, geo.death, geo.seeds(enclosure), enclosure, enclosure == 1)
