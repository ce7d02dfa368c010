"""``heuristic``: plays Killer sevens the way a thoughtful player does, from its view alone; and ``greedy``,
which never passes while it can play and plays what opens the most of its own cards.

The core is :mod:`.policy`: take kills, never kill or expose its own cards, save a card whose last empty
neighbour someone else holds, set up kills it can finish itself, keep its own cards playable, and hold back
while passes are to spare when every play only does harm. On top of it come the corrections of
:mod:`sevens.agents.common.heuristic` (it prefers plays that open nothing an opponent proved stuck may hold,
and never passes into a stalemate it would lose: C7, cards still held count dead); with
``tiebreak=most_kills`` kills count a little more (they break ties in its favour, C4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sevens.agents.common import heuristic as common
from sevens.agents.common.heuristic import NEVER, hidden_cards, loses_stalemate, opponents_in, proved_stuck
from sevens.games.killer.actions import PASS, PLAY, Action
from sevens.games.killer.view import View

from .board import Board
from .knowledge import Knowledge
from .policy import DEFAULT_WEIGHTS, Weights, score_actions


class HeuristicAgent(common.LogReadingHeuristic[Knowledge]):
    """Grid-reading Killer player (deterministic: ties go to the lowest action)."""

    knowledge_type = Knowledge

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        super().__init__()
        self.weights = weights

    def scores(self, view: View, knowledge: Knowledge, legal: Sequence[Action]) -> list[float]:
        weights = self.weights
        if view.rules.tiebreak == "most_kills":
            weights = replace(weights, kill=weights.kill * 1.2)
        scores = score_actions(view, legal, weights)
        opponents = opponents_in(view)
        if not opponents:
            return scores
        hidden = hidden_cards(view, view.dead_positions)
        doomed = [s for s in opponents if proved_stuck(view, knowledge, s, hidden)]
        if doomed:
            _spare_rescues(view, knowledge, legal, scores, doomed, hidden)
        held = [dead + count for dead, count in zip(view.dead_counts, view.hand_counts, strict=True)]
        if legal[-1].kind == PASS and loses_stalemate(view, knowledge, opponents, held):
            scores[-1] = NEVER / 4  # C7: cards still held count as dead
        return scores


def _spare_rescues(
    view: View, knowledge: Knowledge, legal: Sequence[Action], scores: list[float], doomed: list[int], hidden: int
) -> None:
    """Lower each play that opens a position one of the ``doomed`` opponents may hold a card for."""
    board = knowledge.board
    front = board.front(view.table)
    for i, action in enumerate(legal):
        if action.kind == PLAY:
            fresh = board.adjacent[action.card] & ~front & hidden
            if any(knowledge.possible(s, fresh) for s in doomed):
                scores[i] -= 2.0  # would rescue an opponent who is about to be eliminated


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
