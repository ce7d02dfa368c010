"""The rules of 七並べ as data (RULES.md Part B): one frozen dataclass, named presets, and text forms.

>>> Rules.preset("tunnel").tunnel
'cross'
>>> Rules.preset("joker").replace(joker_exchange="none").text()
'joker,joker_exchange=none'
>>> Rules.preset("standard", tunnel="end")
Traceback (most recent call last):
...
sevens.errors.RulesError: tunnel='end' needs ak_link=true (the tunnel goes through the K–A link)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any, Literal, get_args

from sevens.errors import RulesError
from sevens.games.base import format_value, parse_setting

Opening = Literal["sevens_placed", "fan_tan"]
FirstPlayer = Literal["diamond_seven", "dealer_left"]
Tunnel = Literal["off", "cross", "end"]
JokerExchange = Literal["forced", "optional", "none"]

MIN_PLAYERS = 2
MAX_PLAYERS = 20

_CHOICES: dict[str, tuple[str, ...]] = {
    "opening": get_args(Opening),
    "first_player": get_args(FirstPlayer),
    "tunnel": get_args(Tunnel),
    "joker_exchange": get_args(JokerExchange),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every parameter of Part B. Build with :meth:`preset` and change with :meth:`replace`."""

    players: int = 4
    opening: Opening = "sevens_placed"
    first_player: FirstPlayer = "diamond_seven"
    ak_link: bool = False
    tunnel: Tunnel = "off"
    jokers: int = 0
    joker_exchange: JokerExchange = "forced"
    pass_limit: int | None = 3
    voluntary_pass: bool = True
    ghost: bool = False
    hints: bool = False  # front-ends only (E5); the engine ignores it

    def __post_init__(self) -> None:
        for f in fields(self):
            _check_type(f.name, getattr(self, f.name))
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise RulesError(f"players={self.players} is out of range; allowed: {MIN_PLAYERS} to {MAX_PLAYERS}")
        if self.tunnel != "off" and not self.ak_link:
            raise RulesError(f"tunnel={self.tunnel!r} needs ak_link=true (the tunnel goes through the K–A link)")
        if not 0 <= self.jokers <= 2:
            raise RulesError(f"jokers={self.jokers} is out of range; allowed: 0, 1 or 2")
        if self.pass_limit is not None and self.pass_limit < 0:
            raise RulesError(f"pass_limit={self.pass_limit} is negative; allowed: 0 or more, or none (unlimited)")

    @staticmethod
    def preset(name: str, **changes: Any) -> Rules:
        """The preset ``name`` (see :data:`PRESETS`), with optional changes."""
        try:
            base = PRESETS[name]
        except KeyError:
            raise RulesError(f"unknown preset {name!r}; allowed: {', '.join(PRESETS)}") from None
        return base.replace(**changes) if changes else base

    def replace(self, **changes: Any) -> Rules:
        """A copy with ``changes``; unknown names and impossible combinations raise :class:`RulesError`."""
        unknown = sorted(set(changes) - set(PARAMETERS))
        if unknown:
            raise RulesError(f"unknown rules parameter {unknown[0]!r}; allowed: {', '.join(PARAMETERS)}")
        # `--set joker_exchange=none` reads as the value None; for a named choice it means the name "none".
        for key, value in changes.items():
            if value is None and "none" in _CHOICES.get(key, ()):
                changes[key] = "none"
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
        """Short text: the nearest preset then the differences, e.g. ``tunnel`` or ``joker,jokers=2``.

        The number of players is left out; :func:`parse_rules_text` reads it back."""
        best_name, best_diff = "standard", self._diff(PRESETS["standard"])
        for name, rules in PRESETS.items():
            diff = self._diff(rules)
            if len(diff) < len(best_diff):
                best_name, best_diff = name, diff
        return ",".join([best_name, *(f"{k}={format_value(v)}" for k, v in best_diff.items())])

    def _diff(self, other: Rules) -> dict[str, Any]:
        return {k: v for k, v in self.to_dict().items() if k != "players" and v != getattr(other, k)}


def _check_type(name: str, value: Any) -> None:
    if name in _CHOICES:
        if value not in _CHOICES[name]:
            raise RulesError(f"{name}={value!r} is not allowed; allowed: {', '.join(_CHOICES[name])}")
    elif name in ("ak_link", "voluntary_pass", "ghost", "hints"):
        if not isinstance(value, bool):
            raise RulesError(f"{name}={value!r} must be true or false")
    elif name == "pass_limit":
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise RulesError(f"pass_limit={value!r} must be an integer or none (unlimited)")
    elif isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name}={value!r} must be an integer")


def parse_rules_text(text: str, players: int | None = None) -> Rules:
    """Inverse of :meth:`Rules.text`: ``preset[,key=value…]``."""
    name, *settings = [part for part in text.strip().split(",") if part]
    changes = dict(parse_setting(s) for s in settings)
    if players is not None:
        changes["players"] = players
    return Rules.preset(name, **changes)


PARAMETERS: tuple[str, ...] = tuple(f.name for f in fields(Rules))

PRESETS: dict[str, Rules] = {}
PRESETS["standard"] = Rules()
PRESETS["ak_link"] = Rules(ak_link=True)
PRESETS["tunnel"] = Rules(ak_link=True, tunnel="cross")
PRESETS["joker"] = Rules(jokers=1, joker_exchange="forced")
PRESETS["fan_tan"] = Rules(opening="fan_tan", first_player="dealer_left")
PRESETS["english"] = Rules(opening="fan_tan", first_player="diamond_seven", pass_limit=None, voluntary_pass=False)
PRESETS["kids"] = Rules(pass_limit=None, voluntary_pass=False, hints=True)

PRESET_SUMMARIES: dict[str, tuple[str, str]] = {
    "standard": ("sevens placed, 7♦ starts, 3 passes, voluntary pass", "7を並べて開始、♦7の人から、パス3回まで"),
    "ak_link": ("standard + A and K are joined", "標準 + AとKがつながる"),
    "tunnel": ("standard + A–K link + tunnel (cross)", "標準 + AKつなぎ + トンネル（ハンゲーム式）"),
    "joker": ("standard + 1 joker, forced exchange", "標準 + ジョーカー1枚（本物と交換）"),
    "fan_tan": ("table starts empty, 7s played as moves, dealer's left starts", "場は空で開始、7も手番で出す"),
    "english": ("Fan Tan, 7♦ starts, unlimited passes only when stuck", "ファンタン、♦7から、出せない時だけパス"),
    "kids": ("no pass limit, pass only when stuck, hints on", "パス無制限、出せない時だけパス、ヒントあり"),
}
