"""Records of a deal, modelled on PHH (the poker hand-history standard), as versioned JSON; exact replay from
the rules, seed, dealer, starting stacks and actions (``log`` is a PHH-like line per operation, for people).

>>> from sevens.games.seven27 import Rules, State
>>> state = State.new(Rules.preset("seven27", players=3), seed=5)
>>> while not state.is_over():
...     state.apply(state.legal_actions()[0])
>>> replay(to_record(state)) == state
True"""

from __future__ import annotations

from typing import Any

from sevens.errors import RecordError
from sevens.games.records import FORMAT, VERSION, check_result, dumps, header, load, replay_actions, seat_names
from sevens.games.seven27.actions import parse_action
from sevens.games.seven27.rules import Rules
from sevens.games.seven27.state import State

GAME = "seven27"


def to_record(state: State, seats: list[str] | None = None) -> dict[str, Any]:
    """The record of a deal dealt by :meth:`State.new` (a position read from text has no seed)."""
    names = seat_names(state, seats)
    over = state.is_over()
    return {
        **header(GAME),
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
    state = replay_actions(record, GAME, _deal, parse_action, upto)
    if check_result(record, state, upto, unit="deal"):
        finishing = record.get("finishing_stacks")
        if finishing is not None and finishing != [state.stack(s) for s in range(state.players)]:
            raise RecordError("replaying the record gives different finishing stacks than the ones stored")
    return state


def _deal(record: dict[str, Any]) -> State:
    rules = Rules.from_dict(record["rules"])
    stacks = record.get("starting_stacks")  # absent: every seat starts with rules.stack
    return State.new(rules, seed=record["seed"], dealer=record.get("dealer"), stacks=stacks)


__all__ = ["FORMAT", "GAME", "VERSION", "dumps", "load", "replay", "to_record"]
