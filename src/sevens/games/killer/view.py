"""What one seat may know in Killer sevens: a :class:`~sevens.games.sevens_core.view.SevensView` with the dead
positions, every seat's dead count and kills, and its own dead pile (others' only with ``dead_cards_visible``).

>>> from sevens.games.killer import Rules, State
>>> view = State.new(Rules.preset("killer", dead_cards_visible=False), seed=7).view(2)
>>> view.grid[0], view.dead_piles
('......7......', (None, None, 0, None))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sevens.cards import cards_text
from sevens.games.killer.actions import Action
from sevens.games.killer.rules import Rules
from sevens.games.sevens_core.notation import rows_text
from sevens.games.sevens_core.view import SevensView

DEAD_MARK = "x"


@dataclass(frozen=True, slots=True)
class View(SevensView):
    rules: Rules
    legal_actions: tuple[Action, ...]
    dead_positions: int  # public: the positions stay empty
    dead_counts: tuple[int, ...]
    dead_piles: tuple[int | None, ...]  # None where this seat may not see the pile
    kills: tuple[int, ...]

    @property
    def grid(self) -> tuple[str, ...]:
        """The four rows s/h/d/c, A…K: the rank where a card is out, ``x`` where a position is dead, ``.``."""
        return grid_rows(self.table, self.dead_positions)

    def _own_dict(self) -> dict[str, Any]:
        """Dead positions appear only in ``grid``, never as card names, so a hidden dead pile cannot be read
        off them."""
        return {
            "grid": list(self.grid),
            "hand_counts": list(self.hand_counts),
            "dead_counts": list(self.dead_counts),
            "dead_piles": [None if pile is None else cards_text(pile).split() for pile in self.dead_piles],
            "kills": list(self.kills),
        }


def grid_rows(table: int, dead: int) -> tuple[str, ...]:
    """Rows s/h/d/c of 13 characters: rank if on the table, ``x`` if dead, ``.`` if empty."""
    return rows_text(table, dead, DEAD_MARK)
