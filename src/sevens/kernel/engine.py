"""The compiled rules of 七並べ (RULES.md B1–B12 without jokers) over a batch of games held in numpy arrays.

Everything compiled lives in this one module on purpose: numba's on-disk cache (``cache=True``) does not
notice when a function in *another* file changes, so a split would let a stale compiled caller survive an
edit of its callee. Every function takes the same few array types (``int64`` scalars, ``uint64`` card sets),
so each compiles exactly once.

State of game ``g`` (see :mod:`.batch` for how it is filled):

* ``hands[g, seat]`` — real cards, bit ``suit * 13 + rank - 1`` as in :mod:`sevens.cards`;
* ``board[g]`` — ``[occupied positions, playable positions]`` (playable from the engine's own row tables);
* ``info[g, PASSES|STATUS|EXITS, seat]`` — passes used, status (``IN`` …), and the exits in order
  (``seat * 4 + status``);
* ``meta[g]`` — ``[turn (-1 once over), players in, pass streak, exits so far, dealer]``.

``cfg`` holds the rules as numbers (indices below) and ``table[suit, row]`` the playable positions of a row
(:func:`sevens.games.shichinarabe.tables.shifted_tables`), so playability is the Python engine's by
construction.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import njit, prange, types
from numba.extending import intrinsic

# info rows
PASSES, STATUS, EXITS = 0, 1, 2
# meta columns
TURN, N_IN, STREAK, N_EXITS, DEALER = 0, 1, 2, 3, 4
META_SIZE = 5
# statuses, as the Python engine numbers them
IN, FINISHED, ELIMINATED, STUCK = 0, 1, 2, 3
# outcomes written by _result (sevens.games.shichinarabe.state.Result.outcomes)
OUT_FINISHED, OUT_LEFT, OUT_STALEMATE, OUT_ELIMINATED, OUT_STUCK = 0, 1, 2, 3, 4
# cfg entries
C_PLAYERS, C_LIMIT, C_VOLUNTARY, C_OPENS_7D, C_DEALER_LEFT, C_SEVENS_PLACED, C_RING, C_TUNNEL = range(8)
CFG_SIZE = 8
# policies
RANDOM, HEURISTIC = 0, 1
# heuristic weights (sevens.agents.shichinarabe.policy.Weights, in field order)
(
    W_END, W_BANK, W_PROGRESS, W_PROGRESS_DEEP, W_OPEN, W_OPEN_DEEP, W_OPEN_GAP, W_GATE, W_GATE_BLOCK,
    W_JOKER, W_JOKER_KILL, W_JOKER_URGENCY, W_SWAP, W_TUNNEL_DANGER, W_TUNNEL_KILL, W_PASS_THRESHOLD,
    W_PASS_PRESSURE, W_PRESSURE_OPTIONS, W_RESERVE,
) = range(19)  # fmt: skip

NO_LIMIT = 1 << 62
NEVER = -1e9
SEVEN_OF_DIAMONDS = 2 * 13 + 6
ROW_MASK = np.uint64((1 << 13) - 1)
SEVENS_MASK = np.uint64(sum(1 << (13 * s + 6) for s in range(4)))
ONE = np.uint64(1)
ZERO = np.uint64(0)
POINTS_BY_PLACE = (10, 5, 2)


# ---------------------------------------------------------------------------------------------- bits
@intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return types.uint64(types.uint64), codegen


@intrinsic
def _cttz(typingctx: Any, x: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return types.uint64(types.uint64), codegen


@njit(cache=True)
def popcount(x: np.uint64) -> int:
    """The number of set bits (one machine instruction, LLVM's ctpop)."""
    return int(_ctpop(x))


@njit(cache=True)
def lowest(x: np.uint64) -> int:
    """Index of the lowest set bit of ``x`` (not 0)."""
    return int(_cttz(x))


@njit(cache=True)
def nth_bit(x: np.uint64, n: int) -> int:
    """Index of the ``n``-th set bit of ``x``, lowest first (as the C yardstick picks a card)."""
    for _ in range(n):
        x &= x - ONE
    return lowest(x)


@njit(cache=True)
def bit(c: int) -> np.uint64:
    return ONE << np.uint64(c)


# ---------------------------------------------------------------------------------------------- random
@njit(cache=True)
def splitmix(x: np.uint64) -> np.uint64:
    x = x + np.uint64(0x9E3779B97F4A7C15)
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(cache=True)
def seed_rng(rng: np.ndarray, seed: np.uint64, game: int) -> None:
    """xorshift128+ (the C yardstick's generator) seeded from ``(seed, game)``: each game has its own stream,
    so results do not depend on how games are spread over threads."""
    rng[0] = splitmix(seed ^ splitmix(np.uint64(game)))
    rng[1] = splitmix(rng[0])
    if rng[0] == ZERO and rng[1] == ZERO:
        rng[1] = ONE


@njit(cache=True)
def next_random(rng: np.ndarray) -> np.uint64:
    s1 = rng[0]
    s0 = rng[1]
    rng[0] = s0
    s1 ^= s1 << np.uint64(23)
    rng[1] = s1 ^ s0 ^ (s1 >> np.uint64(17)) ^ (s0 >> np.uint64(26))
    return rng[1] + s0


@njit(cache=True)
def below(rng: np.ndarray, k: int) -> int:
    """A draw from 0 … k-1: the high 32 random bits times ``k``, shifted (a multiplication instead of the C
    yardstick's division; the bias is below k / 2**32)."""
    return int(((next_random(rng) >> np.uint64(32)) * np.uint64(k)) >> np.uint64(32))


@njit(cache=True)
def uniform(rng: np.ndarray) -> float:
    """A draw from [0, 1) with 53 random bits."""
    return float(next_random(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


# ---------------------------------------------------------------------------------------------- rules
@njit(cache=True)
def playable_of(occupied: np.uint64, table: np.ndarray) -> np.uint64:
    m = ZERO
    for s in range(4):
        m |= table[s, np.int64((occupied >> np.uint64(13 * s)) & ROW_MASK)]
    return m


@njit(cache=True)
def exit_game(g: int, s: int, kind: int, info: np.ndarray, meta: np.ndarray) -> None:
    info[g, STATUS, s] = kind
    meta[g, N_IN] -= 1
    info[g, EXITS, meta[g, N_EXITS]] = s * 4 + kind
    meta[g, N_EXITS] += 1


@njit(cache=True)
def check_empty_hand(g: int, s: int, hands: np.ndarray, info: np.ndarray, meta: np.ndarray) -> None:
    if hands[g, s] == ZERO and info[g, STATUS, s] == IN:
        exit_game(g, s, FINISHED, info, meta)


@njit(cache=True)
def eliminate(
    g: int, q: int, hands: np.ndarray, board: np.ndarray, info: np.ndarray, meta: np.ndarray, table: np.ndarray
) -> None:
    """B9/B10: the hand is laid out on the table, gaps and all."""
    board[g, 0] |= hands[g, q]
    hands[g, q] = ZERO
    board[g, 1] = playable_of(board[g, 0], table)
    exit_game(g, q, ELIMINATED, info, meta)


@njit(cache=True)
def next_seat(q: int, n: int) -> int:
    """``(q + 1) % n`` without a division (this is in the inner loop)."""
    q += 1
    return 0 if q == n else q


@njit(cache=True)
def settle(
    g: int, p: int, inclusive: bool, hands: np.ndarray, board: np.ndarray, info: np.ndarray, meta: np.ndarray,
    cfg: np.ndarray, table: np.ndarray,
) -> None:  # fmt: skip
    """Give the turn to the first player still in after ``p`` (or at ``p``) with an action, eliminating on the
    way anyone with no play and no pass left (B9); the round ends when at most one player is in (B11)."""
    n = cfg[C_PLAYERS]
    q = p if inclusive else next_seat(p, n)
    while meta[g, N_IN] > 1:
        while info[g, STATUS, q] != IN:
            q = next_seat(q, n)
        if info[g, PASSES, q] < cfg[C_LIMIT] or hands[g, q] & board[g, 1] != ZERO:
            meta[g, TURN] = q
            return
        eliminate(g, q, hands, board, info, meta, table)
        q = next_seat(q, n)
    meta[g, TURN] = -1


@njit(cache=True)
def opening_pending(g: int, board: np.ndarray, cfg: np.ndarray) -> bool:
    """Fan Tan with ``diamond_seven``: until 7♦ is out it is the only legal move (B4)."""
    return cfg[C_OPENS_7D] != 0 and (board[g, 0] >> np.uint64(SEVEN_OF_DIAMONDS)) & ONE == ZERO


@njit(cache=True)
def legal(g: int, hands: np.ndarray, board: np.ndarray, info: np.ndarray, meta: np.ndarray, cfg: np.ndarray):  # type: ignore[no-untyped-def]
    """``(cards, can_pass)``: the legal plays as a card set and whether a pass is legal, for the seat to move.
    The legal actions in the Python engine's order are those cards lowest first, then the pass."""
    p = meta[g, TURN]
    if opening_pending(g, board, cfg):
        return bit(SEVEN_OF_DIAMONDS), False
    cards = hands[g, p] & board[g, 1]
    can_pass = info[g, PASSES, p] < cfg[C_LIMIT] and (cfg[C_VOLUNTARY] != 0 or cards == ZERO)
    return cards, can_pass


@njit(cache=True)
def play_card(
    g: int, c: int, hands: np.ndarray, board: np.ndarray, info: np.ndarray, meta: np.ndarray, cfg: np.ndarray,
    table: np.ndarray,
) -> None:  # fmt: skip
    p = meta[g, TURN]
    b = bit(c)
    hands[g, p] ^= b
    board[g, 0] |= b
    suit = c // 13
    shift = np.uint64(13 * suit)
    keep = ~(ROW_MASK << shift)
    board[g, 1] = (board[g, 1] & keep) | table[suit, np.int64((board[g, 0] >> shift) & ROW_MASK)]
    meta[g, STREAK] = 0
    if hands[g, p] == ZERO:
        check_empty_hand(g, p, hands, info, meta)
    settle(g, p, False, hands, board, info, meta, cfg, table)


@njit(cache=True)
def play_pass(
    g: int, hands: np.ndarray, board: np.ndarray, info: np.ndarray, meta: np.ndarray, cfg: np.ndarray,
    table: np.ndarray,
) -> None:  # fmt: skip
    p = meta[g, TURN]
    info[g, PASSES, p] += 1
    meta[g, STREAK] += 1
    if cfg[C_LIMIT] == NO_LIMIT and meta[g, STREAK] >= meta[g, N_IN]:
        meta[g, TURN] = -1  # B11 stalemate: everyone still in passed in succession
        return
    settle(g, p, False, hands, board, info, meta, cfg, table)


@njit(cache=True)
def start(
    g: int, hands: np.ndarray, board: np.ndarray, info: np.ndarray, meta: np.ndarray, cfg: np.ndarray,
    table: np.ndarray,
) -> None:  # fmt: skip
    """Begin a round from the dealt ``hands[g]`` and ``meta[g, DEALER]`` as ``State.new`` does (B3, B4, B12)."""
    n = cfg[C_PLAYERS]
    dealer = meta[g, DEALER]
    holder = 0
    for s in range(n):
        if (hands[g, s] >> np.uint64(SEVEN_OF_DIAMONDS)) & ONE:
            holder = s
        info[g, PASSES, s] = 0
        info[g, STATUS, s] = IN
        info[g, EXITS, s] = 0
    meta[g, TURN] = -1
    meta[g, N_IN] = n
    meta[g, STREAK] = 0
    meta[g, N_EXITS] = 0
    board[g, 0] = ZERO
    if cfg[C_SEVENS_PLACED]:
        board[g, 0] = SEVENS_MASK
        for s in range(n):
            hands[g, s] &= ~SEVENS_MASK
    board[g, 1] = playable_of(board[g, 0], table)
    for k in range(n):
        check_empty_hand(g, (dealer + 1 + k) % n, hands, info, meta)  # hands emptied by the sevens, B12
    first = (dealer + 1) % n if cfg[C_DEALER_LEFT] else holder
    settle(g, first, True, hands, board, info, meta, cfg, table)


@njit(cache=True)
def deal(g: int, hands: np.ndarray, meta: np.ndarray, cfg: np.ndarray, rng: np.ndarray) -> None:
    """A uniform random deal (B2: one card at a time from the dealer's left), dealer the last seat."""
    n = cfg[C_PLAYERS]
    deck = np.arange(52)
    for i in range(51, 0, -1):
        j = below(rng, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    for s in range(n):
        hands[g, s] = ZERO
    meta[g, DEALER] = n - 1
    for k in range(52):
        hands[g, k % n] |= bit(deck[k])  # dealer n-1: seat 0 is the dealer's left


# ---------------------------------------------------------------------------------------------- results
@njit(cache=True)
def result(
    g: int, hands: np.ndarray, info: np.ndarray, meta: np.ndarray, cfg: np.ndarray, ranking: np.ndarray,
    outcome: np.ndarray, points: np.ndarray,
) -> None:  # fmt: skip
    """The ranking (B12), each seat's outcome and its E2 points (as sevens.agents.common.points.seat_points)."""
    n = cfg[C_PLAYERS]
    dealer = meta[g, DEALER]
    k = 0
    for e in range(meta[g, N_EXITS]):
        code = info[g, EXITS, e]
        if code % 4 == FINISHED:
            ranking[g, k] = code // 4
            k += 1
    first_remaining = k
    for i in range(n):  # still holding cards: fewest first, ties in seat order from the dealer's left
        s = (dealer + 1 + i) % n
        if info[g, STATUS, s] != IN:
            continue
        size = popcount(hands[g, s])
        j = k
        while j > first_remaining and popcount(hands[g, ranking[g, j - 1]]) > size:
            ranking[g, j] = ranking[g, j - 1]
            j -= 1
        ranking[g, j] = s
        k += 1
    remaining = k - first_remaining
    for kind in (ELIMINATED, STUCK):  # the first out ranks lowest
        for e in range(meta[g, N_EXITS] - 1, -1, -1):
            code = info[g, EXITS, e]
            if code % 4 == kind:
                ranking[g, k] = code // 4
                k += 1
    for place in range(n):
        s = ranking[g, place]
        status = info[g, STATUS, s]
        if status == ELIMINATED:
            outcome[g, s] = OUT_ELIMINATED
            points[g, s] = -5
        elif status == STUCK:
            outcome[g, s] = OUT_STUCK
            points[g, s] = -10
        else:
            if status == IN:
                outcome[g, s] = OUT_STALEMATE if remaining > 1 else OUT_LEFT
            else:
                outcome[g, s] = OUT_FINISHED
            last_holder = status == IN and place == first_remaining + remaining - 1
            if last_holder and place != 0:
                points[g, s] = -10  # ビリ, only when someone ranks above
            else:
                points[g, s] = POINTS_BY_PLACE[place] if place < 3 else 0


# ---------------------------------------------------------------------------------------------- heuristic
@njit(cache=True)
def lane_score(lane: np.ndarray, length: int, hand_row: int, w: np.ndarray, half: bool) -> float:
    """sevens.agents.shichinarabe.policy.lane_score over one lane of the tables."""
    n = (length + 1) // 2 if half else length
    i = 1
    while i < n and (hand_row >> lane[i]) & 1:
        i += 1
    run = i - 1
    if i >= n:
        return w[W_END] if run == 0 else w[W_BANK]
    gap = 0
    deep = 0
    total = 0
    for j in range(i, n):
        if (hand_row >> lane[j]) & 1:
            deep += 1
        else:
            total += 1
            if not deep:
                gap += 1
    if run:
        return w[W_PROGRESS] + w[W_PROGRESS_DEEP] * deep if deep else w[W_BANK]
    if deep:
        return w[W_OPEN] + w[W_OPEN_DEEP] * deep - w[W_OPEN_GAP] * gap
    return w[W_GATE] - w[W_GATE_BLOCK] * total


@njit(cache=True)
def tunnel_effect(row: int, rank: int, hand_row: int, lanes: np.ndarray, lengths: np.ndarray) -> int:
    """+1 when the play closes another player's far end (B7), -1 when it closes mine, else 0."""
    if lengths[row, 2] != 2:
        return 0
    after = row | (1 << rank)
    if lengths[after, 2] != 1 or lengths[after, 0] < 2:
        return 0
    other = 1 if lanes[row, 0, 0] == rank else 0
    if lanes[row, other, 0] == rank:
        return 0
    return -1 if (hand_row >> lanes[row, other, 0]) & 1 else 1


@njit(cache=True)
def tunnel_danger(row: int, rank: int, lanes: np.ndarray, lengths: np.ndarray) -> int:
    """policy.tunnel_danger with its horizon of 3."""
    if lengths[row, 2] != 2 or not lengths[row, 3]:
        return 0
    if lanes[row, 0, 0] == rank:
        other = 1
    elif lanes[row, 1, 0] == rank:
        other = 0
    else:
        return 0
    lane = lanes[row, other]
    for k in range(min(3, lengths[row, other])):
        pos = lane[k]
        if pos == rank:
            return 0
        row |= 1 << pos
        if lengths[row, 2] == 1 and lengths[row, 0] >= 2:
            return k + 1
    return 0


@njit(cache=True)
def card_score(c: int, hand: np.uint64, occupied: np.uint64, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray,
               cfg: np.ndarray) -> float:  # fmt: skip
    """policy.row_score of playing card ``c`` from ``hand`` on a table with ``occupied`` positions."""
    suit = c // 13
    rank = c % 13
    shift = np.uint64(13 * suit)
    hand_row = np.int64((hand >> shift) & ROW_MASK)
    row = np.int64((occupied >> shift) & ROW_MASK)
    ring = cfg[C_RING] != 0
    half = ring and lengths[row, 3] != 0
    total = 0.0
    found = False
    for k in range(lengths[row, 2]):
        if lanes[row, k, 0] == rank:
            total += lane_score(lanes[row, k], lengths[row, k], hand_row, w, half)
            found = True
    if not found:
        total = w[W_END]
    if cfg[C_TUNNEL] != 0 and ring:
        effect = tunnel_effect(row, rank, hand_row, lanes, lengths)
        if effect:
            total += effect * w[W_TUNNEL_KILL]
        steps = tunnel_danger(row, rank, lanes, lengths)
        if steps:
            total += w[W_TUNNEL_DANGER] / steps
    return total


@njit(cache=True)
def heuristic_choice(
    g: int, cards: np.uint64, can_pass: bool, hands: np.ndarray, board: np.ndarray, info: np.ndarray,
    meta: np.ndarray, cfg: np.ndarray, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: float,
    rng: np.ndarray,
) -> int:  # fmt: skip
    """The card to play, or -1 to pass: policy.score_actions and the first best score (sevens' Rollout when
    ``noise`` > 0: each card's score, lowest first, and then the pass's get ``noise`` times a uniform draw)."""
    if cards == ZERO:
        return -1
    p = meta[g, TURN]
    hand = hands[g, p]
    if not can_pass and cards & (cards - ONE) == ZERO:
        return lowest(cards)
    if hand & (hand - ONE) == ZERO:
        return lowest(cards)  # the last card wins the round: nothing beats it
    occupied = board[g, 0]
    best = -1
    best_score = -1e18
    m = cards
    while m != ZERO:
        c = lowest(m)
        m &= m - ONE
        score = card_score(c, hand, occupied, lanes, lengths, w, cfg)
        if noise > 0.0:
            score += noise * uniform(rng)
        if score > best_score:
            best = c
            best_score = score
    if can_pass:
        left = cfg[C_LIMIT] - info[g, PASSES, p]
        if cfg[C_LIMIT] != NO_LIMIT and left <= w[W_RESERVE]:
            pass_score = NEVER / 4
        else:
            others = popcount(board[g, 1] & ~occupied & ~hand)
            pass_score = w[W_PASS_THRESHOLD] + w[W_PASS_PRESSURE] * max(0.0, w[W_PRESSURE_OPTIONS] - others)
        if noise > 0.0:
            pass_score += noise * uniform(rng)
        if pass_score > best_score:
            return -1
    return best


# ---------------------------------------------------------------------------------------------- playing
@njit(cache=True)
def choose(
    g: int, cards: np.uint64, can_pass: bool, policy: int, hands: np.ndarray, board: np.ndarray, info: np.ndarray,
    meta: np.ndarray, cfg: np.ndarray, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: float,
    rng: np.ndarray,
) -> int:  # fmt: skip
    """The choice of the seat to move among its legal ``cards`` (lowest first) and the pass (last), as an
    index into that list."""
    n = popcount(cards)
    if policy == RANDOM:
        return below(rng, n + 1 if can_pass else n)
    c = heuristic_choice(g, cards, can_pass, hands, board, info, meta, cfg, lanes, lengths, w, noise, rng)
    if c < 0:
        return n
    return popcount(cards & (bit(c) - ONE))


@njit(cache=True)
def play_game(
    g: int, policy: int, hands: np.ndarray, board: np.ndarray, info: np.ndarray, meta: np.ndarray,
    cfg: np.ndarray, table: np.ndarray, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: float,
    rng: np.ndarray, trace: np.ndarray,
) -> int:  # fmt: skip
    """Play game ``g`` to its end; returns the number of actions. With a non-empty ``trace`` (rows of
    ``[legal cards, can pass, choice]``), each step is recorded for the cross-check against the Python engine."""
    steps = 0
    tracing = trace.shape[0] > 0
    while meta[g, TURN] >= 0:
        cards, can_pass = legal(g, hands, board, info, meta, cfg)
        index = choose(g, cards, can_pass, policy, hands, board, info, meta, cfg, lanes, lengths, w, noise, rng)
        if tracing:
            trace[steps, 0] = cards
            trace[steps, 1] = np.uint64(1 if can_pass else 0)
            trace[steps, 2] = np.uint64(index)
        if index < popcount(cards):
            play_card(g, nth_bit(cards, index), hands, board, info, meta, cfg, table)
        else:
            play_pass(g, hands, board, info, meta, cfg, table)
        steps += 1
    return steps


@njit(cache=True, parallel=True)
def play_batch(
    policy: int, deal_first: bool, seed: np.uint64, hands: np.ndarray, board: np.ndarray, info: np.ndarray,
    meta: np.ndarray, cfg: np.ndarray, table: np.ndarray, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray,
    noise: float, ranking: np.ndarray, outcome: np.ndarray, points: np.ndarray, steps: np.ndarray,
) -> None:  # fmt: skip
    """Play every game of the batch to its end (across threads); with ``deal_first`` deal each one at random
    first. Game ``g`` draws from its own generator seeded by ``(seed, g)``."""
    empty = np.zeros((0, 3), dtype=np.uint64)
    for g in prange(hands.shape[0]):
        rng = np.empty(2, dtype=np.uint64)
        seed_rng(rng, seed, g)
        if deal_first:
            deal(g, hands, meta, cfg, rng)
            start(g, hands, board, info, meta, cfg, table)
        steps[g] = play_game(g, policy, hands, board, info, meta, cfg, table, lanes, lengths, w, noise, rng, empty)
        result(g, hands, info, meta, cfg, ranking, outcome, points)


@njit(cache=True)
def start_batch(hands: np.ndarray, board: np.ndarray, info: np.ndarray, meta: np.ndarray, cfg: np.ndarray,
                table: np.ndarray) -> None:  # fmt: skip
    for g in range(hands.shape[0]):
        start(g, hands, board, info, meta, cfg, table)


@njit(cache=True)
def trace_game(
    g: int, policy: int, seed: np.uint64, hands: np.ndarray, board: np.ndarray, info: np.ndarray,
    meta: np.ndarray, cfg: np.ndarray, table: np.ndarray, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray,
    noise: float, trace: np.ndarray, ranking: np.ndarray, outcome: np.ndarray, points: np.ndarray,
) -> int:  # fmt: skip
    """Play game ``g`` recording every step in ``trace``; returns the number of steps."""
    rng = np.empty(2, dtype=np.uint64)
    seed_rng(rng, seed, g)
    steps = play_game(g, policy, hands, board, info, meta, cfg, table, lanes, lengths, w, noise, rng, trace)
    result(g, hands, info, meta, cfg, ranking, outcome, points)
    return steps
