"""``greedy``: never passes while it can play, and plays what opens the most of its own cards."""

from __future__ import annotations

from sevens.agents.common import greedy as common
from sevens.games.killer.actions import PASS, Action
from sevens.games.killer.view import View

from .board import Board


class GreedyAgent(common.GreedyAgent):
    """Counts, for each play, how many of its own cards are playable right after it (C2: next to any card on
    the table), and plays the best; passes only when it must. Deterministic: ties go to the lowest card."""

    pass_kind = PASS

    def opened(self, view: View, action: Action) -> tuple[int]:
        """Own cards playable after ``action`` (cards it kills are gone from the hand)."""
        board = Board.of(view.rules)
        bit = 1 << action.card
        table = view.table | bit
        killed = board.kills(action.card, view.table, view.dead_positions)
        hand = view.hand & ~bit & ~killed
        return ((hand & board.front(table)).bit_count(),)
