"""Batches of 七並べ games for the compiled kernel: built from seeds, hands, random deals or Python states,
played to the end, read back as rankings and E2 points.

>>> from sevens.games.shichinarabe import Rules
>>> batch = Batch.from_seeds(Rules.preset("standard"), [7, 8])
>>> outcome = batch.play("random", seed=1)
>>> outcome.points.shape, sorted(outcome.ranking[0].tolist())
((2, 4), [0, 1, 2, 3])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from functools import cache
from typing import Literal

import numba
import numpy as np
import numpy.typing as npt

from sevens.cards import DECK_SIZE
from sevens.errors import IllegalActionError, RulesError, WrongTypeError
from sevens.games.dealing import deal_round_robin
from sevens.games.shichinarabe import Rules, State, max_steps
from sevens.games.shichinarabe.lanes import both_open, row_lanes
from sevens.games.shichinarabe.tables import ROWS, shifted_tables
from sevens.kernel import engine
from sevens.policy_weights import DEFAULT_WEIGHTS, Weights

Policy = Literal["random", "heuristic"]
POLICIES: dict[str, int] = {"random": engine.RANDOM, "heuristic": engine.HEURISTIC}
Loop = Literal["fast", "general"]
LOOPS: tuple[str, ...] = ("fast", "general")  # Batch.play: the loop for rules without jokers
OUTCOME_NAMES = ("finished", "left", "stalemate", "eliminated", "joker_stuck")
_STATUS_CODES = {
    "in": engine.IN, "finished": engine.FINISHED, "eliminated": engine.ELIMINATED, "joker_stuck": engine.STUCK,
}  # fmt: skip
I64 = npt.NDArray[np.int64]
PARALLEL_FROM = 2048  # smaller batches are played on the calling thread (waking the pool costs more)


class UnsupportedRulesError(RulesError):
    """Rules the compiled kernel does not play: those of another family (Killer Sevens, Seven Twenty-Seven)."""


def supports(rules: object) -> bool:
    """Whether the kernel plays ``rules``: every 七並べ rules (RULES.md Part B, jokers included; ``ghost`` swaps
    never happen in simulated play and ``hints`` are for front-ends), nothing of the other families."""
    return isinstance(rules, Rules)


def check_supported(rules: object) -> None:
    """Raise :class:`UnsupportedRulesError` for rules the kernel does not play."""
    if not isinstance(rules, Rules):
        family = type(rules).__module__.rsplit(".", 2)[-2] if "." in type(rules).__module__ else type(rules).__name__
        raise UnsupportedRulesError(
            f"the compiled kernel plays 七並べ (Part B) rules only, not {family}; play these with the Python engine"
        )


@dataclass(frozen=True, slots=True)
class Tables:
    """Everything the kernel needs from the rules, as arrays (built once per rules)."""

    cfg: I64
    table: I64
    lanes: I64
    lengths: I64


@cache
def tables_for(rules: Rules) -> Tables:
    check_supported(rules)
    cfg = np.zeros(engine.CFG_SIZE, dtype=np.int64)
    cfg[engine.C_PLAYERS] = rules.players
    cfg[engine.C_LIMIT] = engine.NO_LIMIT if rules.pass_limit is None else rules.pass_limit
    cfg[engine.C_VOLUNTARY] = rules.voluntary_pass
    cfg[engine.C_OPENS_7D] = rules.opening == "fan_tan" and rules.first_player == "diamond_seven"
    cfg[engine.C_DEALER_LEFT] = rules.first_player == "dealer_left"
    cfg[engine.C_SEVENS_PLACED] = rules.opening == "sevens_placed"
    cfg[engine.C_RING] = rules.ak_link
    cfg[engine.C_TUNNEL] = rules.tunnel != "off"
    cfg[engine.C_JOKERS] = rules.jokers
    cfg[engine.C_EXCHANGE] = ("forced", "optional", "none").index(rules.joker_exchange)
    table = np.array(shifted_tables(rules.ak_link, rules.tunnel), dtype=np.int64)  # [kind, suit, row]
    lanes, lengths = _lane_tables(rules.ak_link, rules.tunnel)
    return Tables(cfg, table, lanes, lengths)


@cache
def _lane_tables(ring: bool, tunnel: str) -> tuple[I64, I64]:
    """The heuristic's lanes of every row (:func:`~sevens.games.shichinarabe.lanes.row_lanes`):
    ``lanes[row, k]`` the positions of lane ``k``; ``lengths[row]`` = lane 0's and lane 1's lengths, the number
    of lanes, and whether both ends fill the same arc (:func:`~sevens.games.shichinarabe.lanes.both_open`)."""
    lanes = np.zeros((ROWS, 2, 13), dtype=np.int64)
    lengths = np.zeros((ROWS, 4), dtype=np.int64)
    for row in range(ROWS):
        found = row_lanes(row, ring, tunnel)
        for k, lane in enumerate(found):
            lanes[row, k, : len(lane)] = lane
            lengths[row, k] = len(lane)
        lengths[row, 2] = len(found)
        lengths[row, 3] = both_open(row, ring, tunnel)
    return lanes, lengths


def _check_seed(seed: int) -> int:
    if not 0 <= seed < 1 << 64:
        raise ValueError(f"seed must be from 0 to 2**64-1, got {seed}")
    return seed


F64 = npt.NDArray[np.float64]
W_FIELDS = tuple(f.name for f in fields(Weights))
SeatWeights = Weights | Sequence[Weights] | F64
"""The heuristic's weights: one :class:`Weights` for every seat, one per seat, or an array ``[game, seat, k]``
(from :func:`weights_table`) giving each game its own per-seat weights."""
SeatNoise = float | Sequence[float]
"""The heuristic's noise: one level for every seat, or one per seat."""


@cache
def weights_array(w: Weights) -> F64:
    """The fields of ``w`` in order (the kernel's ``W_*`` indices); read-only, shared."""
    array = np.array([float(getattr(w, f.name)) for f in fields(w)], dtype=np.float64)
    array.flags.writeable = False
    return array


def weights_table(weights: SeatWeights, players: int) -> F64:
    """``weights`` as the kernel reads them: ``[game, seat, k]``, with one game row standing for every game."""
    if isinstance(weights, Weights):
        return np.broadcast_to(weights_array(weights), (1, players, len(W_FIELDS))).copy()
    if isinstance(weights, np.ndarray):
        table = np.ascontiguousarray(weights, dtype=np.float64)
        if table.ndim != 3 or table.shape[1:] != (players, len(W_FIELDS)):
            raise ValueError(f"a weights array must have shape (games, {players}, {len(W_FIELDS)}), got {table.shape}")
        return table
    per_seat = list(weights)
    if len(per_seat) != players or not all(isinstance(w, Weights) for w in per_seat):
        raise ValueError(f"weights must be one Weights or one per seat ({players}), got {len(per_seat)} items")
    return np.stack([weights_array(w) for w in per_seat])[None]


def noise_array(noise: SeatNoise, players: int) -> F64:
    """``noise`` per seat."""
    if isinstance(noise, int | float):
        return np.full(players, float(noise))
    levels = np.array([float(x) for x in noise], dtype=np.float64)
    if levels.shape != (players,):
        raise ValueError(f"noise must be one number or one per seat ({players}), got {len(levels)}")
    return levels


def action_numbers(indices: npt.ArrayLike, games: int) -> I64:
    """``indices`` as one ``int64`` action number per game, or :class:`~sevens.errors.WrongTypeError` (floats,
    booleans and text are refused, not rounded: 0.9 is not action 0)."""
    given = np.asarray(indices)
    if given.size == 0 and games == 0:
        given = given.astype(np.int64)
    if given.dtype.kind not in "iu":
        raise WrongTypeError(
            f"action numbers must be integers (an integer numpy array or a list of ints), not {given.dtype} values"
        )
    if given.shape != (games,):
        raise ValueError(f"indices must have one entry per game ({games}), got shape {given.shape}")
    if given.dtype.kind == "u" and given.size and int(given.max()) > np.iinfo(np.int64).max:
        raise IllegalActionError(f"action number {int(given.max())} is out of range", reason="out_of_range")
    return given.astype(np.int64)


def check_in_range(chosen: I64, counts: I64) -> None:
    """Every game still going (``counts[g] > 0``) must have ``0 <= chosen[g] < counts[g]``."""
    bad = np.flatnonzero((counts > 0) & ((chosen < 0) | (chosen >= counts)))
    if bad.size:
        g = int(bad[0])
        raise IllegalActionError(
            f"game {g}: action number {int(chosen[g])} is not legal; allowed: 0 to {int(counts[g]) - 1} "
            f"(its {int(counts[g])} legal actions, in legal_actions() order)"
            + (f"; {bad.size} games are out of range" if bad.size > 1 else ""),
            reason="out_of_range",
        )


def across_threads(parallel: Callable[..., None], *args: object) -> None:
    """Call a compiled ``prange`` loop over tasks (``engine.GAMES_PER_TASK`` games each) with the threads taking
    tasks one at a time as they free up, not one fixed half each: on a shared machine one thread is often
    descheduled, and a fixed split would wait for it."""
    previous = numba.set_parallel_chunksize(1)
    try:
        parallel(*args)
    finally:
        numba.set_parallel_chunksize(previous)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of every game of a batch: ``ranking[g]`` seats best first (B12), ``outcome[g, seat]`` an index
    into :data:`OUTCOME_NAMES`, ``points[g, seat]`` E2 points, ``steps[g]`` actions played."""

    ranking: I64
    outcome: I64
    points: I64
    steps: I64

    def outcome_names(self, game: int) -> tuple[str, ...]:
        return tuple(OUTCOME_NAMES[k] for k in self.outcome[game])


class Batch:
    """Many rounds of the same rules, one ``int64`` row each (the layout is in :mod:`.engine`). Build with
    :meth:`from_seeds`, :meth:`from_hands`, :meth:`from_states` or :meth:`blank` (random deals)."""

    __slots__ = ("rules", "state", "tables")

    def __init__(self, rules: Rules, games: int) -> None:
        if games < 1:
            raise ValueError(f"a batch needs at least one game, got {games}")
        self.rules = rules
        self.tables = tables_for(rules)
        self.state: I64 = np.zeros((games, engine.WIDTH), dtype=np.int64)

    def __len__(self) -> int:
        return int(self.state.shape[0])

    @classmethod
    def blank(cls, rules: Rules, games: int) -> Batch:
        """Room for ``games`` rounds, to be dealt at random by :meth:`play` (``deal=True``)."""
        return cls(rules, games)

    @classmethod
    def from_hands(
        cls, rules: Rules, hands: npt.ArrayLike, dealer: int | None = None, jokers: npt.ArrayLike | None = None
    ) -> Batch:
        """Rounds from dealt hands (``hands[g, seat]`` = 52-bit card sets, every card once; ``jokers[g, seat]``
        jokers held, ``rules.jokers`` in all), begun as ``State.new`` begins them: 7s placed (B3), first player
        (B4), hands emptied by the 7s (B12)."""
        check_supported(rules)
        n = rules.players
        dealt = np.asarray(hands, dtype=np.int64)
        if dealt.ndim != 2 or dealt.shape[1] != n:
            raise ValueError(f"hands must have shape (games, {n}), got {dealt.shape}")
        seat_dealer = n - 1 if dealer is None else dealer
        if not 0 <= seat_dealer < n:
            raise ValueError(f"dealer={dealer} is not a seat; allowed: 0 to {n - 1}")
        held = np.zeros_like(dealt) if jokers is None else np.asarray(jokers, dtype=np.int64)
        if held.shape != dealt.shape or (held < 0).any():
            raise ValueError(f"jokers must have the shape of hands, {dealt.shape}, and no negative count")
        full = (1 << DECK_SIZE) - 1
        for g, row in enumerate(dealt.tolist()):
            union = 0
            for cards in row:
                if union & cards or not 0 <= cards <= full:
                    raise ValueError(f"game {g}: a card is dealt twice or is not a card (bits 0 to 51)")
                union |= cards
            if union != full:
                raise ValueError(f"game {g}: the hands must hold all 52 cards once")
            if int(held[g].sum()) != rules.jokers:
                raise ValueError(f"game {g}: {int(held[g].sum())} jokers dealt, the rules have {rules.jokers}")
        batch = cls(rules, dealt.shape[0])
        batch.state[:, engine.HANDS : engine.HANDS + n] = dealt
        batch.state[:, engine.JOKERS : engine.JOKERS + n] = held
        batch.state[:, engine.DEALER] = seat_dealer
        t = batch.tables
        engine.start_batch(batch.state, t.cfg, t.table, np.uint64(0), False)
        return batch

    @classmethod
    def from_seeds(cls, rules: Rules, seeds: Sequence[int], dealer: int | None = None) -> Batch:
        """The deals of ``State.new(rules, seed, dealer)`` for each seed."""
        check_supported(rules)
        n = rules.players
        seat_dealer = n - 1 if dealer is None else dealer
        hands = np.zeros((len(seeds), n), dtype=np.int64)
        jokers = np.zeros((len(seeds), n), dtype=np.int64)
        for g, seed in enumerate(seeds):
            for seat, cards in enumerate(deal_round_robin(DECK_SIZE + rules.jokers, n, seat_dealer, seed)):
                hands[g, seat] = sum(1 << c for c in cards if c < DECK_SIZE)
                jokers[g, seat] = sum(c >= DECK_SIZE for c in cards)
        return cls.from_hands(rules, hands, seat_dealer, jokers)

    @classmethod
    def dealt(cls, rules: Rules, games: int, seed: int) -> Batch:
        """``games`` uniformly random deals (dealer the last seat) from the kernel's generator, begun."""
        batch = cls(rules, games)
        t = batch.tables
        engine.start_batch(batch.state, t.cfg, t.table, np.uint64(_check_seed(seed)), True)
        return batch

    def hands(self) -> I64:
        """``hands[g, seat]``: the real cards each seat holds now, as 52-bit sets."""
        return self.state[:, engine.HANDS : engine.HANDS + self.rules.players].copy()

    @classmethod
    def from_states(cls, states: Sequence[State]) -> Batch:
        """Rounds from positions of the Python engine (all with the same rules), e.g. a search's
        determinizations; each is copied, not changed."""
        if not states:
            raise ValueError("from_states needs at least one state")
        rules = states[0].rules
        batch = cls(rules, len(states))
        for g, state in enumerate(states):
            if state.rules != rules:
                raise RulesError(f"state {g} has rules {state.rules.text()}, the batch {rules.text()}")
            batch._load(g, state)
        return batch

    def _load(self, g: int, state: State) -> None:
        row = self.state[g]
        for seat in range(state.players):
            row[engine.HANDS + seat] = state.hand(seat)
            row[engine.JOKERS + seat] = state.jokers_in_hand(seat)
            row[engine.PASSES + seat] = state.passes_used(seat)
            row[engine.STATUS + seat] = _STATUS_CODES[state.status(seat)]
        for k, (seat, status) in enumerate(state.exits):
            row[engine.EXITS + k] = seat * 4 + _STATUS_CODES[status]
        row[engine.OCCUPIED] = state.table | state.joker_positions
        row[engine.JOKER_AT] = state.joker_positions
        row[engine.REMOVED] = state.removed_jokers
        engine.refresh_all(row, self.tables.cfg, self.tables.table)
        turn = state.to_move
        row[engine.TURN] = -1 if turn is None else turn
        row[engine.N_IN] = sum(state.status(s) == "in" for s in range(state.players))
        row[engine.STREAK] = state.pass_streak
        row[engine.N_EXITS] = len(state.exits)
        row[engine.DEALER] = state.dealer

    def legal_counts(self) -> I64:
        """``counts[g]``: the number of legal actions in round ``g`` (0 once it is over)."""
        counts = np.zeros(len(self), dtype=np.int64)
        engine.legal_counts(self.state, self.tables.cfg, counts)
        return counts

    def apply(self, indices: npt.ArrayLike) -> None:
        """Apply to each round ``g`` its legal action number ``indices[g]``, in the order of the Python engine's
        ``legal_actions()`` (e.g. a search's candidate on each copy of a sample), in place; rounds already over
        are left as they are (their entry is ignored). Refused before anything changes: indices that are not
        integers (:class:`~sevens.errors.WrongTypeError`) or not a legal action number of their round, 0 to
        its count - 1 (:class:`~sevens.errors.IllegalActionError`)."""
        chosen = action_numbers(indices, len(self))
        counts = self.legal_counts()
        check_in_range(chosen, counts)
        engine.apply_batch(self.state, chosen, self.tables.cfg, self.tables.table)

    def play(
        self,
        policy: Policy = "random",
        seed: int = 0,
        *,
        deal: bool = False,
        noise: SeatNoise = 0.0,
        weights: SeatWeights = DEFAULT_WEIGHTS,
        streams: npt.ArrayLike | None = None,
        loop: Loop = "fast",
    ) -> Outcome:
        """Play every round to its end in place (``deal``: deal each at random first) with ``policy`` for every
        seat: ``random`` (uniform over the legal actions, pass included) or ``heuristic`` (the agents' policy
        scores, :mod:`sevens.agents.shichinarabe.policy`, with each seat's ``weights``, plus its ``noise`` times
        a uniform draw per action). Game ``g`` draws from a generator seeded by ``(seed, streams[g])`` (default
        ``streams[g] = g``), so results do not depend on the threads; games given the same stream draw the same
        numbers (common random numbers for a search's candidates). ``loop="general"`` plays rules without jokers
        on the general loop (the one jokers and traces use) instead of the fast one: the same games, for
        benchmarks and tests."""
        if policy not in POLICIES:
            raise ValueError(f"unknown policy {policy!r}; allowed: {', '.join(POLICIES)}")
        if loop not in LOOPS:
            raise ValueError(f"unknown loop {loop!r}; allowed: {', '.join(LOOPS)}")
        games, players = len(self), self.rules.players
        table = weights_table(weights, players)
        if table.shape[0] not in (1, games):
            raise ValueError(f"a weights array must have one game row or one per game ({games}), got {table.shape[0]}")
        if streams is None:
            game_streams = np.arange(games, dtype=np.uint64)
        else:
            game_streams = np.asarray(streams).astype(np.uint64)
            if game_streams.shape != (games,):
                raise ValueError(f"streams must have one entry per game ({games}), got shape {game_streams.shape}")
        out = self._outcome()
        t = self.tables
        args = (
            POLICIES[policy], deal, np.uint64(_check_seed(seed)), self.state, t.cfg, t.table, t.lanes, t.lengths,
            table, noise_array(noise, players), game_streams, out.ranking, out.outcome, out.points, out.steps,
            loop == "general",
        )  # fmt: skip
        if len(self) < PARALLEL_FROM:
            engine.play_batch_serial(*args)
            return out
        across_threads(engine.play_batch, *args)
        return out

    def _outcome(self) -> Outcome:
        games, n = len(self), self.rules.players
        return Outcome(
            ranking=np.zeros((games, n), dtype=np.int64),
            outcome=np.zeros((games, n), dtype=np.int64),
            points=np.zeros((games, n), dtype=np.int64),
            steps=np.zeros(games, dtype=np.int64),
        )

    def trace(
        self,
        g: int,
        policy: Policy = "random",
        seed: int = 0,
        noise: SeatNoise = 0.0,
        weights: Weights | Sequence[Weights] = DEFAULT_WEIGHTS,
    ) -> tuple[I64, Outcome]:
        """Play round ``g`` to its end recording each step's legal actions and choice (see
        :data:`~sevens.kernel.engine.TRACE_COLUMNS`; the cross-check against the Python engine drives that engine
        with the same choices). The outcome's row ``g`` is filled; the generator is the one :meth:`play` gives
        round ``g``."""
        t = self.tables
        trace = np.zeros((max_steps(self.rules) + 1, engine.TRACE_COLUMNS), dtype=np.int64)
        out = self._outcome()
        steps = engine.trace_game(
            self.state[g], g, POLICIES[policy], np.uint64(seed), t.cfg, t.table, t.lanes, t.lengths,
            weights_table(weights, self.rules.players)[0], noise_array(noise, self.rules.players), trace,
            out.ranking[g], out.outcome[g], out.points[g],
        )  # fmt: skip
        out.steps[g] = steps
        return trace[:steps], out
