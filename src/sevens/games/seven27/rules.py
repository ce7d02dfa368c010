"""The rules of Seven Twenty-Seven as data (RULES.md Part D): one frozen dataclass, a preset, text forms.

>>> Rules.preset("seven27").small_bet, Rules.preset("seven27").big_bet
(5, 10)
>>> Rules.preset("seven27").replace(tie_rule="equal", bust=True).text()
'seven27,tie_rule=equal,bust=true'
>>> parse_rules_text("seven27,refusal_limit=3", players=6).refusal_limit
3
>>> Rules.preset("seven27", players=11)
Traceback (most recent call last):
...
sevens.errors.RulesError: players=11 is out of range; allowed: 2 to 10
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any, Literal, get_args

from sevens.errors import RulesError
from sevens.games.base import format_value, parse_value

Deal = Literal["down_up", "up_down", "two_down_one_up"]
DrawFace = Literal["up", "down"]
TieRule = Literal["under_wins", "equal"]

MIN_PLAYERS = 2
MAX_PLAYERS = 10
BIG_BET_FROM_ROUND = 3  # D4: small bets in betting rounds 1 and 2, big bets from the third on

_CHOICES: dict[str, tuple[str, ...]] = {
    "deal": get_args(Deal),
    "draw_face": get_args(DrawFace),
    "tie_rule": get_args(TieRule),
}
_BOOLS = ("ten_half", "bust")
_OPTIONAL_INTS = ("refusal_limit", "deals")
# name -> smallest allowed value
_MINIMUM = {"players": MIN_PLAYERS, "stack": 1, "ante": 0, "small_bet": 1, "big_bet": 1, "raise_cap": 0}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every parameter of Part D. Build with :meth:`preset` and change with :meth:`replace`.

    ``deals`` is the length of a session (D8): that many deals, or ``None`` for "until one player holds every
    chip"; a session also ends early when only one player has chips left."""

    players: int = 4
    stack: int = 100
    ante: int = 1
    deal: Deal = "down_up"
    small_bet: int = 5
    big_bet: int = 10
    raise_cap: int = 3
    draw_face: DrawFace = "up"
    refusal_limit: int | None = None
    ten_half: bool = False
    tie_rule: TieRule = "under_wins"
    bust: bool = False
    deals: int | None = 10

    def __post_init__(self) -> None:
        for f in fields(self):
            _check_type(f.name, getattr(self, f.name))
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise RulesError(f"players={self.players} is out of range; allowed: {MIN_PLAYERS} to {MAX_PLAYERS}")
        for name, low in _MINIMUM.items():
            if name != "players" and getattr(self, name) < low:
                raise RulesError(f"{name}={getattr(self, name)} is too small; allowed: {low} or more")
        if self.ante >= self.stack:
            raise RulesError(
                f"ante={self.ante} must be less than stack={self.stack}, or every player is all-in before the deal"
            )
        for name in _OPTIONAL_INTS:
            value = getattr(self, name)
            if value is not None and value < 1:
                raise RulesError(f"{name}={value} is too small; allowed: 1 or more, or none")

    @property
    def initial_cards(self) -> int:
        """Cards each player is dealt before the first betting round (D3)."""
        return 3 if self.deal == "two_down_one_up" else 2

    def bet_size(self, betting_round: int) -> int:
        """The fixed bet and raise size in betting round ``betting_round`` (1, 2, … ; D4).

        >>> [Rules().bet_size(r) for r in (1, 2, 3, 4)]
        [5, 5, 10, 10]
        """
        return self.small_bet if betting_round < BIG_BET_FROM_ROUND else self.big_bet

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
        """Short text: the preset then the differences (players left out; :func:`parse_rules_text` reads it)."""
        diff = {k: v for k, v in self.to_dict().items() if k != "players" and v != getattr(PRESETS["seven27"], k)}
        return ",".join(["seven27", *(f"{k}={format_value(v)}" for k, v in diff.items())])


def _check_type(name: str, value: Any) -> None:
    if name in _CHOICES:
        if value not in _CHOICES[name]:
            raise RulesError(f"{name}={value!r} is not allowed; allowed: {', '.join(_CHOICES[name])}")
    elif name in _BOOLS:
        if not isinstance(value, bool):
            raise RulesError(f"{name}={value!r} must be true or false")
    elif name in _OPTIONAL_INTS:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise RulesError(f"{name}={value!r} must be an integer or none")
    elif isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name}={value!r} must be an integer")


def parse_setting(text: str) -> tuple[str, Any]:
    """Read ``key=value`` into a name and a typed value."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise RulesError(f"setting {text!r} is not key=value; e.g. tie_rule=equal or refusal_limit=3")
    return key.strip(), parse_value(value)


def parse_rules_text(text: str, players: int | None = None) -> Rules:
    """Inverse of :meth:`Rules.text`: ``preset[,key=value…]``."""
    parts = [part for part in text.strip().split(",") if part]
    if not parts:
        raise RulesError("empty rules text; expected a preset name such as 'seven27'")
    name, *settings = parts
    changes = dict(parse_setting(s) for s in settings)
    if players is not None:
        changes["players"] = players
    return Rules.preset(name, **changes)


PARAMETERS: tuple[str, ...] = tuple(f.name for f in fields(Rules))

PRESETS: dict[str, Rules] = {"seven27": Rules()}

PRESET_SUMMARIES: dict[str, tuple[str, str]] = {
    "seven27": (
        "7-27: ante 1, fixed limit 5/10, 3 raises, one card down and one up, extra cards face up",
        "7-27：アンティ1、リミット5/10固定、レイズ3回まで、裏1枚・表1枚配り、追加カードは表向き",
    ),
}
