"""The rules of 殺しの7並べ (Killer sevens, RULES.md Part C) as data: one frozen dataclass, a preset, text.

>>> Rules.preset("killer").death
'orthogonal'
>>> Rules.preset("killer", enclosure=None, wrap=True).text()
'killer,enclosure=none,wrap=true'
>>> parse_rules_text("killer,death=horizontal", players=3).players
3
>>> Rules(death="diagonal")
Traceback (most recent call last):
...
sevens.errors.RulesError: death='diagonal' is not allowed; allowed: orthogonal, horizontal, all_eight
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any, Literal, get_args

from sevens.errors import RulesError
from sevens.games.base import format_value, parse_setting
from sevens.games.killer.geometry import Death, geometry

FirstPlayer = Literal["diamond_seven", "dealer_left"]
Tiebreak = Literal["earlier_exit", "most_kills"]

MIN_PLAYERS = 2
MAX_PLAYERS = 20

_CHOICES: dict[str, tuple[str, ...]] = {
    "first_player": get_args(FirstPlayer),
    "death": get_args(Death),
    "tiebreak": get_args(Tiebreak),
}
_FLAGS = ("voluntary_pass", "wrap", "dead_cards_visible")


@dataclass(frozen=True, slots=True)
class Rules:
    """Every parameter of Part C (setup and passing as in Part B). Build with :meth:`preset`, change with
    :meth:`replace`; bad values raise :class:`RulesError` naming the value and what is allowed."""

    players: int = 4
    first_player: FirstPlayer = "diamond_seven"
    pass_limit: int | None = 3
    voluntary_pass: bool = True
    death: Death = "orthogonal"
    enclosure: int | None = 1
    wrap: bool = False
    dead_cards_visible: bool = True
    tiebreak: Tiebreak = "earlier_exit"

    def __post_init__(self) -> None:
        for f in fields(self):
            _check_type(f.name, getattr(self, f.name))
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise RulesError(f"players={self.players} is out of range; allowed: {MIN_PLAYERS} to {MAX_PLAYERS}")
        if self.pass_limit is not None and self.pass_limit < 0:
            raise RulesError(f"pass_limit={self.pass_limit} is negative; allowed: 0 or more, or none (unlimited)")
        if self.enclosure is not None:
            start = geometry(self.death, self.wrap).start_group
            if not 1 <= self.enclosure < start:
                raise RulesError(
                    f"enclosure={self.enclosure} is out of range; allowed: 1 to {start - 1}, or none (any size). "
                    f"With death={self.death} and wrap={format_value(self.wrap)} the groups beside the 7s hold "
                    f"{start} positions, so a larger enclosure would kill them before the first move"
                )

    @staticmethod
    def preset(name: str, **changes: Any) -> Rules:
        """The preset ``name`` (see :data:`PRESETS`), with optional changes."""
        try:
            base = PRESETS[name]
        except KeyError:
            raise RulesError(f"unknown preset {name!r}; allowed: {', '.join(PRESETS)}") from None
        return base.replace(**changes) if changes else base

    def replace(self, **changes: Any) -> Rules:
        """A copy with ``changes``; unknown names and bad values raise :class:`RulesError`."""
        unknown = sorted(set(changes) - set(PARAMETERS))
        if unknown:
            raise RulesError(f"unknown rules parameter {unknown[0]!r}; allowed: {', '.join(PARAMETERS)}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in PARAMETERS}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Rules:
        return Rules().replace(**data)

    def preset_name(self) -> str | None:
        """The preset these rules are exactly, ignoring the number of players."""
        for name, rules in PRESETS.items():
            if rules.replace(players=self.players) == self:
                return name
        return None

    def text(self) -> str:
        """Short text: ``killer`` then the differences, e.g. ``killer,death=horizontal``. The number of players
        is left out; :func:`parse_rules_text` reads it back."""
        base = PRESETS["killer"]
        diff = {k: v for k, v in self.to_dict().items() if k != "players" and v != getattr(base, k)}
        return ",".join(["killer", *(f"{k}={format_value(v)}" for k, v in diff.items())])


def _check_type(name: str, value: Any) -> None:
    if name in _CHOICES:
        if value not in _CHOICES[name]:
            raise RulesError(f"{name}={value!r} is not allowed; allowed: {', '.join(_CHOICES[name])}")
    elif name in _FLAGS:
        if not isinstance(value, bool):
            raise RulesError(f"{name}={value!r} must be true or false")
    elif name in ("pass_limit", "enclosure"):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            what = "unlimited" if name == "pass_limit" else "any size"
            raise RulesError(f"{name}={value!r} must be an integer or none ({what})")
    elif isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name}={value!r} must be an integer")


def parse_rules_text(text: str, players: int | None = None) -> Rules:
    """Inverse of :meth:`Rules.text`: ``preset[,key=value…]``."""
    parts = [part for part in text.strip().split(",") if part]
    if not parts:
        raise RulesError(f"empty rules text; expected a preset then key=value settings, e.g. {_EXAMPLE}")
    name, *settings = parts
    changes = dict(parse_setting(s) for s in settings)
    if players is not None:
        changes["players"] = players
    return Rules.preset(name, **changes)


_EXAMPLE = "killer,death=horizontal"

PARAMETERS: tuple[str, ...] = tuple(f.name for f in fields(Rules))

PRESETS: dict[str, Rules] = {"killer": Rules()}

PRESET_SUMMARIES: dict[str, tuple[str, str]] = {
    "killer": (
        "Killer sevens: play next to any card (8 neighbours); enclosed positions die",
        "殺しの7並べ：上下左右斜めに隣接すれば出せる、囲まれた札は死ぬ",
    ),
}
