"""Records of a deal, modelled on PHH (the poker hand-history standard), as versioned JSON; exact replay.

A record holds the rules (the variant), the seed, the dealer, seat names, starting stacks, the list of
actions and, once the deal is over, the finishing stacks and the result. ``log`` is a PHH-like line per
operation (``p0 ante 1``, ``d p1 5s down``, ``p2 raise 10``, ``p1 win 12 pot 0``) for people to read; replay
uses only the seed and the actions.

>>> from sevens.games.seven27 import Rules, State
>>> state = State.new(Rules.preset("seven27", players=3), seed=5)
>>> while not state.is_over():
...     state.apply(state.legal_actions()[0])
>>> record = to_record(state)
>>> record["starting_stacks"], record["actions"][:4]
([100, 100, 100], ['check', 'check', 'check', 'take'])
>>> replay(record) == state
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sevens.errors import NotationError, RecordError, RulesError, SevensError
from sevens.games.seven27.actions import parse_action
from sevens.games.seven27.rules import Rules
from sevens.games.seven27.state import State

FORMAT = "sevens-record"
VERSION = 1
GAME = "seven27"


def to_record(state: State, seats: list[str] | None = None) -> dict[str, Any]:
    """The record of a deal dealt by :meth:`State.new` (a position read from text has no seed)."""
    if state.seed is None:
        raise RecordError("this state was read from a position, not dealt from a seed, so it has no record")
    names = seats or [f"seat {s}" for s in range(state.players)]
    if len(names) != state.players:
        raise RecordError(f"{len(names)} seat names for {state.players} seats")
    over = state.is_over()
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": GAME,
        "variant": state.rules.text(),
        "rules": state.rules.to_dict(),
        "seed": state.seed,
        "dealer": state.dealer,
        "seats": names,
        "starting_stacks": [state.start_stack(s) for s in range(state.players)],
        "actions": [str(a) for a in state.actions],
        "log": [op.text() for op in state.history],
        "finishing_stacks": [state.stack(s) for s in range(state.players)] if over else None,
        "result": state.result().to_dict() if over else None,
    }


def replay(record: dict[str, Any], upto: int | None = None) -> State:
    """Rebuild the state of a record (after ``upto`` actions, or all). Without ``starting_stacks`` every seat
    starts with ``rules.stack``. A record whose stored finishing stacks or result differ from the replayed ones
    raises :class:`RecordError`."""
    if record.get("format") != FORMAT or record.get("game") != GAME:
        raise RecordError(f"not a {GAME} record (format {record.get('format')!r}, game {record.get('game')!r})")
    if record.get("version") != VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not supported; this program reads {VERSION}")
    try:
        rules = Rules.from_dict(record["rules"])
        stacks = record.get("starting_stacks")  # absent: every seat starts with rules.stack
        state = State.new(rules, seed=record["seed"], dealer=record.get("dealer"), stacks=stacks)
        actions = record["actions"][:upto] if upto is not None else record["actions"]
        for i, text in enumerate(actions):
            try:
                state.apply(parse_action(text))
            except SevensError as exc:
                raise RecordError(f"action {i + 1} ({text!r}) cannot be replayed: {exc}") from exc
    except (KeyError, TypeError, RulesError, NotationError, ValueError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"the record is malformed: {exc}") from exc
    if upto is None and record.get("result") is not None:
        if not state.is_over():
            raise RecordError("the record stores a result but its actions do not finish the deal")
        if state.result().to_dict() != record["result"]:
            raise RecordError("replaying the record gives a different result than the one stored")
        finishing = record.get("finishing_stacks")
        if finishing is not None and finishing != [state.stack(s) for s in range(state.players)]:
            raise RecordError("replaying the record gives different finishing stacks than the ones stored")
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


__all__ = ["FORMAT", "GAME", "VERSION", "dumps", "load", "replay", "to_record"]
