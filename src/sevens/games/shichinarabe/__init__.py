"""七並べ (Shichi-narabe, Sevens, Fan Tan) with every local rule of RULES.md Part B.

Only the rules are imported with the package; the engine and everything else below is loaded on first use
(:mod:`sevens.lazy_exports`).
"""

from typing import TYPE_CHECKING

from sevens.games.shichinarabe.rules import OUTLINE, PRESETS, Rules
from sevens.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from sevens.games.shichinarabe.actions import Action, parse_action
    from sevens.games.shichinarabe.family import FAMILY, max_steps, replay, to_record
    from sevens.games.shichinarabe.position import parse_position
    from sevens.games.shichinarabe.state import Event, Result, State
    from sevens.games.shichinarabe.view import View

__getattr__ = lazy_exports(__name__, {
    "Action": ".actions", "parse_action": ".actions",
    "FAMILY": ".family", "max_steps": ".family", "replay": ".family", "to_record": ".family",
    "parse_position": ".position",
    "Event": ".state", "Result": ".state", "State": ".state",
    "View": ".view",
})  # fmt: skip

__all__ = [
    "FAMILY", "OUTLINE",
    "PRESETS", "Action", "Event", "Result", "Rules", "State", "View",
    "max_steps", "parse_action", "parse_position", "replay", "to_record",
]  # fmt: skip
