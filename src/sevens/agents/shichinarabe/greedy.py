"""``greedy``: never passes while it can play, and plays what opens the most of its own cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sevens.games.shichinarabe.actions import JOKER, PASS, Action
from sevens.games.shichinarabe.view import View

from .board import neighbour, playable_mask


class GreedyAgent:
    """Counts, for each play, how many of its own cards are playable right after it (a joker play counts
    the card it carries as one more), and plays the best; passes only when it must. Deterministic."""

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


def _opened(view: View, action: Action) -> tuple[int, int]:
    """(own cards playable after ``action``, cards it puts out); ties keep the lowest action (stable max)."""
    rules = view.rules
    occupied = view.table | view.joker_positions
    hand = view.hand
    if action.kind == JOKER:
        occupied |= 1 << neighbour(action.card, action.side, rules.ak_link)
        out = 2
    else:
        out = 1
    hand &= ~(1 << action.card)
    occupied |= 1 << action.card
    return (hand & playable_mask(occupied, rules) & ~occupied).bit_count(), out
