"""One fixed-size float vector per seat's view, and one fixed numbering of the actions, per game family.

Every environment (PettingZoo, Gymnasium, OpenSpiel) shares these, so a policy trained in one reads the same
numbers in another. The vector is defined by :meth:`view` (the seat's allowlist). For the sevens families the envs
read the same few fields straight from the state's bit sets (:meth:`Encoder.encode_state`, no view object built):
the same numbers, checked equal to the view's over many random states by the tests.
Seats are written relative to the viewer (the viewer first, then clockwise), so one policy fits every seat.

>>> from sevens.games.shichinarabe import Rules, State
>>> coder = encoder_for("shichinarabe", Rules.preset("standard"))
>>> state = State.new(Rules.preset("standard"), seed=7)
>>> vector = coder.encode(state.view(state.to_move))
>>> vector.shape == (coder.size,), vector.dtype.name, float(vector.min()) >= 0.0
(True, 'float32', True)
>>> space = action_space_for("shichinarabe")
>>> len(space), [str(space.actions[i]) for i in space.mask(state.legal_actions()).nonzero()[0]]
(209, ['6c', 'pass'])
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

import numpy as np
from numpy.typing import NDArray

from sevens.cards import DECK_SIZE
from sevens.errors import RulesError

FloatVector = NDArray[np.float32]
Mask = NDArray[np.int8]


@dataclass(frozen=True)
class ActionSpace:
    """Every action a family can ever offer, numbered ``0 … len-1`` (the order of the engine's sort key)."""

    actions: tuple[Any, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {a: i for i, a in enumerate(self.actions)})
        # the engines hand out these very objects: looking them up by identity skips the dataclass hash
        object.__setattr__(self, "_by_id", {id(a): i for i, a in enumerate(self.actions)})

    def __reduce__(self) -> tuple[Any, ...]:
        return (ActionSpace, (self.actions,))  # identities are rebuilt in the process that unpickles

    def __len__(self) -> int:
        return len(self.actions)

    def index(self, action: Any) -> int:
        """The number of ``action``; one the family never offers raises :class:`RulesError`."""
        try:
            return int(self._index[action])  # type: ignore[attr-defined]
        except (KeyError, TypeError):
            raise RulesError(f"{action!r} has no number in this action space of {len(self)} actions") from None

    def mask(self, legal: Sequence[Any]) -> Mask:
        """1 where an action is legal now."""
        flags = bytearray(len(self.actions))
        by_id = self._by_id  # type: ignore[attr-defined]
        for action in legal:
            number = by_id.get(id(action))
            flags[self.index(action) if number is None else number] = 1
        return np.frombuffer(flags, dtype=np.int8)

    def action(self, number: int) -> Any:
        """The action numbered ``number``; a number out of range raises :class:`RulesError`."""
        if not 0 <= number < len(self.actions):
            raise RulesError(f"action number {number} is out of range; allowed: 0 to {len(self.actions) - 1}")
        return self.actions[number]


def action_number(action: Any) -> int:
    """An action number given as ``int``, a numpy integer or a one-element integer array; anything else (``1.5``,
    ``True``, ``"3"``) raises :class:`RulesError`.

    >>> import numpy as np
    >>> action_number(np.int64(3)), action_number(np.array([4]))
    (3, 4)
    >>> action_number(1.5)
    Traceback (most recent call last):
    ...
    sevens.errors.RulesError: an action is a whole number (an action number), not 1.5
    """
    if type(action) is int:
        return action
    value = action
    if isinstance(value, np.ndarray) and value.size == 1 and np.issubdtype(value.dtype, np.integer):
        value = value.reshape(()).item()
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise RulesError(f"an action is a whole number (an action number), not {action!r}")
    return int(value)


def action_space_for(family_name: str) -> ActionSpace:
    """The action numbering of one family (the ghost swap of B13 is a server event, never a learner's action)."""
    if family_name == "shichinarabe":
        from sevens.games.shichinarabe import actions as sa

        return ActionSpace(
            sa.PLAY_ACTIONS + sa.JOKER_BELOW_ACTIONS + sa.JOKER_ABOVE_ACTIONS + sa.SWAP_ACTIONS + (sa.PASS_ACTION,)
        )
    if family_name == "killer":
        from sevens.games.killer import actions as ka

        return ActionSpace((*ka.PLAY_ACTIONS, ka.PASS_ACTION))
    if family_name == "seven27":
        from sevens.games.seven27 import actions as da

        return ActionSpace(da.ACTIONS)
    raise RulesError(f"no action space for family {family_name!r}; allowed: shichinarabe, killer, seven27")


_CARD_FIELD = (1 << DECK_SIZE) - 1


def _bits(masks: Sequence[int]) -> NDArray[np.uint8]:
    """Card bit sets one after another, 52 bits each, as 0/1 bytes: joined into one Python integer, unpacked by
    one numpy call (a few calls per observation, whatever the number of sets)."""
    joined = shift = 0
    for mask in masks:
        joined |= (mask & _CARD_FIELD) << shift
        shift += DECK_SIZE
    raw = np.frombuffer(joined.to_bytes((shift + 7) // 8, "little"), dtype=np.uint8)
    bits = np.unpackbits(raw, bitorder="little")
    return bits if shift % 8 == 0 else bits[:shift]


def card_bits(*masks: int) -> FloatVector:
    """Card bit sets as 52 floats each, 1.0 where the card is in the set.

    >>> card_bits(0b101)[:4].tolist(), card_bits(1, 2).shape
    ([1.0, 0.0, 1.0, 0.0], (104,))
    """
    return _bits(masks).astype(np.float32)


def _relative(seat: int, players: int) -> tuple[int, ...]:
    """Every seat, the viewer first, then clockwise."""
    return (*range(seat, players), *range(seat))


@cache
def _one_hot(index: int, size: int) -> tuple[float, ...]:
    return tuple(1.0 if i == index else 0.0 for i in range(size))


@dataclass(frozen=True)
class Encoder:
    """Views of one family under one set of rules → vectors of ``size`` floats in 0…1; where ``state_fn`` is
    given, the same vector read straight from a state (:meth:`encode_state`)."""

    size: int
    encode_fn: Callable[[Any], FloatVector]
    state_fn: Callable[[Any, int], FloatVector] | None = None

    def encode(self, view: Any) -> FloatVector:
        vector = self.encode_fn(view)
        assert vector.shape == (self.size,), (vector.shape, self.size)
        return vector

    @property
    def reads_state(self) -> bool:
        return self.state_fn is not None

    def encode_state(self, state: Any, seat: int) -> FloatVector:
        """``encode(state.view(seat))`` without building the view: the few fields the encoder reads, taken from
        the state in place (only where :attr:`reads_state`; ``seat`` must be a seat of the state)."""
        if self.state_fn is None:
            raise RulesError("this encoder reads views only; encode(state.view(seat)) instead")
        return self.state_fn(state, seat)


# The encoders are module-level functions bound to their rules by ``partial``, so that encoders (and the
# environments holding them) pickle.


@dataclass(frozen=True, eq=False)
class _SeatScale:
    """What the sevens families' encoders need to write every seat's figures: each viewer's order of seats, the
    scales of card counts and passes, and each status as one-hot floats, by name (views) or by the engine's
    status number (its index in ``sevens_core.state.STATUS_NAMES``, of which a family's names are a prefix).
    ``blocks`` keeps each seat's figures once computed, by what they are computed from (a few hundred at most)."""

    orders: tuple[tuple[int, ...], ...]
    per_card: float
    passes: int
    hot_by_name: dict[str, tuple[float, ...]]
    hot_by_number: tuple[tuple[float, ...], ...]
    blocks: dict[tuple[Any, ...], bytes] = field(default_factory=dict)

    @classmethod
    def of(cls, rules: Any, statuses: tuple[str, ...]) -> _SeatScale:
        n = rules.players
        hot = tuple(_one_hot(i, len(statuses)) for i in range(len(statuses)))
        return cls(
            orders=tuple(_relative(seat, n) for seat in range(n)),
            per_card=DECK_SIZE / n + 1,
            passes=rules.pass_limit or 10,  # without a limit, passes are scaled as if ten were allowed
            hot_by_name=dict(zip(statuses, hot, strict=True)),
            hot_by_number=hot,
        )


def _sevens_encoder(
    rules: Any,
    statuses: tuple[str, ...],
    head: int,
    per_seat: int,
    encode: Callable[..., FloatVector],
    read: Callable[..., FloatVector],
) -> Encoder:
    """A sevens family's encoder: 4 card sets, ``head`` figures, then ``per_seat`` figures and the status of every
    seat; ``encode`` reads a view, ``read`` a state."""
    size = 4 * DECK_SIZE + head + rules.players * (per_seat + len(statuses))
    scale = _SeatScale.of(rules, statuses)
    return Encoder(size, partial(encode, scale), partial(read, scale))


def _shichinarabe(rules: Any) -> Encoder:
    from sevens.games.shichinarabe.state import STATUS_NAMES

    return _sevens_encoder(rules, STATUS_NAMES, 3, 3, _encode_shichinarabe, _read_shichinarabe)


def _encode_shichinarabe(scale: _SeatScale, view: Any) -> FloatVector:
    cards = (view.hand, view.table, view.joker_positions, view.playable_positions)
    own = (view.jokers_in_hand, view.removed_jokers)
    seats = (view.hand_counts, view.passes_used, view.statuses, scale.hot_by_name)
    return _shichinarabe_vector(scale, view.seat, view.to_move, cards, own, seats)


def _read_shichinarabe(scale: _SeatScale, state: Any, seat: int) -> FloatVector:
    """The fields :func:`_encode_shichinarabe` reads, from where the state's ``view`` takes them (a seat holds its
    cards and its jokers)."""
    cards = (state._hands[seat], state.table, state.joker_positions, state.playable_positions)
    own = (state._jokers[seat], state.removed_jokers)
    counts = [hand.bit_count() + jokers for hand, jokers in zip(state._hands, state._jokers, strict=True)]
    seats = (counts, state._passes, state._status, scale.hot_by_number)
    return _shichinarabe_vector(scale, seat, state.to_move, cards, own, seats)


def _shichinarabe_vector(
    scale: _SeatScale, seat: int, mover: int | None, cards: tuple[int, ...], own: tuple[int, int], seats: Any
) -> FloatVector:
    counts, used, status, hot = seats
    blocks = scale.blocks
    jokers_in_hand, removed_jokers = own
    parts = _card_floats(cards)
    parts.append(_floats(jokers_in_hand / 2, removed_jokers / 2, float(mover == seat)))
    for s in scale.orders[seat]:
        key = (counts[s], used[s], status[s], mover == s)
        block = blocks.get(key)
        if block is None:
            figures = (counts[s] / scale.per_card, min(used[s] / scale.passes, 1.0), float(mover == s))
            block = blocks[key] = _floats(*figures, *hot[status[s]])
        parts.append(block)
    return _vector(parts)


def _killer(rules: Any) -> Encoder:
    from sevens.games.killer.state import STATUS_NAMES

    return _sevens_encoder(rules, STATUS_NAMES, 1, 5, _encode_killer, _read_killer)


def _encode_killer(scale: _SeatScale, view: Any) -> FloatVector:
    cards = (view.hand, view.table, view.dead_positions, view.playable_positions)
    seats = (view.hand_counts, view.dead_counts, view.kills, view.passes_used, view.statuses, scale.hot_by_name)
    return _killer_vector(scale, view.seat, view.to_move, cards, seats)


def _read_killer(scale: _SeatScale, state: Any, seat: int) -> FloatVector:
    """The fields :func:`_encode_killer` reads, from where the state's ``view`` takes them."""
    cards = (state._hands[seat], state._table, state._deadpos, state.playable_positions)
    counts = [hand.bit_count() for hand in state._hands]
    dead = [pile.bit_count() for pile in state._dead]
    seats = (counts, dead, state._kills, state._passes, state._status, scale.hot_by_number)
    return _killer_vector(scale, seat, state.to_move, cards, seats)


def _killer_vector(scale: _SeatScale, seat: int, mover: int | None, cards: tuple[int, ...], seats: Any) -> FloatVector:
    counts, dead, kills, used, status, hot = seats
    per_card, blocks = scale.per_card, scale.blocks
    parts = _card_floats(cards)
    parts.append(_floats(float(mover == seat)))
    for s in scale.orders[seat]:
        key = (counts[s], dead[s], kills[s], used[s], status[s], mover == s)
        block = blocks.get(key)
        if block is None:
            share = (counts[s] / per_card, dead[s] / per_card, kills[s] / DECK_SIZE)
            block = blocks[key] = _floats(*share, min(used[s] / scale.passes, 1.0), float(mover == s), *hot[status[s]])
        parts.append(block)
    return _vector(parts)


# The sevens families' vectors are assembled as float32 bytes and made an array once: cheaper than numpy calls
# per piece, which cost more than the numbers themselves at this size.
_BYTE_FLOATS = tuple(np.unpackbits(np.uint8(b), bitorder="little").astype(np.float32).tobytes() for b in range(256))


def _card_floats(masks: tuple[int, ...]) -> list[bytes]:
    """The card bit sets as 52 float32 (0.0 or 1.0) each, as bytes: 8 floats per byte of the sets joined."""
    joined = shift = 0
    for mask in masks:
        joined |= (mask & _CARD_FIELD) << shift
        shift += DECK_SIZE
    parts = list(map(_BYTE_FLOATS.__getitem__, joined.to_bytes((shift + 7) // 8, "little")))
    if shift % 8:  # an odd number of sets: the last byte holds 4 bits more than there are cards
        parts[-1] = parts[-1][: 4 * (shift % 8)]
    return parts


def _floats(*figures: float) -> bytes:
    """Figures as float32 bytes in the machine's order (rounded to nearest, as numpy rounds them)."""
    return struct.pack(f"{len(figures)}f", *figures)


def _vector(parts: list[bytes]) -> FloatVector:
    return np.frombuffer(bytearray().join(parts), dtype=np.float32)  # a bytearray: the array is writable


def _seven27(rules: Any) -> Encoder:
    from sevens.games.seven27.state import PHASE_NAMES

    n = rules.players
    size = 2 * DECK_SIZE + len(PHASE_NAMES) + 12 + n * (DECK_SIZE + 8)
    return Encoder(size, partial(_encode_seven27, n, float(rules.stack * n), max(rules.raise_cap, 1)))


def _encode_seven27(n: int, chips: float, raise_cap: int, view: Any) -> FloatVector:
    """Amounts are fractions of ``chips``, every chip in play."""
    from sevens.games.seven27.state import PHASE_NAMES

    own = view.seats[view.seat]
    cards = card_bits(own.down, own.up, *(view.seats[s].up for s in _relative(view.seat, n)))
    low, high = (None, None) if view.own is None else (view.own.low, view.own.high)
    rest = list(_one_hot(PHASE_NAMES.index(view.phase), len(PHASE_NAMES)))
    rest += [view.betting_round / 10, view.bet_size / chips, view.high_bet / chips]
    rest += [view.raises / raise_cap, view.to_call / chips, view.pot / chips]
    rest += [view.deck_count / DECK_SIZE, float(view.to_move == view.seat)]
    rest += [0.0 if low is None else low / 28, float(low is None), 0.0 if high is None else high / 56]
    rest += [float(high is None)]
    figures = []
    for s in _relative(view.seat, n):
        seat = view.seats[s]
        figures += [seat.down_count / 5, seat.stack / chips, seat.committed / chips, seat.bet / chips]
        figures += [seat.stands / 10, float(seat.folded), float(seat.all_in), float(view.to_move == s)]
    # every seat: its up cards, then its figures (the layout of the table in docs/research.md)
    ups = cards[2 * DECK_SIZE :].reshape(n, DECK_SIZE)
    per_seat = np.concatenate([ups, np.asarray(figures, dtype=np.float32).reshape(n, 8)], axis=1).reshape(-1)
    # rounds and stands have no small bound: clipped, like every figure, to 0…1
    vector = np.concatenate([cards[: 2 * DECK_SIZE], np.asarray(rest, dtype=np.float32), per_seat])
    return np.clip(vector, 0.0, 1.0, out=vector)


_ENCODERS: dict[str, Callable[[Any], Encoder]] = {
    "shichinarabe": _shichinarabe,
    "killer": _killer,
    "seven27": _seven27,
}


def private_slots(family_name: str, rules: Any) -> NDArray[np.intp]:
    """Where a family's vector holds what only the viewer knows: its own cards (七並べ: and jokers in hand;
    Seven Twenty-Seven: its down cards and its hand's totals). Everything else is public; a public observation
    is the vector with these zeroed."""
    own_cards = list(range(DECK_SIZE))
    own_totals = list(range(2 * DECK_SIZE + 11, 2 * DECK_SIZE + 15))
    extra = {"shichinarabe": [4 * DECK_SIZE], "killer": [], "seven27": own_totals}
    if family_name not in extra:
        raise RulesError(f"no observation encoder for {family_name!r}; allowed: {', '.join(_ENCODERS)}")
    return np.asarray(own_cards + extra[family_name], dtype=np.intp)


def encoder_for(family_name: str, rules: Any) -> Encoder:
    """The observation encoder of ``family_name`` under ``rules`` (the vector's size depends on the players)."""
    try:
        return _ENCODERS[family_name](rules)
    except KeyError:
        raise RulesError(f"no observation encoder for {family_name!r}; allowed: {', '.join(_ENCODERS)}") from None
