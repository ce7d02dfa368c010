"""The compiled rules of 七並べ (RULES.md B1–B12 without jokers) over a batch of games held in numpy arrays.

Everything compiled lives in this one module on purpose: numba's on-disk cache (``cache=True``) does not
notice when a function in *another* file changes, so a split would let a stale compiled caller survive an
edit of its callee. Every function takes the same few array types (``int64`` rows and scalars), so each
compiles exactly once.

A game is one ``int64`` row ``st`` of a ``(games, WIDTH)`` array (see :mod:`.batch` for how it is filled), at
the offsets below: ``st[HANDS + seat]`` real cards (bit ``suit * 13 + rank - 1`` as in :mod:`sevens.cards`),
``st[PASSES + seat]`` passes used, ``st[STATUS + seat]`` ``IN`` …, ``st[EXITS + k]`` the ``k``-th exit as
``seat * 4 + status``; then the occupied and playable positions, the seat to move (-1 once over), the players
still in, the pass streak, the number of exits and the dealer. One flat row per game keeps every call down to
a few array arguments, which is most of the speed.

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

# offsets in a game's row (at most 20 players, RULES.md B1)
MAX_PLAYERS = 20
HANDS, PASSES, STATUS, EXITS = 0, 20, 40, 60
OCCUPIED, PLAYABLE, TURN, N_IN, STREAK, N_EXITS, DEALER = 80, 81, 82, 83, 84, 85, 86
WIDTH = 87
# statuses, as the Python engine numbers them
IN, FINISHED, ELIMINATED, STUCK = 0, 1, 2, 3
# outcomes written by result() (sevens.games.shichinarabe.state.Result.outcomes)
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
ROW_MASK = (1 << 13) - 1
SEVENS_MASK = sum(1 << (13 * s + 6) for s in range(4))
ONE = np.uint64(1)
ZERO = np.uint64(0)
POINTS_BY_PLACE = (10, 5, 2)


# ---------------------------------------------------------------------------------------------- bits
@intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return types.int64(types.int64), codegen


@intrinsic
def _cttz(typingctx: Any, x: Any) -> Any:
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return types.int64(types.int64), codegen


@njit(cache=True)
def popcount(x: int) -> int:
    """The number of set bits (one machine instruction, LLVM's ctpop)."""
    return _ctpop(x)


@njit(cache=True)
def lowest(x: int) -> int:
    """Index of the lowest set bit of ``x`` (not 0)."""
    return _cttz(x)


@njit(cache=True)
def nth_bit(x: int, n: int) -> int:
    """Index of the ``n``-th set bit of ``x``, lowest first (as the C yardstick picks a card)."""
    for _ in range(n):
        x &= x - 1
    return _cttz(x)


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
    return np.uint64(rng[1] + s0)


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
def playable_of(occupied: int, table: np.ndarray) -> int:
    return int(
        table[0, occupied & ROW_MASK]
        | table[1, (occupied >> 13) & ROW_MASK]
        | table[2, (occupied >> 26) & ROW_MASK]
        | table[3, (occupied >> 39) & ROW_MASK]
    )


@njit(cache=True)
def exit_game(st: np.ndarray, s: int, kind: int) -> None:
    st[STATUS + s] = kind
    st[N_IN] -= 1
    st[EXITS + st[N_EXITS]] = s * 4 + kind
    st[N_EXITS] += 1


@njit(cache=True)
def next_seat(q: int, n: int) -> int:
    """``(q + 1) % n`` without a division (this is in the inner loop)."""
    q += 1
    return 0 if q == n else q


@njit(cache=True)
def settle(st: np.ndarray, p: int, inclusive: bool, cfg: np.ndarray, table: np.ndarray) -> None:
    """Give the turn to the first player still in after ``p`` (or at ``p``) with an action, eliminating on the
    way anyone with no play and no pass left (B9, B10: the hand is laid out, gaps and all); the round ends when
    at most one player is in (B11)."""
    n = cfg[C_PLAYERS]
    q = p if inclusive else next_seat(p, n)
    while st[N_IN] > 1:
        while st[STATUS + q] != IN:
            q = next_seat(q, n)
        if st[PASSES + q] < cfg[C_LIMIT] or st[HANDS + q] & st[PLAYABLE] != 0:
            st[TURN] = q
            return
        st[OCCUPIED] |= st[HANDS + q]
        st[HANDS + q] = 0
        st[PLAYABLE] = playable_of(st[OCCUPIED], table)
        exit_game(st, q, ELIMINATED)
        q = next_seat(q, n)
    st[TURN] = -1


@njit(cache=True)
def legal(st: np.ndarray, cfg: np.ndarray) -> tuple[int, bool]:
    """``(cards, can_pass)``: the legal plays as a card set and whether a pass is legal, for the seat to move.
    The legal actions in the Python engine's order are those cards lowest first, then the pass."""
    p = st[TURN]
    if cfg[C_OPENS_7D] and not (st[OCCUPIED] >> SEVEN_OF_DIAMONDS) & 1:
        return 1 << SEVEN_OF_DIAMONDS, False  # Fan Tan with diamond_seven: 7♦ first (B4)
    cards = st[HANDS + p] & st[PLAYABLE]
    return cards, st[PASSES + p] < cfg[C_LIMIT] and (cfg[C_VOLUNTARY] != 0 or cards == 0)


@njit(cache=True)
def play_card(st: np.ndarray, c: int, cfg: np.ndarray, table: np.ndarray) -> None:
    p = st[TURN]
    b = 1 << c
    st[HANDS + p] ^= b
    occupied = st[OCCUPIED] | b
    st[OCCUPIED] = occupied
    shift = 13 * (c // 13)
    st[PLAYABLE] = (st[PLAYABLE] & ~(ROW_MASK << shift)) | table[c // 13, (occupied >> shift) & ROW_MASK]
    st[STREAK] = 0
    if st[HANDS + p] == 0:
        exit_game(st, p, FINISHED)
    settle(st, p, False, cfg, table)


@njit(cache=True)
def play_pass(st: np.ndarray, cfg: np.ndarray, table: np.ndarray) -> None:
    p = st[TURN]
    st[PASSES + p] += 1
    st[STREAK] += 1
    if cfg[C_LIMIT] == NO_LIMIT and st[STREAK] >= st[N_IN]:
        st[TURN] = -1  # B11 stalemate: everyone still in passed in succession
        return
    settle(st, p, False, cfg, table)


@njit(cache=True)
def start(st: np.ndarray, cfg: np.ndarray, table: np.ndarray) -> None:
    """Begin a round from the dealt ``st[HANDS:]`` and ``st[DEALER]`` as ``State.new`` does (B3, B4, B12)."""
    n = cfg[C_PLAYERS]
    dealer = st[DEALER]
    holder = 0
    for s in range(n):
        if (st[HANDS + s] >> SEVEN_OF_DIAMONDS) & 1:
            holder = s
        st[PASSES + s] = 0
        st[STATUS + s] = IN
        st[EXITS + s] = 0
    st[TURN] = -1
    st[N_IN] = n
    st[STREAK] = 0
    st[N_EXITS] = 0
    st[OCCUPIED] = 0
    if cfg[C_SEVENS_PLACED]:
        st[OCCUPIED] = SEVENS_MASK
        for s in range(n):
            st[HANDS + s] &= ~SEVENS_MASK
    st[PLAYABLE] = playable_of(st[OCCUPIED], table)
    for k in range(n):  # hands emptied by the sevens finish in seat order from the dealer's left (B12)
        s = (dealer + 1 + k) % n
        if st[HANDS + s] == 0:
            exit_game(st, s, FINISHED)
    first = (dealer + 1) % n if cfg[C_DEALER_LEFT] else holder
    settle(st, first, True, cfg, table)


@njit(cache=True)
def deal(st: np.ndarray, cfg: np.ndarray, rng: np.ndarray) -> None:
    """A uniform random deal (B2: one card at a time from the dealer's left), dealer the last seat."""
    n = cfg[C_PLAYERS]
    deck = np.arange(52)
    for i in range(51, 0, -1):
        j = below(rng, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    for s in range(n):
        st[HANDS + s] = 0
    st[DEALER] = n - 1
    seat = 0
    for k in range(52):
        st[HANDS + seat] |= 1 << deck[k]  # dealer n-1: seat 0 is the dealer's left
        seat = next_seat(seat, n)


# ---------------------------------------------------------------------------------------------- results
@njit(cache=True)
def result(st: np.ndarray, cfg: np.ndarray, ranking: np.ndarray, outcome: np.ndarray, points: np.ndarray) -> None:
    """The ranking (B12), each seat's outcome and its E2 points (as sevens.agents.common.points.seat_points)."""
    n = cfg[C_PLAYERS]
    dealer = st[DEALER]
    exits = st[N_EXITS]
    k = 0
    for e in range(exits):
        if st[EXITS + e] % 4 == FINISHED:
            ranking[k] = st[EXITS + e] // 4
            k += 1
    first_remaining = k
    for i in range(n):  # still holding cards: fewest first, ties in seat order from the dealer's left
        s = (dealer + 1 + i) % n
        if st[STATUS + s] != IN:
            continue
        size = popcount(st[HANDS + s])
        j = k
        while j > first_remaining and popcount(st[HANDS + ranking[j - 1]]) > size:
            ranking[j] = ranking[j - 1]
            j -= 1
        ranking[j] = s
        k += 1
    remaining = k - first_remaining
    for kind in (ELIMINATED, STUCK):  # the first out ranks lowest
        for e in range(exits - 1, -1, -1):
            if st[EXITS + e] % 4 == kind:
                ranking[k] = st[EXITS + e] // 4
                k += 1
    for place in range(n):
        s = ranking[place]
        status = st[STATUS + s]
        if status == ELIMINATED:
            outcome[s] = OUT_ELIMINATED
            points[s] = -5
        elif status == STUCK:
            outcome[s] = OUT_STUCK
            points[s] = -10
        else:
            if status == IN:
                outcome[s] = OUT_STALEMATE if remaining > 1 else OUT_LEFT
            else:
                outcome[s] = OUT_FINISHED
            last_holder = status == IN and place == first_remaining + remaining - 1
            if last_holder and place != 0:
                points[s] = -10  # ビリ, only when someone ranks above
            else:
                points[s] = POINTS_BY_PLACE[place] if place < 3 else 0


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
        return float(w[W_END] if run == 0 else w[W_BANK])
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
        return float(w[W_PROGRESS] + w[W_PROGRESS_DEEP] * deep if deep else w[W_BANK])
    if deep:
        return float(w[W_OPEN] + w[W_OPEN_DEEP] * deep - w[W_OPEN_GAP] * gap)
    return float(w[W_GATE] - w[W_GATE_BLOCK] * total)


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
def card_score(c: int, hand: int, occupied: int, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray,
               cfg: np.ndarray) -> float:  # fmt: skip
    """policy.row_score of playing card ``c`` from ``hand`` on a table with ``occupied`` positions."""
    suit = c // 13
    rank = c % 13
    hand_row = (hand >> (13 * suit)) & ROW_MASK
    row = (occupied >> (13 * suit)) & ROW_MASK
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
    st: np.ndarray, cards: int, can_pass: bool, cfg: np.ndarray, lanes: np.ndarray, lengths: np.ndarray,
    w: np.ndarray, noise: float, rng: np.ndarray,
) -> int:  # fmt: skip
    """The card to play, or -1 to pass: policy.score_actions and the first best score (sevens' Rollout when
    ``noise`` > 0: each card's score, lowest first, and then the pass's get ``noise`` times a uniform draw)."""
    if cards == 0:
        return -1
    p = st[TURN]
    hand = st[HANDS + p]
    if not can_pass and cards & (cards - 1) == 0:
        return lowest(cards)
    if hand & (hand - 1) == 0:
        return lowest(cards)  # the last card wins the round: nothing beats it
    occupied = st[OCCUPIED]
    best = -1
    best_score = -1e18
    m = cards
    while m != 0:
        c = lowest(m)
        m &= m - 1
        score = card_score(c, hand, occupied, lanes, lengths, w, cfg)
        if noise > 0.0:
            score += noise * uniform(rng)
        if score > best_score:
            best = c
            best_score = score
    if can_pass:
        left = cfg[C_LIMIT] - st[PASSES + p]
        if cfg[C_LIMIT] != NO_LIMIT and left <= w[W_RESERVE]:
            pass_score = NEVER / 4
        else:
            others = popcount(st[PLAYABLE] & ~occupied & ~hand)
            pass_score = w[W_PASS_THRESHOLD] + w[W_PASS_PRESSURE] * max(0.0, w[W_PRESSURE_OPTIONS] - others)
        if noise > 0.0:
            pass_score += noise * uniform(rng)
        if pass_score > best_score:
            return -1
    return best


# ---------------------------------------------------------------------------------------------- playing
@njit(cache=True)
def choose(
    st: np.ndarray, cards: int, can_pass: bool, policy: int, cfg: np.ndarray, lanes: np.ndarray,
    lengths: np.ndarray, w: np.ndarray, noise: float, rng: np.ndarray,
) -> int:  # fmt: skip
    """The choice of the seat to move among its legal ``cards`` (lowest first) and the pass (last), as an
    index into that list."""
    n = popcount(cards)
    if policy == RANDOM:
        return below(rng, n + 1 if can_pass else n)
    c = heuristic_choice(st, cards, can_pass, cfg, lanes, lengths, w, noise, rng)
    if c < 0:
        return n
    return popcount(cards & ((1 << c) - 1))


@njit(cache=True)
def play_game(
    st: np.ndarray, policy: int, cfg: np.ndarray, table: np.ndarray, lanes: np.ndarray, lengths: np.ndarray,
    w: np.ndarray, noise: float, rng: np.ndarray, trace: np.ndarray,
) -> int:  # fmt: skip
    """Play the game ``st`` to its end; returns the number of actions. With a non-empty ``trace`` (rows of
    ``[legal cards, can pass, choice]``), each step is recorded for the cross-check against the Python engine."""
    steps = 0
    tracing = trace.shape[0] > 0
    while st[TURN] >= 0:
        cards, can_pass = legal(st, cfg)
        index = choose(st, cards, can_pass, policy, cfg, lanes, lengths, w, noise, rng)
        if tracing:
            trace[steps, 0] = cards
            trace[steps, 1] = can_pass
            trace[steps, 2] = index
        if index < popcount(cards):
            play_card(st, nth_bit(cards, index), cfg, table)
        else:
            play_pass(st, cfg, table)
        steps += 1
    return steps


@njit(cache=True, parallel=True)
def play_batch(
    policy: int, deal_first: bool, seed: np.uint64, state: np.ndarray, cfg: np.ndarray, table: np.ndarray,
    lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: float, ranking: np.ndarray, outcome: np.ndarray,
    points: np.ndarray, steps: np.ndarray,
) -> None:  # fmt: skip
    """Play every game of the batch to its end (across threads); with ``deal_first`` deal each one at random
    first. Game ``g`` draws from its own generator seeded by ``(seed, g)``."""
    empty = np.zeros((0, 3), dtype=np.int64)
    for g in prange(state.shape[0]):
        rng = np.empty(2, dtype=np.uint64)
        seed_rng(rng, seed, g)
        st = state[g]
        if deal_first:
            deal(st, cfg, rng)
            start(st, cfg, table)
        steps[g] = play_game(st, policy, cfg, table, lanes, lengths, w, noise, rng, empty)
        result(st, cfg, ranking[g], outcome[g], points[g])


@njit(cache=True)
def start_batch(state: np.ndarray, cfg: np.ndarray, table: np.ndarray, seed: np.uint64, deal_first: bool) -> None:
    """Begin every round (dealt at random first with ``deal_first``, from the generator ``(seed, g)``)."""
    rng = np.empty(2, dtype=np.uint64)
    for g in range(state.shape[0]):
        if deal_first:
            seed_rng(rng, seed, g)
            deal(state[g], cfg, rng)
        start(state[g], cfg, table)


@njit(cache=True)
def trace_game(
    st: np.ndarray, game: int, policy: int, seed: np.uint64, cfg: np.ndarray, table: np.ndarray,
    lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: float, trace: np.ndarray, ranking: np.ndarray,
    outcome: np.ndarray, points: np.ndarray,
) -> int:  # fmt: skip
    """Play game ``st`` (number ``game`` of its batch, for its generator) recording every step in ``trace``;
    returns the number of steps."""
    rng = np.empty(2, dtype=np.uint64)
    seed_rng(rng, seed, game)
    steps = play_game(st, policy, cfg, table, lanes, lengths, w, noise, rng, trace)
    result(st, cfg, ranking, outcome, points)
    return steps
