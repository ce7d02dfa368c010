"""``greedy``: never passes while it can play, and plays what opens the most of its own cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sevens.games.killer.actions import PASS, Action
from sevens.games.killer.view import View

from .board import Board


class GreedyAgent:
    """Counts, for each play, how many of its own cards are playable right after it (C2: next to any card on
    the table), and plays the best; passes only when it must. Deterministic: ties go to the lowest card."""

    name = "greedy"
    needs_view = True

    def reset(self, seat: int, seed: int) -> None:
        """Nothing to forget: the agent keeps no state between moves."""

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        plays = [a for a in legal if a.kind != PASS]
        if not plays:
            return legal[0]
        if len(plays) == 1:
            return plays[0]
        return max(plays, key=lambda a: _opened(view, a))


def _opened(view: View, action: Action) -> int:
    """Own cards playable after ``action`` (cards it kills are gone from the hand)."""
    board = Board.of(view.rules)
    bit = 1 << action.card
    table = view.table | bit
    killed = board.kills(action.card, view.table, view.dead_positions)
    hand = view.hand & ~bit & ~killed
    return (hand & board.front(table)).bit_count()
