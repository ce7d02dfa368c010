"""What the records of every family share: the ``sevens-record`` header, seat names, exact replay of the
actions with errors turned into :class:`RecordError`, the check of a stored result, and the JSON text.

Each family's ``record`` module builds its own fields around these and keeps its ``to_record``/``replay``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from sevens.errors import ArgumentError, NotationError, RecordError, RulesError, SevensError, WrongTypeError
from sevens.games.arguments import whole
from sevens.games.base import GameState

FORMAT = "sevens-record"
VERSION = 1

S = TypeVar("S", bound=GameState)
S_co = TypeVar("S_co", bound=GameState, covariant=True)


def header(game: str) -> dict[str, Any]:
    """The first fields of a record of ``game``."""
    return {"format": FORMAT, "version": VERSION, "game": game}


def seat_names(state: Any, seats: list[str] | None) -> list[str]:
    """The seat names a record stores (``seat 0``, ``seat 1`` … by default); a state read from a position
    (no seed) or the wrong number of names raises :class:`RecordError`."""
    if state.seed is None:
        raise RecordError("this state was read from a position, not dealt from a seed, so it has no record")
    names = seats or [f"seat {s}" for s in range(state.players)]
    if len(names) != state.players:
        raise RecordError(f"{len(names)} seat names for {state.players} seats")
    return names


def replay_actions(
    record: dict[str, Any],
    game: str,
    deal: Callable[[dict[str, Any]], S],
    parse_action: Callable[[str], Any],
    upto: int | None,
) -> S:
    """Check the header, deal with ``deal(record)`` and apply the first ``upto`` actions (or all). A missing
    or malformed field, or an action that cannot be applied, raises :class:`RecordError`."""
    _check_header(record, game)
    stored = record.get("actions")
    if (
        upto is not None
        and isinstance(stored, list)
        and not 0 <= whole(upto, "upto", "a number of actions, or None for all") <= len(stored)
    ):
        raise ArgumentError(f"upto={upto} is out of range; allowed: 0 to {len(stored)} (the record's actions)")
    try:
        state = deal(record)
        _apply_actions(state, record["actions"][:upto], parse_action)
    except (KeyError, TypeError, RulesError, NotationError, ValueError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"the record is malformed: {exc}") from exc
    return state


def _check_header(record: dict[str, Any], game: str) -> None:
    """A record is a dict of this program's format and version, for ``game``."""
    if not isinstance(record, dict):
        raise WrongTypeError(f"a record must be a dict (read with load), not {type(record).__name__}")
    if record.get("format") != FORMAT or record.get("game") != game:
        raise RecordError(f"not a {game} record (format {record.get('format')!r}, game {record.get('game')!r})")
    if record.get("version") != VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not supported; this program reads {VERSION}")


def _apply_actions(state: Any, texts: list[str], parse_action: Callable[[str], Any]) -> None:
    """Apply each action text in turn; one that cannot be applied names its number and why."""
    for i, text in enumerate(texts):
        try:
            state.apply(parse_action(text))
        except SevensError as exc:
            raise RecordError(f"action {i + 1} ({text!r}) cannot be replayed: {exc}") from exc


def check_result(record: dict[str, Any], state: GameState, upto: int | None, unit: str = "round") -> bool:
    """When all actions were replayed and the record stores a result, check that the state is over with that
    result (else :class:`RecordError`); ``unit`` names what the actions finish. Returns whether it checked."""
    stored = record.get("result")
    if upto is not None or stored is None:
        return False
    if not state.is_over():
        raise RecordError(f"the record stores a result but its actions do not finish the {unit}")
    if state.result().to_dict() != stored:
        raise RecordError("replaying the record gives a different result than the one stored")
    return True


class RecordWriter(Protocol):
    def __call__(self, state: Any, seats: list[str] | None = None) -> dict[str, Any]: ...


class Replayer(Protocol[S_co]):
    def __call__(self, record: dict[str, Any], upto: int | None = None) -> S_co: ...


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
