"""``greedy``: never passes while it can play, and plays what opens the most of its own cards."""

from __future__ import annotations

from sevens.agents.common import greedy as common
from sevens.games.shichinarabe.actions import JOKER, PASS, Action
from sevens.games.shichinarabe.view import View

from .board import neighbour, playable_mask


class GreedyAgent(common.GreedyAgent):
    """Counts, for each play, how many of its own cards are playable right after it (a joker play counts
    the card it carries as one more), and plays the best; passes only when it must. Deterministic."""

    pass_kind = PASS

    def opened(self, view: View, action: Action) -> tuple[int, int]:
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
