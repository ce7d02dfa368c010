"""Seven Twenty-Seven (7-27; RULES.md Part D): a fixed-limit betting game with hands counted toward 7 and 27.

Only the rules are imported with the package; the engine and everything else below is loaded on first use
(:mod:`sevens.lazy_exports`).
"""

from typing import TYPE_CHECKING

from sevens.games.seven27.evaluate import Evaluation, evaluate  # eager: `evaluate` also names its module
from sevens.games.seven27.rules import OUTLINE, PRESETS, Rules
from sevens.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from sevens.games.seven27.actions import Action, parse_action
    from sevens.games.seven27.family import FAMILY, max_steps, seat_stats
    from sevens.games.seven27.operations import Operation
    from sevens.games.seven27.position import parse_position
    from sevens.games.seven27.record import replay, to_record
    from sevens.games.seven27.session import Session
    from sevens.games.seven27.state import Result, State
    from sevens.games.seven27.view import View

__getattr__ = lazy_exports(__name__, {
    "Action": ".actions", "parse_action": ".actions",
    "FAMILY": ".family", "max_steps": ".family", "seat_stats": ".family",
    "Operation": ".operations",
    "parse_position": ".position",
    "replay": ".record", "to_record": ".record",
    "Session": ".session",
    "Result": ".state", "State": ".state",
    "View": ".view",
})  # fmt: skip

__all__ = [
    "FAMILY", "OUTLINE", "PRESETS",
    "Action", "Evaluation", "Operation", "Result", "Rules", "Session", "State", "View",
    "evaluate", "max_steps", "parse_action", "parse_position", "replay", "seat_stats", "to_record",
]  # fmt: skip
