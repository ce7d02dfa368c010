"""The engine contract every game family follows (DESIGN.md), as typing protocols and one registry entry.

A family is a folder under :mod:`sevens.games` whose ``__init__`` exposes ``OUTLINE``, a :class:`FamilyOutline`
(its name, titles, presets and numbers of players), and ``FAMILY``, a :class:`Family` that tells front-ends, the
conformance check and the simulator everything they need without knowing the game: how to deal a state, how to
read an action, records and positions. ``FAMILY`` and the engine are loaded only when first asked for (see
:mod:`sevens.lazy_exports`), so listing presets and rules loads no engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Protocol, Self

from sevens.errors import RulesError


class ResultLike(Protocol):
    @property
    def ranking(self) -> tuple[int, ...]: ...

    def to_dict(self) -> dict[str, Any]: ...


class ViewLike(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


class RulesLike(Protocol):
    @property
    def players(self) -> int: ...

    def replace(self, **changes: Any) -> Self: ...

    def to_dict(self) -> dict[str, Any]: ...


class GameState(Protocol):
    """The verbs of every family's state."""

    @property
    def players(self) -> int: ...

    @property
    def to_move(self) -> int | None: ...

    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> None: ...

    def clone(self) -> Any: ...

    def result(self) -> ResultLike: ...

    def view(self, seat: int) -> ViewLike: ...

    def position(self) -> str: ...

    @property
    def actions(self) -> Sequence[Any]:
        """Every action applied so far, in order (what a record stores)."""
        ...

    def hidden_from(self, seat: int) -> int:
        """Cards (bit set) that ``seat`` may not know now: what no view of that seat may contain."""
        ...

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` when cards (or chips) are not conserved."""
        ...


@dataclass(frozen=True)
class FamilyOutline:
    """What a family is, known without loading its engine: enough to list its presets and describe its rules
    (``sevens rules`` reads only this, so it stays fast)."""

    name: str  # "shichinarabe", "killer", "seven27"
    title: tuple[str, str]  # (English, Japanese)
    presets: Mapping[str, RulesLike]
    min_players: int
    max_players: int


@dataclass(frozen=True)
class Family(FamilyOutline):
    """Everything generic code needs to know about one game family."""

    new_state: Callable[..., GameState]  # (rules, seed, dealer=None) -> a dealt state; dealer defaults to seat n-1
    parse_action: Callable[[str], Any]
    parse_position: Callable[[str], GameState]
    to_record: Callable[[Any], dict[str, Any]]
    replay: Callable[[dict[str, Any]], GameState]
    max_steps: Callable[[Any], int]  # an upper bound on actions in one game under these rules
    # Extra per-seat figures for `sevens simulate`: names starting with ``mean_`` are averaged over games,
    # the others summed (e.g. Killer's ``mean_dead_cards``, Seven Twenty-Seven's ``chip_delta``).
    seat_stats: Callable[[Any], dict[str, list[int]]] | None = None

    @classmethod
    def of(cls, outline: FamilyOutline, **engine: Any) -> Family:
        """The family ``outline`` describes, played by ``engine`` (the fields below the outline's)."""
        return cls(**{field.name: getattr(outline, field.name) for field in fields(FamilyOutline)}, **engine)


def format_value(value: Any) -> str:
    """A rules value as it is written in ``--set`` and in rules text."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_value(text: str) -> Any:
    """Read a ``--set`` value: ``true``/``false``, an integer, ``none``, or a name.

    >>> [parse_value(t) for t in ("true", "3", "none", "cross")]
    [True, 3, None, 'cross']
    """
    low = text.strip().lower()
    if low in ("true", "on", "yes"):
        return True
    if low in ("false", "off", "no"):
        return False
    if low in ("none", "null", "unlimited"):
        return None
    try:
        return int(low)
    except ValueError:
        return low


def parse_setting(text: str, example: str = "pass_limit=none or ak_link=true") -> tuple[str, Any]:
    """Read ``key=value`` into a name and a typed value; the error for anything else shows ``example``.

    >>> parse_setting("pass_limit=none")
    ('pass_limit', None)
    """
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise RulesError(f"setting {text!r} is not key=value; e.g. {example}")
    return key.strip(), parse_value(value)
