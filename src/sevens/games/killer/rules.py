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

from dataclasses import dataclass
from typing import ClassVar, Literal

from sevens.errors import RulesError
from sevens.games.base import FamilyOutline, format_value
from sevens.games.killer.geometry import Death, geometry
from sevens.games.rules_base import RulesBase

FirstPlayer = Literal["diamond_seven", "dealer_left"]
Tiebreak = Literal["earlier_exit", "most_kills"]

MIN_PLAYERS = 2
MAX_PLAYERS = 20


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    """Every parameter of Part C (setup and passing as in Part B). Build with :meth:`preset`, change with
    :meth:`replace`; bad values raise :class:`RulesError` naming the value and what is allowed."""

    _PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
    _OPTIONAL: ClassVar[dict[str, str]] = {"pass_limit": "unlimited", "enclosure": "any size"}
    _EMPTY_TEXT = "empty rules text; expected a preset then key=value settings, e.g. killer,death=horizontal"

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
        self._check_fields()
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


parse_rules_text = Rules.parse_text

PRESETS: dict[str, Rules] = {"killer": Rules()}
Rules._PRESETS = PRESETS
OUTLINE = FamilyOutline("killer", ("Killer sevens", "殺しの7並べ"), PRESETS, MIN_PLAYERS, MAX_PLAYERS)
