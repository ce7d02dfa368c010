"""``heuristic``: plays Sevens the way a thoughtful player does, from its view alone.

The core is :mod:`.policy` (fillers and lanes it needs first, gates last, 止める with passes to spare, jokers
and the tunnel). On top of it, this agent reads the public log (:mod:`.knowledge`):

* with ``voluntary_pass`` off a pass proves the passer had nothing playable; an opponent proved stuck with
  no pass left is eliminated at its next turn unless someone opens a card for it, so the agent prefers to
  pass or play elsewhere rather than open a lane that opponent may be waiting on;
* it avoids helping the opponent closest to going out (the cards a play releases are weighed by who can
  hold them);
* with unlimited passes it never passes into a stalemate it would lose.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sevens.games.shichinarabe.actions import PASS, PLAY, Action
from sevens.games.shichinarabe.view import View

from .board import playable_mask
from .knowledge import Knowledge
from .policy import DEFAULT_WEIGHTS, NEVER, Situation, Weights, choose_index, score_actions


class HeuristicAgent:
    """Lane-reading Sevens player (deterministic: ties go to the lowest action)."""

    name = "heuristic"
    needs_view = True

    def __init__(self, weights: Weights = DEFAULT_WEIGHTS, threat: float = 1.0) -> None:
        self.weights = weights
        self.threat = threat
        self._knowledge: Knowledge | None = None

    def reset(self, seat: int, seed: int) -> None:
        self._knowledge = None

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        knowledge = self._knowledge = (self._knowledge or Knowledge.fresh(view)).update(view)
        situation = situation_of(view)
        scores = score_actions(situation, legal, self.weights)
        self._adjust(view, knowledge, legal, scores)
        return legal[choose_index(scores)]

    def _adjust(self, view: View, knowledge: Knowledge, legal: Sequence[Action], scores: list[float]) -> None:
        """Opponent-aware corrections from what the log proves or suggests."""
        hidden = hidden_cards(view)
        counts = view.hand_counts
        opponents = [s for s in range(len(counts)) if s != view.seat and view.statuses[s] == "in"]
        if not opponents:
            return
        fewest = min(counts[s] for s in opponents)
        doomed = [s for s in opponents if _proved_stuck(view, knowledge, s, hidden)]
        for i, action in enumerate(legal):
            if action.kind != PLAY:
                continue
            released = _released(view, action.card)
            if not released:
                continue
            holders = [s for s in opponents if knowledge.possible(s, hidden) & released]
            if any(s in doomed for s in holders):
                scores[i] -= 2.0  # would rescue an opponent who is about to be eliminated
            if fewest <= 2 and any(counts[s] == fewest for s in holders):
                scores[i] -= self.threat / fewest
        if legal[-1].kind == PASS:
            if doomed and scores[-1] > NEVER / 4:
                scores[-1] = max(scores[-1], self.weights.pass_threshold + 1.0)
            if view.rules.pass_limit is None and knowledge.streak >= len(opponents):
                mine = counts[view.seat]
                if any(counts[s] <= mine for s in opponents):
                    scores[-1] = NEVER / 4  # that pass would end the round in a stalemate I do not lead


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


def hidden_cards(view: View) -> int:
    """Real cards in other hands: every card neither on the table nor in this seat's hand."""
    return ((1 << 52) - 1) & ~view.table & ~view.hand


def _released(view: View, card: int) -> int:
    """The positions a play of ``card`` makes playable that were not (the next card in its lanes)."""
    occupied = view.table | view.joker_positions
    before = playable_mask(occupied, view.rules)
    after = playable_mask(occupied | 1 << card, view.rules)
    return after & ~before & ~view.hand


def _proved_stuck(view: View, knowledge: Knowledge, seat: int, hidden: int) -> bool:
    """``seat`` has no pass left and provably nothing to play now (only with ``voluntary_pass`` off)."""
    rules = view.rules
    if rules.voluntary_pass or rules.pass_limit is None or view.passes_used[seat] < rules.pass_limit:
        return False
    return not knowledge.possible(seat, view.playable_positions & hidden)
