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

import json
from pathlib import Path
from typing import Any

from sevens.errors import NotationError, RecordError, RulesError, SevensError
from sevens.games.killer.actions import parse_action
from sevens.games.killer.rules import Rules
from sevens.games.killer.state import State

FORMAT = "sevens-record"
VERSION = 1
GAME = "killer"


def to_record(state: State, seats: list[str] | None = None) -> dict[str, Any]:
    """The record of a round dealt by :meth:`State.new` (a position read from text has no seed)."""
    if state.seed is None:
        raise RecordError("this state was read from a position, not dealt from a seed, so it has no record")
    names = seats or [f"seat {s}" for s in range(state.players)]
    if len(names) != state.players:
        raise RecordError(f"{len(names)} seat names for {state.players} seats")
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": GAME,
        "rules": state.rules.to_dict(),
        "seed": state.seed,
        "dealer": state.dealer,
        "seats": names,
        "actions": [str(a) for a in state.actions],
        "result": state.result().to_dict() if state.is_over() else None,
    }


def replay(record: dict[str, Any], upto: int | None = None) -> State:
    """Rebuild the state of a record (after ``upto`` actions, or all). A record whose stored result differs
    from the replayed one raises :class:`RecordError`."""
    if record.get("format") != FORMAT or record.get("game") != GAME:
        raise RecordError(f"not a {GAME} record (format {record.get('format')!r}, game {record.get('game')!r})")
    if record.get("version") != VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not supported; this program reads {VERSION}")
    try:
        state = State.new(Rules.from_dict(record["rules"]), seed=record["seed"], dealer=record.get("dealer"))
        actions = record["actions"] if upto is None else record["actions"][:upto]
        for i, text in enumerate(actions):
            try:
                state.apply(parse_action(text))
            except SevensError as exc:
                raise RecordError(f"action {i + 1} ({text!r}) cannot be replayed: {exc}") from exc
    except (KeyError, TypeError, RulesError, NotationError, ValueError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"the record is malformed: {exc}") from exc
    stored = record.get("result")
    if upto is None and stored is not None:
        if not state.is_over():
            raise RecordError("the record stores a result but its actions do not finish the round")
        if state.result().to_dict() != stored:
            raise RecordError("replaying the record gives a different result than the one stored")
    return state


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


def load(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RecordError(f"cannot read record {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise RecordError(f"{path} does not hold a record object")
    return data
