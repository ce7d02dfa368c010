"""One fixed-size float vector per seat's view, and one fixed numbering of the actions, per game family.

Every environment (PettingZoo, Gymnasium, OpenSpiel) shares these, so a policy trained in one reads the same
numbers in another. The vector is built from :meth:`view` only (the seat's allowlist), never from the state.
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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
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
        mask = np.zeros(len(self.actions), dtype=np.int8)
        for action in legal:
            mask[self.index(action)] = 1
        return mask

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


def card_bits(*masks: int) -> FloatVector:
    """Card bit sets as 52 floats each, 1.0 where the card is in the set (one numpy call for all of them).

    >>> card_bits(0b101)[:4].tolist(), card_bits(1, 2).shape
    ([1.0, 0.0, 1.0, 0.0], (104,))
    """
    words = np.array([m & _CARD_FIELD for m in masks], dtype="<u8")
    bits = np.unpackbits(words.view(np.uint8), bitorder="little").reshape(len(masks), 64)[:, :DECK_SIZE]
    return bits.astype(np.float32).reshape(-1)


def _relative(seat: int, players: int) -> tuple[int, ...]:
    """Every seat, the viewer first, then clockwise."""
    return (*range(seat, players), *range(seat))


@cache
def _one_hot(index: int, size: int) -> tuple[float, ...]:
    return tuple(1.0 if i == index else 0.0 for i in range(size))


@dataclass(frozen=True)
class Encoder:
    """Views of one family under one set of rules → vectors of ``size`` floats in 0…1."""

    size: int
    encode_fn: Callable[[Any], FloatVector]

    def encode(self, view: Any) -> FloatVector:
        vector = self.encode_fn(view)
        assert vector.shape == (self.size,), (vector.shape, self.size)
        return vector


# The encoders are module-level functions bound to their rules by ``partial``, so that encoders (and the
# environments holding them) pickle.


def _shichinarabe(rules: Any) -> Encoder:
    from sevens.games.shichinarabe.state import STATUS_NAMES

    n = rules.players
    size = 4 * DECK_SIZE + 3 + n * (3 + len(STATUS_NAMES))
    return Encoder(size, partial(_encode_shichinarabe, n, rules.pass_limit, STATUS_NAMES))


def _encode_shichinarabe(n: int, pass_limit: int | None, statuses: tuple[str, ...], view: Any) -> FloatVector:
    passes = pass_limit or 10  # without a limit, passes are scaled as if ten were allowed
    per_card = DECK_SIZE / n + 1
    seat, mover = view.seat, view.to_move
    counts, used, status = view.hand_counts, view.passes_used, view.statuses
    rest = [view.jokers_in_hand / 2, view.removed_jokers / 2, float(mover == seat)]
    for s in _relative(seat, n):
        rest += (counts[s] / per_card, min(used[s] / passes, 1.0), float(mover == s))
        rest += _status_one_hot(statuses, status[s])
    return _cards_then((view.hand, view.table, view.joker_positions, view.playable_positions), rest)


def _killer(rules: Any) -> Encoder:
    from sevens.games.killer.state import STATUS_NAMES

    n = rules.players
    size = 4 * DECK_SIZE + 1 + n * (5 + len(STATUS_NAMES))
    return Encoder(size, partial(_encode_killer, n, rules.pass_limit, STATUS_NAMES))


def _encode_killer(n: int, pass_limit: int | None, statuses: tuple[str, ...], view: Any) -> FloatVector:
    passes = pass_limit or 10
    per_card = DECK_SIZE / n + 1
    mover = view.to_move
    counts, dead, kills, used, status = view.hand_counts, view.dead_counts, view.kills, view.passes_used, view.statuses
    rest = [float(mover == view.seat)]
    for s in _relative(view.seat, n):
        rest += (counts[s] / per_card, dead[s] / per_card, kills[s] / DECK_SIZE)
        rest += (min(used[s] / passes, 1.0), float(mover == s))
        rest += _status_one_hot(statuses, status[s])
    return _cards_then((view.hand, view.table, view.dead_positions, view.playable_positions), rest)


@cache
def _status_one_hot(names: tuple[str, ...], status: str) -> tuple[float, ...]:
    return _one_hot(names.index(status), len(names))


def _cards_then(masks: tuple[int, ...], rest: list[float]) -> FloatVector:
    """One vector: the card bit sets as 52 floats each (as :func:`card_bits`, written in place), then the other
    figures."""
    k = len(masks)
    out = np.empty(k * DECK_SIZE + len(rest), np.float32)
    bits = np.unpackbits(np.array(masks, dtype="<u8").view(np.uint8), bitorder="little").reshape(k, 64)
    out[: k * DECK_SIZE].reshape(k, DECK_SIZE)[:] = bits[:, :DECK_SIZE]
    out[k * DECK_SIZE :] = rest
    return out


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


def encoder_for(family_name: str, rules: Any) -> Encoder:
    """The observation encoder of ``family_name`` under ``rules`` (the vector's size depends on the players)."""
    try:
        return _ENCODERS[family_name](rules)
    except KeyError:
        raise RulesError(f"no observation encoder for {family_name!r}; allowed: {', '.join(_ENCODERS)}") from None
