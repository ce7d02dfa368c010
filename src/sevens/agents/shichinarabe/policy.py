"""The Sevens know-how shared by the heuristic agent and the search's rollouts: scoring candidate actions.

Every play is judged by the lane it starts (see :mod:`.board`): what follows the card in that lane, in
fill order, split into *mine* (in the mover's hand) and *theirs* (anyone else's, or unknown):

=============  ===============================================  =========================================
kind           lane after the card                              meaning
=============  ===============================================  =========================================
``end``        nothing                                          a filler: helps and blocks nobody
``bank``       mine, mine, … then only theirs (or nothing)      a filler that keeps the block further on
``progress``   mine …, then theirs, then mine again             walks towards a lane I need opened
``open``       theirs …, then mine                              lets others fill the gap before my cards
``gate``       only theirs                                      止める: holding it blocks the whole lane
=============  ===============================================  =========================================

Fillers and progress are played first, gates (the 6s and 8s that block a suit) last; when only gates are
left and passes are to spare, a pass keeps the block (more so when the others have few other plays). A
joker play is worth two cards; the last real card is never played while a joker would be left alone in the
hand (B8c, joker-stuck). With the tunnel, a gate whose end is about to be closed from the far side is played
before it dies, and a play that closes another player's end is welcome.

A card's score depends only on its own suit's row of the table and of the hand, so :class:`RowScores` keeps
every score once worked out (per rules and weights): the search's rollouts and its reading of the opponents
ask the same few thousand rows again and again, and a lookup costs a tenth of the lanes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from sevens.agents.common.heuristic import NEVER, WIN
from sevens.cards import ROW, ROW_MASK
from sevens.games.shichinarabe.actions import JOKER, PASS, PLAY, SWAP, Action
from sevens.games.shichinarabe.rules import Rules
from sevens.policy_weights import DEFAULT_WEIGHTS as DEFAULT_WEIGHTS  # moved there, re-exported
from sevens.policy_weights import Weights as Weights

from .board import Lane, both_open, neighbour, row_lanes

_KILL_SHARE = {"none": 1.0, "optional": 0.25, "forced": 0.0}  # how stuck the gap card's holder is left


@dataclass(frozen=True, slots=True)
class Situation:
    """What the mover knows that matters for scoring: its own cards, the table and its passes."""

    rules: Rules
    hand: int  # real cards
    jokers: int
    occupied: int  # table cards and joker positions
    playable: int  # positions playable now (from the engine's tables)
    passes_left: int | None  # None: unlimited (as is the engine's count left of its NO_LIMIT: far above any reserve)


def lane_score(lane: Sequence[int], hand_row: int, w: Weights, half: bool) -> float:
    """Score of playing ``lane[0]`` (which is in the hand) judged by what follows it in ``lane``."""
    n = (len(lane) + 1) // 2 if half else len(lane)
    i = 1
    while i < n and hand_row >> lane[i] & 1:
        i += 1
    run = i - 1
    if i >= n:
        return w.end if run == 0 else w.bank
    gap, deep, total = _beyond_run(lane, hand_row, i, n)
    if run:
        return w.progress + w.progress_deep * deep if deep else w.bank
    if deep:
        return w.open + w.open_deep * deep - w.open_gap * gap
    return w.gate - w.gate_block * total


def _beyond_run(lane: Sequence[int], hand_row: int, start: int, n: int) -> tuple[int, int, int]:
    """Past the run, up to ``n``: the empty places before my first card (gap), my cards (deep), the empty places."""
    gap = deep = total = 0
    for j in range(start, n):
        if hand_row >> lane[j] & 1:
            deep += 1
        else:
            total += 1
            if not deep:
                gap += 1
    return gap, deep, total


def row_score(rank: int, hand_row: int, row: int, rules: Rules, w: Weights) -> float:
    """Score of playing ``rank`` (playable, in ``hand_row``) on a suit whose table row is ``row``."""
    ring, tunnel = rules.ak_link, rules.tunnel
    lanes = row_lanes(row, ring, tunnel)
    half = ring and both_open(row, ring, tunnel)
    started = [lane_score(lane, hand_row, w, half) for lane in lanes if lane[0] == rank]
    total = sum(started, 0.0) if started else w.end
    if tunnel != "off" and ring:
        total += _tunnel_effect(row, rank, hand_row, lanes, rules, w)
        steps = tunnel_danger(row, rank, rules)
        if steps:
            total += w.tunnel_danger / steps
    return total


class RowScores:
    """:func:`row_score` remembered for one rules and weights (at most ``limit`` rows, then it starts over)."""

    def __init__(self, rules: Rules, w: Weights, limit: int = 1 << 18) -> None:
        self.rules, self.w, self.limit = rules, w, limit
        self._memo: dict[int, float] = {}

    def __call__(self, card: int, hand: int, occupied: int) -> float:
        """Score of playing ``card`` (playable, in ``hand``) on a table with ``occupied`` positions."""
        suit, rank = divmod(card, ROW)
        shift = ROW * suit
        hand_row = (hand >> shift) & ROW_MASK
        row = (occupied >> shift) & ROW_MASK
        key = (rank << ROW | hand_row) << ROW | row
        memo = self._memo
        score = memo.get(key)
        if score is None:
            if len(memo) >= self.limit:
                memo.clear()
            score = memo[key] = row_score(rank, hand_row, row, self.rules, self.w)
        return score

    def best(
        self, cards: int, hand: int, occupied: int, noise: float = 0.0, rng: random.Random | None = None
    ) -> tuple[int, float]:
        """The best play among ``cards`` (playable cards of ``hand``, at least one) and its score, ties to the
        lowest card; with ``rng``, ``noise`` times a uniform draw is added to each score (one draw per card,
        lowest first)."""
        best, best_score = -1, -1e18
        while cards:
            low = cards & -cards
            card = low.bit_length() - 1
            cards ^= low
            score = self(card, hand, occupied)
            if rng is not None:
                score += noise * rng.random()
            if score > best_score:
                best, best_score = card, score
        return best, best_score


@lru_cache(maxsize=64)
def row_scores(rules: Rules, w: Weights) -> RowScores:
    """The shared :class:`RowScores` of these rules and weights. Weights that differ only in how they pass
    (the levels, and the search's mixture of them) share one, that of the weights with those fields at 0: a
    card's score never reads them."""
    card_weights = replace(w, pass_threshold=0.0, pass_pressure=0.0, pressure_options=0, reserve=0)
    return RowScores(rules, w) if w == card_weights else row_scores(rules, card_weights)


def _tunnel_effect(row: int, rank: int, hand_row: int, lanes: tuple[Lane, ...], rules: Rules, w: Weights) -> float:
    """A play that makes the tunnel close the far end (B7): good when that end is another player's gate,
    bad when it is mine (my card there is dead until the last gap)."""
    if len(lanes) != 2:
        return 0.0
    after = row_lanes(row | 1 << rank, rules.ak_link, rules.tunnel)
    other = lanes[1] if lanes[0][0] == rank else lanes[0]
    if len(after) != 1 or len(after[0]) < 2 or other[0] == rank:
        return 0.0
    return -w.tunnel_kill if hand_row >> other[0] & 1 else w.tunnel_kill


def tunnel_danger(row: int, rank: int, rules: Rules, horizon: int = 3) -> int:
    """After how many plays at the far end the tunnel would close the end that ``rank`` starts (0: none
    within ``horizon``)."""
    ring, tunnel = rules.ak_link, rules.tunnel
    lanes = row_lanes(row, ring, tunnel)
    if len(lanes) != 2 or not both_open(row, ring, tunnel) or rank not in (lanes[0][0], lanes[1][0]):
        return 0
    other = lanes[1] if lanes[0][0] == rank else lanes[0]
    for steps, pos in enumerate(other[:horizon], start=1):
        if pos == rank:
            return 0
        row |= 1 << pos
        after = row_lanes(row, ring, tunnel)
        if len(after) == 1 and len(after[0]) >= 2:
            return steps
    return 0


def joker_score(action: Action, s: Situation, w: Weights) -> float:
    """Score of a joker play: the card's own score past the gap, plus two cards gone at once."""
    rules = s.rules
    gap = neighbour(action.card, action.side, rules.ak_link)
    if s.hand >> gap & 1 and rules.joker_exchange != "optional":
        return NEVER  # my own card would be buried under the joker for good
    occupied = s.occupied | 1 << gap
    score = row_scores(rules, w)(action.card, s.hand, occupied) + w.joker
    if not s.hand >> gap & 1:  # someone else holds the gap card
        score += _KILL_SHARE[rules.joker_exchange] * w.joker_kill
    return score + w.joker_urgency * s.jokers / max(1, s.hand.bit_count() - 1)


def score_actions(s: Situation, legal: Sequence[Action], w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """A score per legal action (higher is better); a pass is scored against the best play."""
    card_scores = row_scores(s.rules, w)
    scores: list[float] = []
    # playing my last card finishes, nothing can beat that, unless jokers are left alone in the hand (B8c)
    last_card = (NEVER / 2 if s.jokers > 0 else WIN) if s.hand.bit_count() == 1 else None
    for action in legal:
        kind = action.kind
        if kind == PLAY:
            scores.append(card_scores(action.card, s.hand, s.occupied) if last_card is None else last_card)
        elif kind == PASS:
            scores.append(NEVER)  # passes are decided below
        else:
            scores.append(_joker_action_score(action, s, w))
    if legal and legal[-1].kind == PASS:  # legal actions are sorted: a pass comes last
        scores[-1] = pass_score(s, max(scores[:-1], default=NEVER), w)
    return scores


def _joker_action_score(action: Action, s: Situation, w: Weights) -> float:
    """A joker play (finishing when it carries the last real card with the last joker) or a swap."""
    if action.kind == JOKER:
        finishes = s.jokers == 1 and s.hand == 1 << action.card
        return WIN if finishes else joker_score(action, s, w)
    if action.kind == SWAP:
        return w.swap + w.joker_urgency * 0.25
    return NEVER


def pass_score(s: Situation, best_play: float, w: Weights) -> float:
    """A pass beats the best play when every play only helps others and passes are to spare."""
    if best_play <= NEVER / 4:
        return 0.0  # nothing else sensible (e.g. only the last real card with a joker left)
    left = s.passes_left
    if left is not None and left <= w.reserve:
        return NEVER / 4
    others_options = (s.playable & ~s.occupied & ~s.hand).bit_count()
    pressure = w.pass_pressure * max(0, w.pressure_options - others_options)
    return w.pass_threshold + pressure
