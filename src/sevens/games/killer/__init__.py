"""殺しの7並べ (Killer sevens; also 陰険7並べ, 封鎖の7並べ), RULES.md Part C, as its own game family.

Only the rules are imported with the package; the engine and everything else below is loaded on first use
(:mod:`sevens.lazy_exports`).
"""

from typing import TYPE_CHECKING

from sevens.games.killer.rules import OUTLINE, PRESETS, Rules
from sevens.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from sevens.games.killer.actions import Action, parse_action
    from sevens.games.killer.family import FAMILY, max_steps, replay, seat_stats, to_record
    from sevens.games.killer.position import parse_position
    from sevens.games.killer.state import Event, Result, State
    from sevens.games.killer.view import View

__getattr__ = lazy_exports(__name__, {
    "Action": ".actions", "parse_action": ".actions",
    "FAMILY": ".family", "max_steps": ".family", "seat_stats": ".family",
    "replay": ".family", "to_record": ".family",
    "parse_position": ".position",
    "Event": ".state", "Result": ".state", "State": ".state",
    "View": ".view",
})  # fmt: skip

__all__ = [
    "FAMILY", "OUTLINE", "PRESETS",
    "Action", "Event", "Result", "Rules", "State", "View",
    "max_steps", "parse_action", "parse_position", "replay", "seat_stats", "to_record",
]  # fmt: skip
