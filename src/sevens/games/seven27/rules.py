"""The rules of Seven Twenty-Seven as data (RULES.md Part D): one frozen dataclass, a preset, text forms.

>>> Rules.preset("seven27").replace(tie_rule="equal", bust=True).text()
'seven27,tie_rule=equal,bust=true'"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from sevens.errors import ArgumentError, RulesError
from sevens.games import base
from sevens.games.arguments import whole
from sevens.games.rules_base import RulesBase

Deal = Literal["down_up", "up_down", "two_down_one_up"]
DrawFace = Literal["up", "down"]
TieRule = Literal["under_wins", "equal"]

MIN_PLAYERS = 2
MAX_PLAYERS = 10
BIG_BET_FROM_ROUND = 3  # D4: small bets in betting rounds 1 and 2, big bets from the third on

# name -> smallest allowed value
_MINIMUM = {"stack": 1, "ante": 0, "small_bet": 1, "big_bet": 1, "raise_cap": 0}


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    """Every parameter of Part D. Build with :meth:`preset` and change with :meth:`replace`.

    ``deals`` is the length of a session (D8): that many deals, or ``None`` for "until one player holds every
    chip"; a session also ends early when only one player has chips left."""

    _PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
    _OPTIONAL: ClassVar[dict[str, str]] = {"refusal_limit": "", "deals": ""}
    _EMPTY_TEXT = "empty rules text; expected a preset name such as 'seven27'"
    _SETTING_EXAMPLE = "tie_rule=equal or refusal_limit=3"

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
        self._check_fields()
        for name, low in _MINIMUM.items():
            if getattr(self, name) < low:
                raise RulesError(f"{name}={getattr(self, name)} is too small; allowed: {low} or more")
        if self.ante >= self.stack:
            raise RulesError(
                f"ante={self.ante} must be less than stack={self.stack}, or every player is all-in before the deal"
            )
        for name in self._OPTIONAL:
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
        if whole(betting_round, "betting_round", "1 or more") < 1:
            raise ArgumentError(f"betting_round {betting_round} does not exist; betting rounds are 1, 2, …")
        return self.small_bet if betting_round < BIG_BET_FROM_ROUND else self.big_bet


parse_rules_text = Rules.parse_text
PRESETS: dict[str, Rules] = {"seven27": Rules()}
Rules._PRESETS = PRESETS
OUTLINE = base.FamilyOutline(
    "seven27", ("Seven Twenty-Seven", "セブン・トウェンティーセブン"), PRESETS, MIN_PLAYERS, MAX_PLAYERS
)
