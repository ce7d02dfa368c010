"""Records of Killer sevens: rules + seed + dealer + seats + actions (+ the result), as versioned JSON, and
exact replay.

>>> from sevens.games.killer import Rules, State
>>> state = State.new(Rules.preset("killer"), seed=5)
>>> while not state.is_over():
...     state.apply(state.legal_actions()[-1])
>>> replay(to_record(state)) == state
True
"""

from __future__ import annotations

from typing import Any

from sevens.games.killer.actions import parse_action
from sevens.games.killer.rules import Rules
from sevens.games.killer.state import State
from sevens.games.records import FORMAT, VERSION, dumps, load, replay_round, round_record

GAME = "killer"


def to_record(state: State, seats: list[str] | None = None) -> dict[str, Any]:
    """The record of a round dealt by :meth:`State.new` (a position read from text has no seed)."""
    return round_record(GAME, state, seats)


def replay(record: dict[str, Any], upto: int | None = None) -> State:
    """Rebuild the state of a record (after ``upto`` actions, or all). A record whose stored result differs
    from the replayed one raises :class:`RecordError`."""
    return replay_round(record, GAME, State.new, Rules.from_dict, parse_action, upto)


__all__ = ["FORMAT", "GAME", "VERSION", "dumps", "load", "replay", "to_record"]
