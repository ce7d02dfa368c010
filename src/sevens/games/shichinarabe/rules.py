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

from dataclasses import dataclass
from typing import ClassVar, Literal

from sevens.errors import RulesError
from sevens.games.base import FamilyOutline
from sevens.games.rules_base import RulesBase

Opening = Literal["sevens_placed", "fan_tan"]
FirstPlayer = Literal["diamond_seven", "dealer_left"]
Tunnel = Literal["off", "cross", "end"]
JokerExchange = Literal["forced", "optional", "none"]

MIN_PLAYERS = 2
MAX_PLAYERS = 20


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    """Every parameter of Part B. Build with :meth:`preset` and change with :meth:`replace`."""

    _PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
    _OPTIONAL: ClassVar[dict[str, str]] = {"pass_limit": "unlimited"}
    _EMPTY_TEXT = "empty rules text; expected a preset then key=value settings, e.g. joker,jokers=2"

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
        self._check_fields()
        if self.tunnel != "off" and not self.ak_link:
            raise RulesError(f"tunnel={self.tunnel!r} needs ak_link=true (the tunnel goes through the K–A link)")
        if not 0 <= self.jokers <= 2:
            raise RulesError(f"jokers={self.jokers} is out of range; allowed: 0, 1 or 2")
        if self.pass_limit is not None and self.pass_limit < 0:
            raise RulesError(f"pass_limit={self.pass_limit} is negative; allowed: 0 or more, or none (unlimited)")


PRESETS: dict[str, Rules] = {}
PRESETS["standard"] = Rules()
PRESETS["ak_link"] = Rules(ak_link=True)
PRESETS["tunnel"] = Rules(ak_link=True, tunnel="cross")
PRESETS["joker"] = Rules(jokers=1, joker_exchange="forced")
PRESETS["fan_tan"] = Rules(opening="fan_tan", first_player="dealer_left")
PRESETS["english"] = Rules(opening="fan_tan", first_player="diamond_seven", pass_limit=None, voluntary_pass=False)
PRESETS["kids"] = Rules(pass_limit=None, voluntary_pass=False, hints=True)
Rules._PRESETS = PRESETS
OUTLINE = FamilyOutline("shichinarabe", ("Sevens", "七並べ"), PRESETS, MIN_PLAYERS, MAX_PLAYERS)
