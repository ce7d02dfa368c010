"""What the rules of every family share: presets, :meth:`~RulesBase.replace` with its checks, the dict and
text forms, and the type check of each parameter.

A family's ``Rules`` is a frozen dataclass with slots that inherits :class:`RulesBase` (which has no fields
and empty slots, so the dataclass stays frozen, hashable and slotted), describes its parameters in the class
variables below, checks its own combinations in ``__post_init__`` after :meth:`~RulesBase._check_fields`, and
registers its presets once they exist::

    PRESETS: dict[str, Rules] = {"killer": Rules()}
    Rules._PRESETS = PRESETS
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, Literal, Self, get_args, get_origin, get_type_hints

from sevens.errors import RulesError, expect_text
from sevens.games.base import format_value, parse_setting

_PARAMETERS: dict[type, tuple[str, ...]] = {}


def parameters(cls: type) -> tuple[str, ...]:
    """The parameter names of a rules dataclass, in field order."""
    names = _PARAMETERS.get(cls)
    if names is None:
        names = _PARAMETERS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _is_integer(value: Any) -> bool:
    """An int and not a bool (``True`` is an int to Python, never a number in rules)."""
    return isinstance(value, int) and not isinstance(value, bool)


class RulesBase:
    """The shared methods of a family's frozen ``Rules`` dataclass."""

    __slots__ = ()

    _PRESETS: ClassVar[Mapping[str, Any]]  # name -> rules, set by the family after the class
    _PLAYERS: ClassVar[tuple[int, int]]  # the smallest and largest number of players
    _CHOICES: ClassVar[Mapping[str, tuple[str, ...]]] = {}  # a named choice -> its allowed names (its Literal)
    _FLAGS: ClassVar[tuple[str, ...]] = ()  # true/false parameters (typed bool)
    _OPTIONAL: ClassVar[Mapping[str, str]] = {}  # an integer that may be None -> what None means ("" to say nothing)
    _EMPTY_TEXT: ClassVar[str]  # the error for an empty rules text
    _SETTING_EXAMPLE: ClassVar[str] = "pass_limit=none or ak_link=true"  # for a setting that is not key=value

    players: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Read the named choices and the flags off the parameters' types, so each is said once."""
        super().__init_subclass__(**kwargs)
        hints = get_type_hints(cls)
        cls._CHOICES = {name: get_args(hint) for name, hint in hints.items() if get_origin(hint) is Literal}
        cls._FLAGS = tuple(name for name, hint in hints.items() if hint is bool)

    def _check_fields(self) -> None:
        """Raise :class:`RulesError` for a value of the wrong type or out of its choices, and for a number of
        players out of range (call first in ``__post_init__``)."""
        for name in parameters(type(self)):
            self._check_type(name, getattr(self, name))
        low, high = self._PLAYERS
        if not low <= self.players <= high:
            raise RulesError(f"players={self.players} is out of range; allowed: {low} to {high}")

    def _check_type(self, name: str, value: Any) -> None:
        if name in self._CHOICES:
            if value not in self._CHOICES[name]:
                raise RulesError(f"{name}={value!r} is not allowed; allowed: {', '.join(self._CHOICES[name])}")
        elif name in self._FLAGS:
            if not isinstance(value, bool):
                raise RulesError(f"{name}={value!r} must be true or false")
        elif name in self._OPTIONAL:
            if value is not None and not _is_integer(value):
                what = self._OPTIONAL[name]
                raise RulesError(f"{name}={value!r} must be an integer or none{f' ({what})' if what else ''}")
        elif not _is_integer(value):
            raise RulesError(f"{name}={value!r} must be an integer")

    @classmethod
    def preset(cls, name: str, **changes: Any) -> Self:
        """The preset ``name`` (see the family's ``PRESETS``), with optional changes."""
        expect_text(name, "a preset name", next(iter(cls._PRESETS)))
        try:
            base: Self = cls._PRESETS[name]
        except KeyError:
            raise RulesError(f"unknown preset {name!r}; allowed: {', '.join(cls._PRESETS)}") from None
        return base.replace(**changes) if changes else base

    def replace(self, **changes: Any) -> Self:
        """A copy with ``changes``; unknown names, bad values and impossible combinations raise
        :class:`RulesError`."""
        names = parameters(type(self))
        if unknown := sorted(set(changes) - set(names)):
            raise RulesError(f"unknown rules parameter {unknown[0]!r}; allowed: {', '.join(names)}")
        # `--set joker_exchange=none` reads as the value None; for a named choice it means the name "none".
        for key, value in changes.items():
            if value is None and "none" in self._CHOICES.get(key, ()):
                changes[key] = "none"
        new: Self = dataclasses.replace(self, **changes)  # type: ignore[type-var]
        return new

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in parameters(type(self))}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        return cls().replace(**data)

    def preset_name(self) -> str | None:
        """The preset these rules are exactly, ignoring the number of players."""
        for name, rules in self._PRESETS.items():
            if rules.replace(players=self.players) == self:
                return name
        return None

    def text(self) -> str:
        """Short text: the nearest preset (the first of those nearest) then the differences, e.g. ``tunnel``
        or ``joker,jokers=2``. The number of players is left out; :meth:`parse_text` reads it back."""
        diffs = {name: self._diff(rules) for name, rules in self._PRESETS.items()}
        name = min(diffs, key=lambda name: len(diffs[name]))
        return ",".join([name, *(f"{k}={format_value(v)}" for k, v in diffs[name].items())])

    def _diff(self, other: RulesBase) -> dict[str, Any]:
        return {k: v for k, v in self.to_dict().items() if k != "players" and v != getattr(other, k)}

    @classmethod
    def parse_text(cls, text: str, players: int | None = None) -> Self:
        """Inverse of :meth:`text`: ``preset[,key=value…]``, with ``players`` when given."""
        example = cls._EMPTY_TEXT.rpartition("e.g. ")[2]
        parts = [part for part in expect_text(text, "rules text", example).strip().split(",") if part]
        if not parts:
            raise RulesError(cls._EMPTY_TEXT)
        name, *settings = parts
        changes = dict(parse_setting(s, cls._SETTING_EXAMPLE) for s in settings)
        if players is not None:
            changes["players"] = players
        return cls.preset(name, **changes)
