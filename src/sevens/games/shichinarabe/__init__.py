"""七並べ (Shichi-narabe, Sevens, Fan Tan) with every local rule of RULES.md Part B."""

from sevens.cards import DECK_SIZE
from sevens.games.sevens_core.family import sevens_family
from sevens.games.shichinarabe.actions import Action, parse_action
from sevens.games.shichinarabe.position import parse_position
from sevens.games.shichinarabe.record import replay, to_record
from sevens.games.shichinarabe.rules import PRESETS, Rules
from sevens.games.shichinarabe.state import Event, Result, State
from sevens.games.shichinarabe.view import View

# Each non-pass action puts at least one real card on the table for good, so at most 52 of them.
FAMILY = sevens_family("shichinarabe", ("Sevens", "七並べ"), State, parse_action, (to_record, replay), plays=DECK_SIZE)
max_steps = FAMILY.max_steps

__all__ = [
    "FAMILY",
    "PRESETS", "Action", "Event", "Result", "Rules", "State", "View",
    "parse_action", "parse_position", "replay", "to_record",
]  # fmt: skip
