"""七並べ (Shichi-narabe, Sevens, Fan Tan) with every local rule of RULES.md Part B."""

from sevens.games.shichinarabe.actions import Action, parse_action
from sevens.games.shichinarabe.position import parse_position
from sevens.games.shichinarabe.record import replay, to_record
from sevens.games.shichinarabe.rules import PRESETS, Rules
from sevens.games.shichinarabe.state import Event, Result, State
from sevens.games.shichinarabe.view import View

__all__ = [
    "PRESETS", "Action", "Event", "Result", "Rules", "State", "View",
    "parse_action", "parse_position", "replay", "to_record",
]  # fmt: skip
