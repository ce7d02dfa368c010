"""The compiled rules of 七並べ (RULES.md B1–B12) over a batch of games held in numpy arrays.

Everything compiled lives in this one module on purpose: numba's on-disk cache (``cache=True``) does not
notice when a function in *another* file changes, so a split would let a stale compiled caller survive an
edit of its callee. Every function takes the same few array types (``int64`` rows and scalars), so each
compiles exactly once.

A game is one ``int64`` row ``st`` of a ``(games, WIDTH)`` array (see :mod:`.batch` for how it is filled), at
the offsets below: ``st[HANDS + seat]`` real cards (bit ``suit * 13 + rank - 1`` as in :mod:`sevens.cards`),
``st[PASSES + seat]`` passes used, ``st[STATUS + seat]`` ``IN`` …, ``st[EXITS + k]`` the ``k``-th exit as
``seat * 4 + status``; then the occupied positions (jokers' included) and the playable ones, the seat to move
(-1 once over), the players still in, the pass streak, the number of exits and the dealer; then
``st[JOKERS + seat]`` jokers held, the joker positions, the jokers out of play (B8d) and the B8a positions.
One flat row per game keeps every call down to a few array arguments, which is most of the speed.

``cfg`` holds the rules as numbers (indices below) and ``table[kind, suit, row]`` the playable positions of a
row and its joker positions (:func:`sevens.games.shichinarabe.tables.shifted_tables`), so playability is the
Python engine's by construction.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import njit, prange, types
from numba.extending import intrinsic

# offsets in a game's row (at most 20 players, RULES.md B1)
HANDS, PASSES, STATUS, EXITS = 0, 20, 40, 60
OCCUPIED, PLAYABLE, TURN, N_IN, STREAK, N_EXITS, DEALER = 80, 81, 82, 83, 84, 85, 86
JOKERS = 87  # jokers held, per seat
JOKER_AT, REMOVED, JK_BELOW, JK_ABOVE = 107, 108, 109, 110  # joker positions, jokers out of play, B8a tables
WIDTH = 111
# statuses, as the Python engine numbers them
IN, FINISHED, ELIMINATED, STUCK = 0, 1, 2, 3
# outcomes written by result() (sevens.games.shichinarabe.state.Result.outcomes)
OUT_FINISHED, OUT_LEFT, OUT_STALEMATE, OUT_ELIMINATED, OUT_STUCK = 0, 1, 2, 3, 4
# cfg entries
C_PLAYERS, C_LIMIT, C_VOLUNTARY, C_OPENS_7D, C_DEALER_LEFT, C_SEVENS_PLACED, C_RING, C_TUNNEL = range(8)
C_JOKERS, C_EXCHANGE = 8, 9
CFG_SIZE = 10
FORCED, OPTIONAL, NO_EXCHANGE = 0, 1, 2  # joker_exchange (B8b)
KILL_SHARE = (0.0, 0.25, 1.0)  # policy._KILL_SHARE by joker_exchange
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
WIN = 1e9
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
def seed_rng(rng: np.ndarray, seed: np.uint64, game: np.uint64) -> None:
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
def randint(rng: np.ndarray, k: int) -> int:
    """A draw from 0 … k-1: the high 32 random bits times ``k``, shifted (a multiplication instead of the C
    yardstick's division; the bias is below k / 2**32)."""
    return int(((next_random(rng) >> np.uint64(32)) * np.uint64(k)) >> np.uint64(32))


@njit(cache=True)
def uniform(rng: np.ndarray) -> float:
    """A draw from [0, 1) with 53 random bits."""
    return float(next_random(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


# ---------------------------------------------------------------------------------------------- rules
@njit(cache=True)
def refresh_suit(st: np.ndarray, suit: int, cfg: np.ndarray, table: np.ndarray) -> None:
    """Playable positions (and with jokers the B8a positions) of the suit whose row changed."""
    shift = 13 * suit
    row = (st[OCCUPIED] >> shift) & ROW_MASK
    keep = ~(ROW_MASK << shift)
    st[PLAYABLE] = (st[PLAYABLE] & keep) | table[0, suit, row]
    if cfg[C_JOKERS]:
        st[JK_BELOW] = (st[JK_BELOW] & keep) | table[1, suit, row]
        st[JK_ABOVE] = (st[JK_ABOVE] & keep) | table[2, suit, row]


@njit(cache=True)
def refresh_all(st: np.ndarray, cfg: np.ndarray, table: np.ndarray) -> None:
    for suit in range(4):
        refresh_suit(st, suit, cfg, table)


@njit(cache=True)
def exit_game(st: np.ndarray, s: int, kind: int) -> None:
    st[STATUS + s] = kind
    st[N_IN] -= 1
    st[EXITS + st[N_EXITS]] = s * 4 + kind
    st[N_EXITS] += 1


@njit(cache=True)
def check_empty_hand(st: np.ndarray, s: int) -> None:
    """No real card left: finished, or joker-stuck when jokers are left (B8c)."""
    if st[HANDS + s] == 0 and st[STATUS + s] == IN:
        exit_game(st, s, STUCK if st[JOKERS + s] else FINISHED)


@njit(cache=True)
def next_seat(q: int, n: int) -> int:
    """``(q + 1) % n`` without a division (this is in the inner loop)."""
    q += 1
    return 0 if q == n else q


@njit(cache=True)
def has_play(st: np.ndarray, q: int, cfg: np.ndarray) -> bool:
    hand = st[HANDS + q]
    if hand & st[PLAYABLE]:
        return True
    if not cfg[C_JOKERS]:
        return False
    if st[JOKERS + q] and hand & (st[JK_BELOW] | st[JK_ABOVE]):
        return True
    return cfg[C_EXCHANGE] == OPTIONAL and hand & st[JOKER_AT] != 0


@njit(cache=True)
def eliminate(st: np.ndarray, q: int, cfg: np.ndarray, table: np.ndarray) -> None:
    """B9/B10: the hand is laid out, gaps and all; B8d: its jokers, and any a laid card replaces, leave play."""
    cards = st[HANDS + q]
    covered = cards & st[JOKER_AT]
    st[REMOVED] += st[JOKERS + q] + popcount(covered)
    st[JOKERS + q] = 0
    st[JOKER_AT] ^= covered
    st[HANDS + q] = 0
    st[OCCUPIED] |= cards
    refresh_all(st, cfg, table)
    exit_game(st, q, ELIMINATED)


@njit(cache=True)
def settle(st: np.ndarray, p: int, inclusive: bool, cfg: np.ndarray, table: np.ndarray) -> None:
    """Give the turn to the first player still in after ``p`` (or at ``p``) with an action, eliminating on the
    way anyone with no play and no pass left (B9); the round ends when at most one player is in (B11)."""
    n = cfg[C_PLAYERS]
    q = p if inclusive else next_seat(p, n)
    while st[N_IN] > 1:
        while st[STATUS + q] != IN:
            q = next_seat(q, n)
        if st[PASSES + q] < cfg[C_LIMIT] or has_play(st, q, cfg):
            st[TURN] = q
            return
        eliminate(st, q, cfg, table)
        q = next_seat(q, n)
    st[TURN] = -1


@njit(cache=True)
def legal(st: np.ndarray, cfg: np.ndarray) -> tuple[int, int, int, int, bool]:
    """``(cards, below, above, swaps, can_pass)`` of the seat to move: card sets of the plays, of the joker plays
    ``Jk+X`` and ``X+Jk``, of the exchanges, and whether a pass is legal. The Python engine lists them in this
    order: cards lowest first, joker plays by card (``Jk+X`` before ``X+Jk``), swaps lowest first, the pass."""
    p = st[TURN]
    if cfg[C_OPENS_7D] and not (st[OCCUPIED] >> SEVEN_OF_DIAMONDS) & 1:
        return 1 << SEVEN_OF_DIAMONDS, 0, 0, 0, False  # Fan Tan with diamond_seven: 7♦ first (B4)
    hand = st[HANDS + p]
    cards = hand & st[PLAYABLE]
    below = above = swaps = 0
    if cfg[C_JOKERS]:
        if st[JOKERS + p]:
            below = hand & st[JK_BELOW]
            above = hand & st[JK_ABOVE]
        if cfg[C_EXCHANGE] == OPTIONAL:
            swaps = hand & st[JOKER_AT]
    can_pass = st[PASSES + p] < cfg[C_LIMIT] and (cfg[C_VOLUNTARY] != 0 or (cards | below | above | swaps) == 0)
    return cards, below, above, swaps, can_pass


@njit(cache=True)
def play_card(st: np.ndarray, c: int, cfg: np.ndarray, table: np.ndarray) -> None:
    p = st[TURN]
    b = 1 << c
    st[HANDS + p] ^= b
    st[OCCUPIED] |= b
    refresh_suit(st, c // 13, cfg, table)
    st[STREAK] = 0
    if st[HANDS + p] == 0:
        check_empty_hand(st, p)
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
def neighbour(c: int, side: int, ring: bool) -> int:
    """The position on ``side`` (-1 below, +1 above) of card ``c`` in its row (where the joker goes)."""
    suit = c // 13
    rank = c % 13 + side
    if ring:
        rank %= 13
    return suit * 13 + rank


@njit(cache=True)
def after_joker_action(st: np.ndarray, p: int, cfg: np.ndarray, table: np.ndarray) -> None:
    """B8c: a joker play and its exchange may leave several players joker-stuck: the mover first."""
    st[STREAK] = 0
    n = cfg[C_PLAYERS]
    s = p
    for _ in range(n):
        check_empty_hand(st, s)
        s = next_seat(s, n)
    settle(st, p, False, cfg, table)


@njit(cache=True)
def play_joker(st: np.ndarray, c: int, side: int, cfg: np.ndarray, table: np.ndarray) -> None:
    """B8a: the joker on the gap next to card ``c``, then ``c``; B8b forced: the gap card's holder exchanges."""
    p = st[TURN]
    gap = 1 << neighbour(c, side, cfg[C_RING] != 0)
    st[HANDS + p] ^= 1 << c
    st[JOKERS + p] -= 1
    st[OCCUPIED] |= (1 << c) | gap
    st[JOKER_AT] |= gap
    refresh_suit(st, c // 13, cfg, table)
    if cfg[C_EXCHANGE] == FORCED:
        for holder in range(cfg[C_PLAYERS]):
            if st[HANDS + holder] & gap:
                if holder != p:
                    st[HANDS + holder] ^= gap
                    st[JOKER_AT] ^= gap
                    st[JOKERS + holder] += 1
                break
    after_joker_action(st, p, cfg, table)


@njit(cache=True)
def play_swap(st: np.ndarray, c: int, cfg: np.ndarray, table: np.ndarray) -> None:
    """B8b optional: put card ``c`` where the joker stands and take the joker."""
    p = st[TURN]
    st[HANDS + p] ^= 1 << c
    st[JOKER_AT] ^= 1 << c
    st[JOKERS + p] += 1
    after_joker_action(st, p, cfg, table)


@njit(cache=True)
def apply_index(
    st: np.ndarray, index: int, cards: int, below: int, above: int, swaps: int, cfg: np.ndarray, table: np.ndarray
) -> None:  # fmt: skip
    """Apply legal action number ``index`` in the Python engine's order (see :func:`legal`)."""
    n = popcount(cards)
    if index < n:
        play_card(st, nth_bit(cards, index), cfg, table)
        return
    index -= n
    jokers = popcount(below) + popcount(above)
    if index < jokers:
        both = below | above
        while both:
            c = lowest(both)
            both &= both - 1
            for side, sided in ((-1, below), (1, above)):
                if (sided >> c) & 1:
                    if index == 0:
                        play_joker(st, c, side, cfg, table)
                        return
                    index -= 1
    index -= jokers
    if index < popcount(swaps):
        play_swap(st, nth_bit(swaps, index), cfg, table)
        return
    play_pass(st, cfg, table)


@njit(cache=True)
def count_legal(st: np.ndarray, cfg: np.ndarray) -> int:
    """The number of legal actions of the seat to move (0 once the game is over)."""
    if st[TURN] < 0:
        return 0
    cards, below, above, swaps, can_pass = legal(st, cfg)
    return popcount(cards) + popcount(below) + popcount(above) + popcount(swaps) + can_pass


@njit(cache=True)
def legal_counts(state: np.ndarray, cfg: np.ndarray, counts: np.ndarray) -> None:
    """``counts[g]``: :func:`count_legal` of every game."""
    for g in range(state.shape[0]):
        counts[g] = count_legal(state[g], cfg)


@njit(cache=True)
def apply_batch(state: np.ndarray, indices: np.ndarray, cfg: np.ndarray, table: np.ndarray) -> None:
    """Apply legal action number ``indices[g]`` (the Python engine's order) to every game ``g`` still going."""
    for g in range(state.shape[0]):
        st = state[g]
        if st[TURN] < 0:
            continue
        cards, below, above, swaps, _ = legal(st, cfg)
        apply_index(st, indices[g], cards, below, above, swaps, cfg, table)


@njit(cache=True)
def start(st: np.ndarray, cfg: np.ndarray, table: np.ndarray) -> None:
    """Begin a round from the dealt ``st[HANDS:]``, ``st[JOKERS:]`` and ``st[DEALER]`` as ``State.new`` does
    (B3, B4, B12)."""
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
    st[JOKER_AT] = 0
    st[REMOVED] = 0
    if cfg[C_SEVENS_PLACED]:
        st[OCCUPIED] = SEVENS_MASK
        for s in range(n):
            st[HANDS + s] &= ~SEVENS_MASK
    refresh_all(st, cfg, table)
    for k in range(n):  # hands emptied by the sevens finish in seat order from the dealer's left (B12)
        check_empty_hand(st, (dealer + 1 + k) % n)
    first = (dealer + 1) % n if cfg[C_DEALER_LEFT] else holder
    settle(st, first, True, cfg, table)


@njit(cache=True)
def deal(st: np.ndarray, cfg: np.ndarray, rng: np.ndarray, deck: np.ndarray) -> None:
    """A uniform random deal (B2: one card at a time from the dealer's left), dealer the last seat; ``deck``
    is room for the 52 cards and the jokers."""
    n = cfg[C_PLAYERS]
    size = 52 + cfg[C_JOKERS]
    for i in range(size):
        deck[i] = i  # 52 and 53 are the jokers
    for i in range(size - 1, 0, -1):
        j = randint(rng, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    for s in range(n):
        st[HANDS + s] = 0
        st[JOKERS + s] = 0
    st[DEALER] = n - 1
    seat = 0
    for k in range(size):  # dealer n-1: seat 0 is the dealer's left
        if deck[k] < 52:
            st[HANDS + seat] |= 1 << deck[k]
        else:
            st[JOKERS + seat] += 1
        seat = next_seat(seat, n)


# ---------------------------------------------------------------------------------------------- results
@njit(cache=True)
def result(st: np.ndarray, cfg: np.ndarray, ranking: np.ndarray, outcome: np.ndarray, points: np.ndarray) -> None:
    """The ranking (B12), each seat's outcome and its E2 points (as sevens.agents.common.search.seat_points)."""
    first_remaining, remaining = rank_seats(st, cfg, ranking)
    for place in range(cfg[C_PLAYERS]):
        score_place(st, ranking[place], place, first_remaining, remaining, outcome, points)


@njit(cache=True)
def hand_size(st: np.ndarray, s: int) -> int:
    return popcount(st[HANDS + s]) + st[JOKERS + s]


@njit(cache=True)
def rank_seats(st: np.ndarray, cfg: np.ndarray, ranking: np.ndarray) -> tuple[int, int]:
    """``ranking``, best first (B12): those who finished in order, then those still holding cards (fewest
    first, ties in seat order from the dealer's left), then the eliminated and joker-stuck, the first out
    lowest. Returns the place of the first still holding cards and how many they are."""
    n = cfg[C_PLAYERS]
    exits = st[N_EXITS]
    k = 0
    for e in range(exits):
        if st[EXITS + e] % 4 == FINISHED:
            ranking[k] = st[EXITS + e] // 4
            k += 1
    first_remaining = k
    for i in range(n):
        s = (st[DEALER] + 1 + i) % n
        if st[STATUS + s] != IN:
            continue
        j = k
        while j > first_remaining and hand_size(st, ranking[j - 1]) > hand_size(st, s):
            ranking[j] = ranking[j - 1]
            j -= 1
        ranking[j] = s
        k += 1
    remaining = k - first_remaining
    for kind in (ELIMINATED, STUCK):
        for e in range(exits - 1, -1, -1):
            if st[EXITS + e] % 4 == kind:
                ranking[k] = st[EXITS + e] // 4
                k += 1
    return first_remaining, remaining


@njit(cache=True)
def score_place(
    st: np.ndarray, s: int, place: int, first_remaining: int, remaining: int, outcome: np.ndarray,
    points: np.ndarray,
) -> None:  # fmt: skip
    """Seat ``s`` ranked at ``place``: its outcome and E2 points (ビリ −10 for the last still holding cards
    when someone ranks above; eliminated −5; joker-stuck −10)."""
    status = st[STATUS + s]
    if status == ELIMINATED:
        outcome[s] = OUT_ELIMINATED
        points[s] = -5
        return
    if status == STUCK:
        outcome[s] = OUT_STUCK
        points[s] = -10
        return
    if status == IN:
        outcome[s] = OUT_STALEMATE if remaining > 1 else OUT_LEFT
    else:
        outcome[s] = OUT_FINISHED
    last_holder = status == IN and place == first_remaining + remaining - 1
    if last_holder and place != 0:
        points[s] = -10
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
def pass_score(st: np.ndarray, best_play: float, cfg: np.ndarray, w: np.ndarray) -> float:
    """policy.pass_score: a pass beats the best play when every play only helps others and passes are to spare."""
    if best_play <= NEVER / 4:
        return 0.0
    p = st[TURN]
    left = NO_LIMIT if cfg[C_LIMIT] == NO_LIMIT else cfg[C_LIMIT] - st[PASSES + p]
    return pass_score_of(best_play, left, st[PLAYABLE], st[OCCUPIED], st[HANDS + p], w)


@njit(cache=True)
def pass_score_of(best_play: float, left: int, playable: int, occupied: int, hand: int, w: np.ndarray) -> float:
    """policy.pass_score with ``left`` passes left (``NO_LIMIT`` for no limit)."""
    if best_play <= NEVER / 4:
        return 0.0
    if left != NO_LIMIT and left <= w[W_RESERVE]:
        return NEVER / 4
    others = popcount(playable & ~occupied & ~hand)
    return float(w[W_PASS_THRESHOLD] + w[W_PASS_PRESSURE] * max(0.0, w[W_PRESSURE_OPTIONS] - others))


@njit(cache=True)
def joker_score(
    st: np.ndarray, c: int, side: int, cfg: np.ndarray, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray
) -> float:  # fmt: skip
    """policy.joker_score: the card's own score past the gap, plus two cards gone at once."""
    p = st[TURN]
    hand = st[HANDS + p]
    gap = neighbour(c, side, cfg[C_RING] != 0)
    mine = (hand >> gap) & 1
    if mine and cfg[C_EXCHANGE] != OPTIONAL:
        return NEVER  # my own card would be buried under the joker for good
    score = card_score(c, hand, st[OCCUPIED] | (1 << gap), lanes, lengths, w, cfg) + w[W_JOKER]
    if not mine:
        score += KILL_SHARE[cfg[C_EXCHANGE]] * w[W_JOKER_KILL]
    score += w[W_JOKER_URGENCY] * st[JOKERS + p] / max(1, popcount(hand) - 1)
    return float(score)


@njit(cache=True)
def noisy(score: float, noise: float, rng: np.ndarray) -> float:
    """``score`` plus ``noise`` times a uniform draw (no draw at all without noise, as the Rollout)."""
    if noise > 0.0:
        return score + noise * uniform(rng)
    return score


@njit(cache=True)
def keep_best(k: int, score: float, best: int, best_score: float) -> tuple[int, float]:
    """The first best so far: action ``k`` only if it scores strictly more."""
    if score > best_score:
        return k, score
    return best, best_score


@njit(cache=True)
def heuristic_index(
    st: np.ndarray, cards: int, below: int, above: int, swaps: int, can_pass: bool, cfg: np.ndarray,
    lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: float, rng: np.ndarray,
) -> int:  # fmt: skip
    """The heuristic's choice as an index into the legal actions: policy.score_actions and the first best score.
    With ``noise`` > 0, as sevens' Rollout: ``noise`` times a uniform draw is added to each card's score (lowest
    first) and then to the pass's; where jokers are involved, to every action's score in the legal order."""
    if st[JOKERS + st[TURN]] == 0 and swaps == 0:
        return plain_choice(st, cards, can_pass, cfg, lanes, lengths, w, noise, rng)
    return joker_choice(st, cards, below, above, swaps, can_pass, cfg, lanes, lengths, w, noise, rng)


@njit(cache=True)
def plain_choice(
    st: np.ndarray, cards: int, can_pass: bool, cfg: np.ndarray, lanes: np.ndarray, lengths: np.ndarray,
    w: np.ndarray, noise: float, rng: np.ndarray,
) -> int:  # fmt: skip
    """:func:`heuristic_index` with no joker in hand and no exchange (the Rollout's fast path): the best card
    by :func:`card_score`, unless a pass scores more."""
    hand = st[HANDS + st[TURN]]
    if cards == 0:
        return 0  # only the pass
    if (not can_pass and cards & (cards - 1) == 0) or hand & (hand - 1) == 0:
        return 0  # one legal card, or the last card, which wins the round
    best, best_score = -1, -1e18
    k = 0
    m = cards
    while m != 0:
        c = lowest(m)
        m &= m - 1
        score = noisy(card_score(c, hand, st[OCCUPIED], lanes, lengths, w, cfg), noise, rng)
        best, best_score = keep_best(k, score, best, best_score)
        k += 1
    if can_pass and noisy(pass_score(st, best_score, cfg, w), noise, rng) > best_score:
        return k
    return best


@njit(cache=True)
def joker_choice(
    st: np.ndarray, cards: int, below: int, above: int, swaps: int, can_pass: bool, cfg: np.ndarray,
    lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: float, rng: np.ndarray,
) -> int:  # fmt: skip
    """:func:`heuristic_index` with jokers or exchanges: every legal action scored in the legal order (cards,
    joker plays, exchanges, the pass), the first best kept. The pass is judged against the best play's score
    before noise (``best_play``), as policy.score_actions does."""
    best, best_score, best_play = -1, -1e18, NEVER
    k = 0
    m = cards
    while m != 0:
        c = lowest(m)
        m &= m - 1
        score = card_action_score(st, c, cfg, lanes, lengths, w)
        best_play = max(best_play, score)
        best, best_score = keep_best(k, noisy(score, noise, rng), best, best_score)
        k += 1
    both = below | above
    while both != 0:
        c = lowest(both)
        both &= both - 1
        for side, sided in ((-1, below), (1, above)):
            if (sided >> c) & 1:
                score = joker_action_score(st, c, side, cfg, lanes, lengths, w)
                best_play = max(best_play, score)
                best, best_score = keep_best(k, noisy(score, noise, rng), best, best_score)
                k += 1
    m = swaps
    while m != 0:
        m &= m - 1
        score = w[W_SWAP] + w[W_JOKER_URGENCY] * 0.25
        best_play = max(best_play, score)
        best, best_score = keep_best(k, noisy(score, noise, rng), best, best_score)
        k += 1
    if can_pass:
        best, best_score = keep_best(k, noisy(pass_score(st, best_play, cfg, w), noise, rng), best, best_score)
    return best


@njit(cache=True)
def card_action_score(
    st: np.ndarray, c: int, cfg: np.ndarray, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray
) -> float:  # fmt: skip
    """policy.score_actions for playing card ``c`` when jokers are about: going out wins; the last real card
    with jokers left would leave them stuck (B8c); otherwise :func:`card_score`."""
    p = st[TURN]
    hand = st[HANDS + p]
    held = st[JOKERS + p]
    if hand & (hand - 1) == 0:  # the last real card
        return WIN if held == 0 else NEVER / 2
    return card_score(c, hand, st[OCCUPIED], lanes, lengths, w, cfg)


@njit(cache=True)
def joker_action_score(
    st: np.ndarray, c: int, side: int, cfg: np.ndarray, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray
) -> float:  # fmt: skip
    """policy.score_actions for a joker play with card ``c``: the last joker with the last card wins."""
    p = st[TURN]
    if st[JOKERS + p] == 1 and st[HANDS + p] == 1 << c:
        return WIN
    return joker_score(st, c, side, cfg, lanes, lengths, w)


# ---------------------------------------------------------------------------------------------- reading
# a past choice of another player (sevens.agents.shichinarabe.sampling), one row of MOMENT_COLUMNS
M_OCCUPIED, M_PLAYABLE, M_LEFT, M_PUT_OUT_BEFORE, M_KIND, M_CARD = range(6)
MOMENT_COLUMNS = 6
M_PLAY, M_PASS, M_OTHER = 0, 1, 2


@njit(cache=True)
def plain_misses(
    hand: int, put_out: int, moments: np.ndarray, w: np.ndarray, voluntary: bool, cfg: np.ndarray,
    lanes: np.ndarray, lengths: np.ndarray, misses: np.ndarray,
) -> None:  # fmt: skip
    """inference.OpponentModel.seat_component_logs without jokers: ``misses[k]`` the number of ``moments`` the
    policy ``w[k]`` does not explain if the seat holds ``hand`` now (and held the cards it put out since)."""
    for k in range(w.shape[0]):
        misses[k] = 0
    for i in range(moments.shape[0]):
        m = moments[i]
        then = hand | (put_out & ~m[M_PUT_OUT_BEFORE])
        plays = then & m[M_PLAYABLE]
        left = m[M_LEFT]
        can_pass = (left == NO_LIMIT or left > 0) and (voluntary or plays == 0)
        if not a_real_choice(m, plays, can_pass):
            continue
        for k in range(w.shape[0]):
            if not explains(m, then, plays, can_pass, lanes, lengths, w[k], cfg):
                misses[k] += 1


@njit(cache=True)
def a_real_choice(m: np.ndarray, plays: int, can_pass: bool) -> bool:
    """Whether moment ``m`` says something: two actions or more were legal, and the one taken was one of them."""
    if popcount(plays) + can_pass < 2:
        return False
    if m[M_KIND] == M_PASS:
        return can_pass
    return m[M_KIND] == M_PLAY and (plays >> m[M_CARD]) & 1 != 0


@njit(cache=True)
def explains(
    m: np.ndarray, then: int, plays: int, can_pass: bool, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray,
    cfg: np.ndarray,
) -> bool:  # fmt: skip
    """Whether the policy ``w``, holding ``then``, would have made moment ``m``'s choice (its best card, or the
    pass when the pass scores more; the last card always wins, so it is always played)."""
    if then & (then - 1) == 0:
        return m[M_KIND] == M_PLAY
    occupied = m[M_OCCUPIED]
    best, best_score = -1, -1e18
    rest = plays
    while rest != 0:
        c = lowest(rest)
        rest &= rest - 1
        best, best_score = keep_best(c, card_score(c, then, occupied, lanes, lengths, w, cfg), best, best_score)
    if can_pass and pass_score_of(best_score, m[M_LEFT], m[M_PLAYABLE], occupied, then, w) > best_score:
        return m[M_KIND] == M_PASS
    return m[M_KIND] == M_PLAY and m[M_CARD] == best


# ---------------------------------------------------------------------------------------------- playing
TRACE_COLUMNS = 6  # legal cards, Jk+X cards, X+Jk cards, swap cards, can pass, choice


@njit(cache=True)
def xorshift(s0: np.uint64, s1: np.uint64) -> tuple[np.uint64, np.uint64, np.uint64]:
    """One step of :func:`next_random` on a generator held in two locals: the new state and the draw."""
    a = s0 ^ (s0 << np.uint64(23))
    after = a ^ s1 ^ (a >> np.uint64(17)) ^ (s1 >> np.uint64(26))
    return s1, after, np.uint64(after + s1)


@njit(cache=True)
def draw_below(r: np.uint64, k: int) -> int:
    """:func:`randint`'s mapping of the draw ``r`` to 0 … k-1."""
    return int(((r >> np.uint64(32)) * np.uint64(k)) >> np.uint64(32))


@njit(cache=True)
def with_row(playable: int, occupied: int, suit: int, table: np.ndarray) -> int:
    """``playable`` with the row of ``suit`` re-read from the table (:func:`refresh_suit` on locals)."""
    shift = 13 * suit
    return (playable & ~(ROW_MASK << shift)) | table[0, suit, (occupied >> shift) & ROW_MASK]


@njit(cache=True)
def record_exit(st: np.ndarray, s: int, kind: int) -> None:
    """:func:`exit_game` without the count of players in (kept in a local by the caller)."""
    st[STATUS + s] = kind
    st[EXITS + st[N_EXITS]] = s * 4 + kind
    st[N_EXITS] += 1


@njit(cache=True)
def play_plain(
    st: np.ndarray, stop: int, policy: int, cfg: np.ndarray, table: np.ndarray, lanes: np.ndarray,
    lengths: np.ndarray, w: np.ndarray, noise: np.ndarray, rng: np.ndarray,
) -> int:  # fmt: skip
    """:func:`play_game`'s loop for rules without jokers, both policies: play until seat ``stop`` is to move or
    the game is over (``stop`` -1: to the end); the number of actions. The same rules, choices and draws as the
    general loop (:func:`legal`, :func:`plain_choice`, :func:`play_card`, :func:`play_pass`; tests/kernel plays
    both on the same games), with the table, the turn, the generator and the rules held in locals rather than
    re-read from the row after every store: that is most of a step's cost (the random policy's is the C
    yardstick's workload)."""
    n = cfg[C_PLAYERS]
    limit = cfg[C_LIMIT]
    voluntary = cfg[C_VOLUNTARY] != 0
    opens_7d = cfg[C_OPENS_7D] != 0
    stalemates = limit == NO_LIMIT  # B11: without a limit, a full cycle of passes ends the round
    heuristic = policy != RANDOM
    s0, s1 = rng[0], rng[1]
    occupied, playable, p, n_in, streak = st[OCCUPIED], st[PLAYABLE], st[TURN], st[N_IN], st[STREAK]
    steps = 0
    while p >= 0 and p != stop:
        steps += 1
        hand = st[HANDS + p]
        if opens_7d and not (occupied >> SEVEN_OF_DIAMONDS) & 1:
            cards, can_pass = 1 << SEVEN_OF_DIAMONDS, False  # Fan Tan with diamond_seven: 7♦ first (B4)
        else:
            cards = hand & playable
            can_pass = st[PASSES + p] < limit and (voluntary or cards == 0)
        n_cards = popcount(cards)
        if not heuristic:
            s0, s1, r = xorshift(s0, s1)  # one draw per action, as randint
            index = draw_below(r, n_cards + 1 if can_pass else n_cards)
        elif cards == 0 or (not can_pass and n_cards == 1) or hand & (hand - 1) == 0:
            index = 0  # plain_choice: only the pass, one legal card, or the last card (which wins the round)
        else:
            index, s0, s1 = plain_choice_local(
                cards, can_pass, hand, occupied, playable, st[PASSES + p], limit, cfg, lanes, lengths, w[p],
                noise[p], s0, s1,
            )  # fmt: skip
        if index < n_cards:
            c = nth_bit(cards, index)
            hand ^= 1 << c
            st[HANDS + p] = hand
            occupied |= 1 << c
            playable = with_row(playable, occupied, c // 13, table)
            streak = 0
            if hand == 0:
                record_exit(st, p, FINISHED)
                n_in -= 1
        else:
            st[PASSES + p] += 1
            streak += 1
            if stalemates and streak >= n_in:
                p = -1
                break
        # settle: the next player in with an action; anyone with no play and no pass left is eliminated (B9, B10)
        q = next_seat(p, n)
        p = -1
        while n_in > 1:
            while st[STATUS + q] != IN:
                q = next_seat(q, n)
            if st[PASSES + q] < limit or st[HANDS + q] & playable:
                p = q
                break
            occupied |= st[HANDS + q]
            st[HANDS + q] = 0
            for suit in range(4):
                playable = with_row(playable, occupied, suit, table)
            record_exit(st, q, ELIMINATED)
            n_in -= 1
            q = next_seat(q, n)
    st[OCCUPIED], st[PLAYABLE], st[TURN], st[N_IN], st[STREAK] = occupied, playable, p, n_in, streak
    rng[0], rng[1] = s0, s1
    return steps


@njit(cache=True)
def noisy_local(score: float, noise: float, s0: np.uint64, s1: np.uint64) -> tuple[float, np.uint64, np.uint64]:
    """:func:`noisy` on a generator held in two locals."""
    if noise > 0.0:
        s0, s1, r = xorshift(s0, s1)
        return score + noise * (float(r >> np.uint64(11)) * (1.0 / 9007199254740992.0)), s0, s1
    return score, s0, s1


@njit(cache=True)
def plain_choice_local(
    cards: int, can_pass: bool, hand: int, occupied: int, playable: int, passes: int, limit: int, cfg: np.ndarray,
    lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: float, s0: np.uint64, s1: np.uint64,
) -> tuple[int, np.uint64, np.uint64]:  # fmt: skip
    """:func:`plain_choice` past its early answers, on locals: the choice and the generator after it."""
    best, best_score = -1, -1e18
    k = 0
    m = cards
    while m != 0:
        c = lowest(m)
        m &= m - 1
        score, s0, s1 = noisy_local(card_score(c, hand, occupied, lanes, lengths, w, cfg), noise, s0, s1)
        best, best_score = keep_best(k, score, best, best_score)
        k += 1
    if can_pass:
        left = NO_LIMIT if limit == NO_LIMIT else limit - passes
        pass_value, s0, s1 = noisy_local(pass_score_of(best_score, left, playable, occupied, hand, w), noise, s0, s1)
        if pass_value > best_score:
            return k, s0, s1
    return best, s0, s1


@njit(cache=True)
def play_game(
    st: np.ndarray, policy: int, cfg: np.ndarray, table: np.ndarray, lanes: np.ndarray, lengths: np.ndarray,
    w: np.ndarray, noise: np.ndarray, rng: np.ndarray, trace: np.ndarray, general: bool,
) -> int:  # fmt: skip
    """Play the game ``st`` to its end; returns the number of actions. The heuristic plays seat ``p`` with the
    weights ``w[p]`` and the noise ``noise[p]``. With a non-empty ``trace``, each step's legal actions and choice
    are recorded (``TRACE_COLUMNS``) for the cross-check against the Python engine. Rules without jokers are
    played by :func:`play_plain` unless traced or ``general`` (the loop below: benchmarks and tests compare)."""
    tracing = trace.shape[0] > 0
    if not tracing and not cfg[C_JOKERS] and not general:
        return play_plain(st, -1, policy, cfg, table, lanes, lengths, w, noise, rng)  # the same games as below
    steps = 0
    while st[TURN] >= 0:
        cards, below, above, swaps, can_pass = legal(st, cfg)
        if policy == RANDOM:
            count = popcount(cards) + popcount(below) + popcount(above) + popcount(swaps)
            index = randint(rng, count + 1 if can_pass else count)
        else:
            p = st[TURN]
            index = heuristic_index(
                st, cards, below, above, swaps, can_pass, cfg, lanes, lengths, w[p], noise[p], rng
            )  # fmt: skip
        if tracing:
            trace[steps, 0] = cards
            trace[steps, 1] = below
            trace[steps, 2] = above
            trace[steps, 3] = swaps
            trace[steps, 4] = can_pass
            trace[steps, 5] = index
        if index < popcount(cards):  # the common case, without the decoding of apply_index
            play_card(st, nth_bit(cards, index), cfg, table)
        else:
            apply_index(st, index, cards, below, above, swaps, cfg, table)
        steps += 1
    return steps


GAMES_PER_TASK = 256  # games a thread takes at a time in play_batch (they free up unevenly on a shared machine)


@njit(cache=True)
def tasks(games: int) -> int:
    """How many tasks of ``GAMES_PER_TASK`` games a batch of ``games`` is split into."""
    return (games + GAMES_PER_TASK - 1) // GAMES_PER_TASK


@njit(cache=True)
def task_games(task: int, games: int) -> tuple[int, int]:
    """The first game of ``task`` and the one after its last."""
    first = task * GAMES_PER_TASK
    return first, min(games, first + GAMES_PER_TASK)


@njit(cache=True)
def play_games(
    first: int, last: int, policy: int, deal_first: bool, seed: np.uint64, state: np.ndarray, cfg: np.ndarray,
    table: np.ndarray, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: np.ndarray,
    streams: np.ndarray, ranking: np.ndarray, outcome: np.ndarray, points: np.ndarray, steps: np.ndarray,
    general: bool,
) -> None:  # fmt: skip
    """Play games ``first`` … ``last - 1`` of the batch to their end (with ``deal_first`` deal each at random
    first), game ``g`` drawing from its own generator seeded by ``(seed, streams[g])``, and write their
    results. ``w[g, seat]`` are the weights each seat plays with (``w[0, seat]`` for every game when ``w`` holds
    one set). The generator and the deck are allocated once for all of them."""
    rng = np.empty(2, dtype=np.uint64)
    deck = np.empty(52 + cfg[C_JOKERS], dtype=np.int64)
    no_trace = np.zeros((0, TRACE_COLUMNS), dtype=np.int64)
    for g in range(first, last):
        seed_rng(rng, seed, streams[g])
        st = state[g]
        if deal_first:
            deal(st, cfg, rng, deck)
            start(st, cfg, table)
        weights = w[g] if w.shape[0] > 1 else w[0]
        steps[g] = play_game(st, policy, cfg, table, lanes, lengths, weights, noise, rng, no_trace, general)
        result(st, cfg, ranking[g], outcome[g], points[g])


@njit(cache=True, parallel=True)
def play_batch(
    policy: int, deal_first: bool, seed: np.uint64, state: np.ndarray, cfg: np.ndarray, table: np.ndarray,
    lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: np.ndarray, streams: np.ndarray,
    ranking: np.ndarray, outcome: np.ndarray, points: np.ndarray, steps: np.ndarray, general: bool,
) -> None:  # fmt: skip
    """Every game of the batch, across threads, ``GAMES_PER_TASK`` at a time (:func:`play_games`)."""
    games = state.shape[0]
    for task in prange(tasks(games)):
        first, last = task_games(task, games)
        play_games(
            first, last, policy, deal_first, seed, state, cfg, table, lanes, lengths,
            w, noise, streams, ranking, outcome, points, steps, general,
        )  # fmt: skip


@njit(cache=True)
def play_batch_serial(
    policy: int, deal_first: bool, seed: np.uint64, state: np.ndarray, cfg: np.ndarray, table: np.ndarray,
    lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: np.ndarray, streams: np.ndarray,
    ranking: np.ndarray, outcome: np.ndarray, points: np.ndarray, steps: np.ndarray, general: bool,
) -> None:  # fmt: skip
    """Every game of the batch on the calling thread, for small batches (a search's playouts): waking the
    thread pool takes milliseconds on a busy machine, more than a few games."""
    play_games(
        0, state.shape[0], policy, deal_first, seed, state, cfg, table, lanes, lengths, w, noise, streams, ranking,
        outcome, points, steps, general,
    )  # fmt: skip


@njit(cache=True)
def start_batch(state: np.ndarray, cfg: np.ndarray, table: np.ndarray, seed: np.uint64, deal_first: bool) -> None:
    """Begin every round (dealt at random first with ``deal_first``, from the generator ``(seed, g)``)."""
    rng = np.empty(2, dtype=np.uint64)
    deck = np.empty(52 + cfg[C_JOKERS], dtype=np.int64)
    for g in range(state.shape[0]):
        if deal_first:
            seed_rng(rng, seed, np.uint64(g))
            deal(state[g], cfg, rng, deck)
        start(state[g], cfg, table)


@njit(cache=True)
def trace_game(
    st: np.ndarray, game: int, policy: int, seed: np.uint64, cfg: np.ndarray, table: np.ndarray,
    lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: np.ndarray, trace: np.ndarray,
    ranking: np.ndarray, outcome: np.ndarray, points: np.ndarray,
) -> int:  # fmt: skip
    """Play game ``st`` (stream ``game`` of the generator) recording every step in ``trace``; ``w[seat]`` and
    ``noise[seat]`` as in :func:`play_game`. Returns the number of steps."""
    rng = np.empty(2, dtype=np.uint64)
    seed_rng(rng, seed, np.uint64(game))
    steps = play_game(st, policy, cfg, table, lanes, lengths, w, noise, rng, trace, True)
    result(st, cfg, ranking, outcome, points)
    return steps


# ---------------------------------------------------------------------------------------------- environments
# action numbers of sevens.envs.encoding's 七並べ action space: plays, Jk+X, X+Jk, swaps (by card), the pass
A_PLAY, A_JOKER_BELOW, A_JOKER_ABOVE, A_SWAP, A_PASS = 0, 52, 104, 156, 208
ACTIONS = 209
# the observation (uint8, seats relative to the learner: the learner first, then clockwise); see sevens.envs.vector
O_HAND, O_TABLE, O_JOKER_AT = 0, 52, 104  # 52 cards each: own real cards, real cards on the table, jokers there
O_SEATS = 156  # then per seat: cards held (real + jokers), passes used, status; then own jokers, the pass streak


def observation_size(players: int) -> int:
    return O_SEATS + 3 * players + 2


@njit(cache=True)
def apply_number(st: np.ndarray, a: int, cfg: np.ndarray, table: np.ndarray) -> None:
    """Apply action number ``a`` of the action space (legal: checked by the caller)."""
    if a < A_JOKER_BELOW:
        play_card(st, a, cfg, table)
    elif a < A_JOKER_ABOVE:
        play_joker(st, a - A_JOKER_BELOW, -1, cfg, table)
    elif a < A_SWAP:
        play_joker(st, a - A_JOKER_ABOVE, 1, cfg, table)
    elif a < A_PASS:
        play_swap(st, a - A_SWAP, cfg, table)
    else:
        play_pass(st, cfg, table)


@njit(cache=True)
def write_bits(out: np.ndarray, at: int, bits: int) -> None:
    """``out[at + i] = 1`` for each set bit ``i`` of ``bits`` (the rest of the 52 already 0)."""
    while bits:
        out[at + lowest(bits)] = 1
        bits &= bits - 1


@njit(cache=True)
def write_mask(st: np.ndarray, cfg: np.ndarray, mask: np.ndarray) -> None:
    """1 at each legal action number of the seat to move; once the game is over, 1 at the pass only (the action
    then sent is ignored by the auto-reset, and a mask with one 1 keeps ``logits + log(mask)`` finite with that
    action's log-probability 0, so the step adds nothing to a masked policy's gradient)."""
    mask[:] = 0
    if st[TURN] < 0:
        mask[A_PASS] = 1
        return
    cards, below, above, swaps, can_pass = legal(st, cfg)
    write_bits(mask, A_PLAY, cards)
    write_bits(mask, A_JOKER_BELOW, below)
    write_bits(mask, A_JOKER_ABOVE, above)
    write_bits(mask, A_SWAP, swaps)
    mask[A_PASS] = can_pass


@njit(cache=True)
def write_observation(st: np.ndarray, seat: int, cfg: np.ndarray, obs: np.ndarray) -> None:
    """What ``seat`` sees (its own cards, the table, every seat's public counts), at the O_* offsets."""
    n = cfg[C_PLAYERS]
    obs[:] = 0
    write_bits(obs, O_HAND, st[HANDS + seat])
    write_bits(obs, O_TABLE, st[OCCUPIED] & ~st[JOKER_AT])
    write_bits(obs, O_JOKER_AT, st[JOKER_AT])
    for k in range(n):
        s = seat + k
        if s >= n:
            s -= n
        obs[O_SEATS + k] = popcount(st[HANDS + s]) + st[JOKERS + s]
        obs[O_SEATS + n + k] = min(st[PASSES + s], 255)
        obs[O_SEATS + 2 * n + k] = st[STATUS + s]
    obs[O_SEATS + 3 * n] = st[JOKERS + seat]
    obs[O_SEATS + 3 * n + 1] = min(st[STREAK], 255)


@njit(cache=True)
def opponent_move(
    st: np.ndarray, policy: int, cfg: np.ndarray, table: np.ndarray, lanes: np.ndarray, lengths: np.ndarray,
    w: np.ndarray, noise: np.ndarray, rng: np.ndarray,
) -> None:  # fmt: skip
    """One action of the seat to move by ``policy`` (as :func:`play_game` chooses)."""
    cards, below, above, swaps, can_pass = legal(st, cfg)
    if policy == RANDOM:
        count = popcount(cards) + popcount(below) + popcount(above) + popcount(swaps)
        index = randint(rng, count + 1 if can_pass else count)
    else:
        p = st[TURN]
        index = heuristic_index(st, cards, below, above, swaps, can_pass, cfg, lanes, lengths, w[p], noise[p], rng)
    apply_index(st, index, cards, below, above, swaps, cfg, table)


@njit(cache=True)
def play_to_seat(
    st: np.ndarray, seat: int, policy: int, cfg: np.ndarray, table: np.ndarray, lanes: np.ndarray,
    lengths: np.ndarray, w: np.ndarray, noise: np.ndarray, rng: np.ndarray,
) -> None:  # fmt: skip
    """The other seats move until ``seat`` is to move or the game is over (:func:`play_plain` without jokers)."""
    if not cfg[C_JOKERS]:
        play_plain(st, seat, policy, cfg, table, lanes, lengths, w, noise, rng)
        return
    while st[TURN] >= 0 and st[TURN] != seat:
        opponent_move(st, policy, cfg, table, lanes, lengths, w, noise, rng)


@njit(cache=True)
def deal_to_seat(
    st: np.ndarray, seat: int, policy: int, cfg: np.ndarray, table: np.ndarray, lanes: np.ndarray,
    lengths: np.ndarray, w: np.ndarray, noise: np.ndarray, rng: np.ndarray, deck: np.ndarray,
) -> None:  # fmt: skip
    """A new game played to ``seat``'s first turn; a deal in which ``seat`` is out before it is dealt again."""
    st[TURN] = -1
    while st[TURN] != seat:
        deal(st, cfg, rng, deck)
        start(st, cfg, table)
        play_to_seat(st, seat, policy, cfg, table, lanes, lengths, w, noise, rng)


@njit(cache=True)
def deal_envs(
    state: np.ndarray, fresh: np.ndarray, seat: int, policy: int, cfg: np.ndarray, table: np.ndarray,
    lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: np.ndarray, rngs: np.ndarray, obs: np.ndarray,
    mask: np.ndarray,
) -> None:  # fmt: skip
    """The environments marked ``fresh`` only: a new game each, as :func:`step_envs` deals it (the same draws),
    observation and mask written; the others are left as they are (SAME_STEP auto-reset)."""
    deck = np.empty(52 + cfg[C_JOKERS], dtype=np.int64)
    for g in range(state.shape[0]):
        if fresh[g]:
            fresh[g] = False
            deal_to_seat(state[g], seat, policy, cfg, table, lanes, lengths, w, noise, rngs[g], deck)
            write_observation(state[g], seat, cfg, obs[g])
            write_mask(state[g], cfg, mask[g])


@njit(cache=True)
def step_envs(
    first: int, last: int, state: np.ndarray, actions: np.ndarray, fresh: np.ndarray, seat: int, policy: int,
    cfg: np.ndarray, table: np.ndarray, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: np.ndarray,
    rngs: np.ndarray, obs: np.ndarray, mask: np.ndarray, rewards: np.ndarray, terminated: np.ndarray,
) -> None:  # fmt: skip
    """Environments ``first`` … ``last - 1``: those marked ``fresh`` are dealt a new game (from their own
    generator ``rngs[g]``; a deal in which ``seat`` is out before its first turn is dealt again) and played
    to ``seat``'s turn; the others play ``seat``'s action number ``actions[g]`` and then the opponents'. The
    ends are scored (``seat``'s E2 points in ``rewards``, ``terminated``, and ``fresh`` set for the next call);
    observations and masks are written for every environment."""
    n = cfg[C_PLAYERS]
    deck = np.empty(52 + cfg[C_JOKERS], dtype=np.int64)
    ranking = np.empty(n, dtype=np.int64)
    outcome = np.empty(n, dtype=np.int64)
    points = np.empty(n, dtype=np.int64)
    for g in range(first, last):
        st = state[g]
        rng = rngs[g]
        rewards[g] = 0.0
        terminated[g] = False
        if fresh[g]:
            fresh[g] = False
            deal_to_seat(st, seat, policy, cfg, table, lanes, lengths, w, noise, rng, deck)
        else:
            apply_number(st, actions[g], cfg, table)
            play_to_seat(st, seat, policy, cfg, table, lanes, lengths, w, noise, rng)
            if st[TURN] < 0:
                result(st, cfg, ranking, outcome, points)
                rewards[g] = points[seat]
                terminated[g] = True
                fresh[g] = True
        write_observation(st, seat, cfg, obs[g])
        write_mask(st, cfg, mask[g])


@njit(cache=True, parallel=True)
def step_envs_parallel(
    state: np.ndarray, actions: np.ndarray, fresh: np.ndarray, seat: int, policy: int, cfg: np.ndarray,
    table: np.ndarray, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, noise: np.ndarray, rngs: np.ndarray,
    obs: np.ndarray, mask: np.ndarray, rewards: np.ndarray, terminated: np.ndarray,
) -> None:  # fmt: skip
    """:func:`step_envs` over every environment, across threads, ``GAMES_PER_TASK`` at a time."""
    games = state.shape[0]
    for task in prange(tasks(games)):
        first, last = task_games(task, games)
        step_envs(
            first, last, state, actions, fresh, seat, policy, cfg, table, lanes,
            lengths, w, noise, rngs, obs, mask, rewards, terminated,
        )  # fmt: skip


@njit(cache=True)
def seed_envs(rngs: np.ndarray, seed: np.uint64) -> None:
    """Environment ``g``'s generator from ``(seed, g)``."""
    for g in range(rngs.shape[0]):
        seed_rng(rngs[g], seed, np.uint64(g))


@njit(cache=True)
def continue_envs(
    state: np.ndarray, seat: int, policy: int, cfg: np.ndarray, table: np.ndarray, lanes: np.ndarray,
    lengths: np.ndarray, w: np.ndarray, noise: np.ndarray, rngs: np.ndarray, obs: np.ndarray, mask: np.ndarray,
) -> None:  # fmt: skip
    """Games loaded from positions: the opponents move to ``seat``'s turn; observations and masks written."""
    for g in range(state.shape[0]):
        play_to_seat(state[g], seat, policy, cfg, table, lanes, lengths, w, noise, rngs[g])
        write_observation(state[g], seat, cfg, obs[g])
        write_mask(state[g], cfg, mask[g])


@njit(cache=True)
def step_self_play(
    first: int, last: int, state: np.ndarray, actions: np.ndarray, fresh: np.ndarray, cfg: np.ndarray,
    table: np.ndarray, rngs: np.ndarray, seats: np.ndarray, obs: np.ndarray, mask: np.ndarray, rewards: np.ndarray,
    terminated: np.ndarray,
) -> None:  # fmt: skip
    """:func:`step_envs` with every seat played by the caller: games marked ``fresh`` are dealt anew; the others
    play the seat to move's action number ``actions[g]``. At an end every seat's E2 points are written to
    ``rewards[g]``. ``seats[g]`` becomes the seat whose observation and mask are written: the seat to move, or
    at the end the seat that moved last."""
    n = cfg[C_PLAYERS]
    deck = np.empty(52 + cfg[C_JOKERS], dtype=np.int64)
    ranking = np.empty(n, dtype=np.int64)
    outcome = np.empty(n, dtype=np.int64)
    points = np.empty(n, dtype=np.int64)
    for g in range(first, last):
        st = state[g]
        rewards[g, :] = 0.0
        terminated[g] = False
        if fresh[g]:
            fresh[g] = False
            st[TURN] = -1
            while st[TURN] < 0:  # a deal whose round is over at once (everyone out by the 7s) is dealt again
                deal(st, cfg, rngs[g], deck)
                start(st, cfg, table)
        else:
            apply_number(st, actions[g], cfg, table)
            if st[TURN] < 0:
                result(st, cfg, ranking, outcome, points)
                rewards[g, :n] = points
                terminated[g] = True
                fresh[g] = True
        if st[TURN] >= 0:
            seats[g] = st[TURN]
        write_observation(st, seats[g], cfg, obs[g])
        write_mask(st, cfg, mask[g])


@njit(cache=True, parallel=True)
def step_self_play_parallel(
    state: np.ndarray, actions: np.ndarray, fresh: np.ndarray, cfg: np.ndarray, table: np.ndarray,
    rngs: np.ndarray, seats: np.ndarray, obs: np.ndarray, mask: np.ndarray, rewards: np.ndarray,
    terminated: np.ndarray,
) -> None:  # fmt: skip
    """:func:`step_self_play` over every game, across threads, ``GAMES_PER_TASK`` at a time."""
    games = state.shape[0]
    for task in prange(tasks(games)):
        first, last = task_games(task, games)
        step_self_play(first, last, state, actions, fresh, cfg, table, rngs, seats, obs, mask, rewards, terminated)


@njit(cache=True)
def observe_movers(state: np.ndarray, cfg: np.ndarray, seats: np.ndarray, obs: np.ndarray, mask: np.ndarray) -> None:
    """Games loaded from positions: ``seats[g]``, observation and mask of the seat to move in each."""
    for g in range(state.shape[0]):
        seats[g] = max(state[g, TURN], 0)
        write_observation(state[g], seats[g], cfg, obs[g])
        write_mask(state[g], cfg, mask[g])


# ---------------------------------------------------------------------------------------------- teaching
@njit(cache=True)
def index_number(index: int, cards: int, below: int, above: int, swaps: int) -> int:
    """The action number (``A_*``) of legal index ``index`` in :func:`legal`'s order (as :func:`apply_index`)."""
    n = popcount(cards)
    if index < n:
        return A_PLAY + nth_bit(cards, index)
    index -= n
    both = below | above
    while both:
        c = lowest(both)
        both &= both - 1
        if (below >> c) & 1:
            if index == 0:
                return A_JOKER_BELOW + c
            index -= 1
        if (above >> c) & 1:
            if index == 0:
                return A_JOKER_ABOVE + c
            index -= 1
    if index < popcount(swaps):
        return A_SWAP + nth_bit(swaps, index)
    return A_PASS


@njit(cache=True)
def heuristic_numbers(
    state: np.ndarray, cfg: np.ndarray, lanes: np.ndarray, lengths: np.ndarray, w: np.ndarray, out: np.ndarray
) -> None:  # fmt: skip
    """``out[g]``: the action number the heuristic (weights ``w``, no noise) would play for the seat to move in
    game ``g``, or -1 where the game is over: a teacher's label for the positions of a vector env."""
    rng = np.zeros(2, dtype=np.uint64)  # unused: no noise, no draw
    for g in range(state.shape[0]):
        st = state[g]
        if st[TURN] < 0:
            out[g] = -1
            continue
        cards, below, above, swaps, can_pass = legal(st, cfg)
        index = heuristic_index(st, cards, below, above, swaps, can_pass, cfg, lanes, lengths, w, 0.0, rng)
        out[g] = index_number(index, cards, below, above, swaps)
