"""``heuristic``: plays Sevens the way a thoughtful player does, from its view alone; and ``greedy``, which
never passes while it can play and plays what opens the most of its own cards.

The core is :mod:`.policy` (fillers and lanes it needs first, gates last, 止める with passes to spare, jokers
and the tunnel). On top of it come the corrections of :mod:`sevens.agents.common.heuristic` (it does not open
a lane an opponent proved stuck may be waiting on, nor pass into a stalemate it would lose), and it avoids
helping the opponent closest to going out (the cards a play releases are weighed by who can hold them).
"""

from __future__ import annotations

from collections.abc import Sequence

from sevens.agents.common import heuristic as common
from sevens.agents.common.heuristic import NEVER, hidden_cards, loses_stalemate, opponents_in, proved_stuck
from sevens.games.shichinarabe.actions import JOKER, PASS, PLAY, Action
from sevens.games.shichinarabe.view import View

from .board import neighbour, playable_mask
from .knowledge import Knowledge
from .policy import DEFAULT_WEIGHTS, Situation, Weights, score_actions


class HeuristicAgent(common.LogReadingHeuristic[Knowledge]):
    """Lane-reading Sevens player (deterministic: ties go to the lowest action)."""

    knowledge_type = Knowledge

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS, threat: float = 1.0) -> None:
        super().__init__()
        self.weights = weights
        self.threat = threat

    def scores(self, view: View, knowledge: Knowledge, legal: Sequence[Action]) -> list[float]:
        scores = score_actions(situation_of(view), legal, self.weights)
        self._adjust(view, knowledge, legal, scores)
        return scores

    def _adjust(self, view: View, knowledge: Knowledge, legal: Sequence[Action], scores: list[float]) -> None:
        hidden = hidden_cards(view)
        counts = view.hand_counts
        opponents = opponents_in(view)
        if not opponents:
            return
        doomed = [s for s in opponents if proved_stuck(view, knowledge, s, hidden)]
        self._adjust_plays(view, knowledge, legal, scores, opponents, doomed)
        if legal[-1].kind == PASS:
            if doomed and scores[-1] > NEVER / 4:
                scores[-1] = max(scores[-1], self.weights.pass_threshold + 1.0)
            if loses_stalemate(view, knowledge, opponents, counts):
                scores[-1] = NEVER / 4

    def _adjust_plays(
        self,
        view: View,
        knowledge: Knowledge,
        legal: Sequence[Action],
        scores: list[float],
        opponents: list[int],
        doomed: list[int],
    ) -> None:
        """Lower each play that releases a position a doomed opponent, or one about to go out, may hold."""
        hidden = hidden_cards(view)
        counts = view.hand_counts
        fewest = min(counts[s] for s in opponents)
        occupied = view.table | view.joker_positions
        playable = playable_mask(occupied, view.rules)
        for i, action in enumerate(legal):
            if action.kind != PLAY:
                continue
            # the positions this play makes playable that were not (the next card in its lanes)
            released = playable_mask(occupied | 1 << action.card, view.rules) & ~playable & ~view.hand
            holders = _holders(knowledge, opponents, hidden, released)
            if any(s in doomed for s in holders):
                scores[i] -= 2.0  # would rescue an opponent who is about to be eliminated
            if fewest <= 2 and any(counts[s] == fewest for s in holders):
                scores[i] -= self.threat / fewest


def _holders(knowledge: Knowledge, opponents: list[int], hidden: int, released: int) -> list[int]:
    """The opponents who may hold a card of ``released`` (none when it is empty)."""
    if not released:
        return []
    return [s for s in opponents if knowledge.possible(s, hidden) & released]


def situation_of(view: View) -> Situation:
    """The scoring input of :mod:`.policy` from a view."""
    return Situation(
        rules=view.rules,
        hand=view.hand,
        jokers=view.jokers_in_hand,
        occupied=view.table | view.joker_positions,
        playable=view.playable_positions,
        passes_left=view.passes_left,
    )


class GreedyAgent(common.GreedyAgent):
    """Counts, for each play, how many of its own cards are playable right after it (a joker play counts
    the card it carries as one more), and plays the best; passes only when it must. Deterministic."""

    pass_kind = PASS

    def opened(self, view: View, action: Action) -> tuple[int, int]:
        """(own cards playable after ``action``, cards it puts out); ties keep the lowest action (stable max)."""
        occupied = view.table | view.joker_positions | 1 << action.card
        if action.kind == JOKER:
            occupied |= 1 << neighbour(action.card, action.side, view.rules.ak_link)
        hand = view.hand & ~(1 << action.card)
        return (hand & playable_mask(occupied, view.rules) & ~occupied).bit_count(), 1 + (action.kind == JOKER)
