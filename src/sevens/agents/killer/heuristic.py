"""``heuristic``: plays Killer sevens the way a thoughtful player does, from its view alone.

The core is :mod:`.policy`: take kills, never kill or expose its own cards, save a card whose last empty
neighbour someone else holds, set up kills it can finish itself, keep its own cards playable, and pass
(hold back) while passes are to spare when every play only does harm. On top of it, this agent reads the
public log (:mod:`.knowledge`):

* with ``voluntary_pass`` off a pass proves the passer had nothing playable, so an opponent proved stuck
  with no pass left is eliminated at its next turn (−5, C6) unless a play opens a card for it: the agent
  prefers plays that open nothing it may hold;
* with unlimited passes it never passes into a stalemate it would lose (C7: cards still held count dead);
* with ``tiebreak=most_kills`` kills count a little more (they break ties in its favour, C4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sevens.cards import ALL_CARDS
from sevens.games.killer.actions import PASS, PLAY, Action
from sevens.games.killer.view import View

from .board import Board
from .knowledge import Knowledge
from .policy import DEFAULT_WEIGHTS, NEVER, Situation, Weights, choose_index, score_actions


class HeuristicAgent:
    """Grid-reading Killer player (deterministic: ties go to the lowest action)."""

    name = "heuristic"
    needs_view = True

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.weights = weights
        self._knowledge: Knowledge | None = None

    def reset(self, seat: int, seed: int) -> None:
        self._knowledge = None

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        knowledge = self._knowledge = (self._knowledge or Knowledge.fresh(view)).update(view)
        return legal[choose_index(self.scores(view, knowledge, legal))]

    def scores(self, view: View, knowledge: Knowledge, legal: Sequence[Action]) -> list[float]:
        """The policy's scores with the opponent-aware corrections."""
        weights = self.weights
        if view.rules.tiebreak == "most_kills":
            weights = replace(weights, kill=weights.kill * 1.2)
        scores = score_actions(situation_of(view), legal, weights)
        self._adjust(view, knowledge, legal, scores)
        return scores

    def _adjust(self, view: View, knowledge: Knowledge, legal: Sequence[Action], scores: list[float]) -> None:
        counts = view.hand_counts
        opponents = [s for s in range(len(counts)) if s != view.seat and view.statuses[s] == "in"]
        if not opponents:
            return
        hidden = hidden_cards(view)
        board = knowledge.board
        doomed = [s for s in opponents if _proved_stuck(view, knowledge, s, hidden)]
        if doomed:
            front = board.front(view.table)
            for i, action in enumerate(legal):
                if action.kind == PLAY:
                    fresh = board.adjacent[action.card] & ~front & hidden
                    if any(knowledge.possible(s, fresh) for s in doomed):
                        scores[i] -= 2.0  # would rescue an opponent who is about to be eliminated
        if legal[-1].kind == PASS and view.rules.pass_limit is None and knowledge.streak >= len(opponents):
            mine = view.dead_counts[view.seat] + counts[view.seat]
            if any(view.dead_counts[s] + counts[s] <= mine for s in opponents):
                scores[-1] = NEVER / 4  # that pass would end the round in a stalemate I do not lead


def situation_of(view: View) -> Situation:
    """The scoring input of :mod:`.policy` from a view."""
    board = Board.of(view.rules)
    return Situation(
        rules=view.rules,
        board=board,
        hand=view.hand,
        table=view.table,
        dead=view.dead_positions,
        front=board.front(view.table),
        passes_left=view.passes_left,
    )


def hidden_cards(view: View) -> int:
    """Cards in other hands: every live card neither on the table nor in this seat's hand."""
    return ALL_CARDS & ~view.table & ~view.dead_positions & ~view.hand


def _proved_stuck(view: View, knowledge: Knowledge, seat: int, hidden: int) -> bool:
    """``seat`` has no pass left and provably nothing to play now (only with ``voluntary_pass`` off)."""
    rules = view.rules
    if rules.voluntary_pass or rules.pass_limit is None or view.passes_used[seat] < rules.pass_limit:
        return False
    return not knowledge.possible(seat, view.playable_positions & hidden)
