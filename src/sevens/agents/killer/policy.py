"""The Killer know-how shared by the heuristic agent and the search's rollouts: scoring candidate actions.

A play of card ``c`` is judged by what it does to the grid around it (:mod:`.board`):

=================  ==========================================================================================
feature            meaning
=================  ==========================================================================================
``kill``           each opponent's card it kills (every empty live position not in my hand is someone else's)
``self_kill``      each of my own cards it kills (C3: a move may kill the mover's cards too)
``rescue``         ``c`` itself was one empty neighbour from death and that neighbour is not mine: play it
                   before someone fills it (``rescue_far``: two neighbours left)
``expose``         one of my cards is left one opponent's play from death
``setup_mine``     an opponent's card is left with one empty neighbour, and I hold that neighbour: I may kill
                   it next turn unless its holder saves it first
``setup``          an opponent's card is left one play from death by someone else
``open``           my own cards it makes playable (mobility: a player with nothing to play and no pass left is
                   eliminated, B9/C6)
``help``           other players' cards it makes playable
=================  ==========================================================================================

A pass scores ``pass_threshold`` while passes are to spare (more than ``reserve`` left): it wins when every
play falls short of it and the harm may pass if someone else moves first (:func:`harm_waits`: e.g. every play
exposes or only opens cards for others). A play that kills one of my own cards is not put off by passing:
nobody else can fill a neighbour I hold, so waiting would only delay my leaving (C8 ties). A play that
empties the hand always wins (C5: it leaves the round with no card left to die).

The score is a few bit operations per card so that rollouts can afford it at every step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache

from sevens.agents.common.heuristic import NEVER, WIN
from sevens.games.killer.actions import PASS, Action
from sevens.games.killer.view import View

from .board import Board


@dataclass(frozen=True, slots=True)
class Weights:
    """The numbers behind the scores (tuned by duplicate matches, see the package notes)."""

    kill: float = 3.0
    self_kill: float = 4.0
    rescue: float = 2.0
    rescue_far: float = 0.6
    rescue_open: float = 0.15
    expose: float = 1.5
    setup_mine: float = 0.8
    setup: float = 0.2
    open: float = 0.3
    help: float = 0.05
    pass_threshold: float = -1.0
    reserve: int = 1


DEFAULT_WEIGHTS = Weights()


# hot loop: kept in one piece for speed (radon C; tests/test_architecture.py HOT_LOOPS, docs/decisions.md)
def card_score(c: int, hand: int, table: int, dead: int, front: int, board: Board, w: Weights) -> float:
    """Score of playing ``c`` (playable, in ``hand``)."""
    bit = 1 << c
    if hand == bit:
        return WIN  # my last card: I leave the round with nothing left to die
    hand2 = hand ^ bit
    after = table | bit
    death = board.death
    single = board.single
    score = 0.0
    miss = death[c] & ~table
    if miss & ~hand and not (single and miss & dead):
        k = miss.bit_count()
        score += w.rescue if k == 1 else w.rescue_far if k == 2 else w.rescue_open
    if single:  # board.kills inlined: the hot path of every playout
        newly = 0
        around = board.seeds[c] & ~after & ~dead
        while around:
            low = around & -around
            around ^= low
            mask = death[low.bit_length() - 1]
            if mask & after == mask:
                newly |= low
    else:
        newly = board.kills(c, table, dead, front)
    if newly:
        own = (newly & hand2).bit_count()
        score += w.kill * (newly.bit_count() - own) - w.self_kill * own
        dead |= newly
    around = death[c] & ~after & ~dead
    while around:
        low = around & -around
        around ^= low
        miss = death[low.bit_length() - 1] & ~after
        if not miss or (single and miss & dead):
            continue  # already dead, or next to a dead position (it can never die)
        if miss & (miss - 1):
            continue  # two or more neighbours still empty
        if hand2 & low:
            if not miss & hand2:
                score -= w.expose
        elif miss & hand2:
            score += w.setup_mine
        else:
            score += w.setup
    fresh = board.adjacent[c] & ~front & ~after & ~dead
    if fresh:
        mine = (fresh & hand2).bit_count()
        score += w.open * mine - w.help * (fresh.bit_count() - mine)
    return score


def pass_score(passes_left: int | None, w: Weights) -> float:
    """A pass is worth ``pass_threshold`` while more than ``reserve`` passes are left."""
    if passes_left is not None and passes_left <= w.reserve:
        return NEVER / 4
    return w.pass_threshold


def harm_waits(plays: Sequence[int], hand: int, table: int, dead: int, front: int, board: Board, w: Weights) -> bool:
    """Whether waiting may spare the harm of every play in ``plays``: true unless some play falls short of
    ``pass_threshold`` only because it kills my own cards (waiting cannot save those: nobody else can fill
    the neighbour I hold, and the card itself would have been the better play if it could be played)."""
    calm = _without_self_kill(w)
    return all(card_score(c, hand, table, dead, front, board, calm) < w.pass_threshold for c in plays)


@cache
def _without_self_kill(w: Weights) -> Weights:
    return replace(w, self_kill=0.0)


def score_actions(view: View, legal: Sequence[Action], w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """A score per legal action (higher is better) from ``view``; legal actions are sorted, so a pass comes last.
    A pass beats the plays when they all fall short of ``pass_threshold`` and waiting may spare that harm."""
    board = Board.of(view.rules)
    hand, table, dead, front = view.hand, view.table, view.dead_positions, board.front(view.table)
    plays = [a.card for a in legal if a.kind != PASS]
    scores = [card_score(c, hand, table, dead, front, board, w) for c in plays]
    if legal and legal[-1].kind == PASS:
        score = pass_score(view.passes_left, w) if plays else 0.0
        if plays and max(scores) < score and not harm_waits(plays, hand, table, dead, front, board, w):
            score = NEVER / 4
        scores.append(score)
    return scores


# hot loop: kept in one piece for speed (radon C; tests/test_architecture.py HOT_LOOPS, docs/decisions.md)
def predict(
    hand: int,
    table: int,
    dead: int,
    front: int,
    passes_left: int | None,
    can_pass: bool,
    board: Board,
    w: Weights,
    noise: float = 0.0,
    rand: Callable[[], float] | None = None,
) -> int:
    """The policy's choice as a card index, or ``-1`` for a pass: the raw-bit-set twin of
    :func:`score_actions` + :func:`choose_index` (with ``noise`` times ``rand()`` added to each score), for
    playouts and for reading opponents' past choices."""
    cands = hand & front
    if not cands:
        return -1
    best_card, best = -1, -1e18
    m = cands
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        score = card_score(c, hand, table, dead, front, board, w)
        if rand is not None:
            score += noise * rand()
        if score > best:
            best_card, best = c, score
    if can_pass:
        score = pass_score(passes_left, w)
        if rand is not None:
            score += noise * rand()
        if score > best:
            plays = [c for c in range(52) if cands >> c & 1]
            if harm_waits(plays, hand, table, dead, front, board, w):
                return -1
    return best_card
