"""殺しの7並べ (Killer sevens; also 陰険7並べ, 封鎖の7並べ), RULES.md Part C, as its own game family.

>>> FAMILY.name, list(FAMILY.presets)
('killer', ['killer'])
"""

from typing import Any

from sevens.cards import DECK_SIZE, SEVENS_MASK
from sevens.games.killer.actions import Action, parse_action
from sevens.games.killer.events import Event
from sevens.games.killer.position import parse_position
from sevens.games.killer.record import replay, to_record
from sevens.games.killer.result import Result
from sevens.games.killer.rules import PRESETS, Rules
from sevens.games.killer.state import State
from sevens.games.killer.view import View
from sevens.games.sevens_core.family import sevens_family


def seat_stats(state: Any) -> dict[str, list[int]]:
    """Per-seat figures of a finished round for ``sevens simulate`` (averaged over games)."""
    result = state.result()
    return {"mean_dead_cards": list(result.dead_cards), "mean_kills": list(result.kills)}


# Each play puts one of the 48 cards beside the 7s on the table for good.
FAMILY = sevens_family(
    "killer", ("Killer sevens", "殺しの7並べ"), State, parse_action, (to_record, replay),
    plays=DECK_SIZE - SEVENS_MASK.bit_count(), seat_stats=seat_stats,
)  # fmt: skip
max_steps = FAMILY.max_steps

__all__ = [
    "FAMILY", "PRESETS",
    "Action", "Event", "Result", "Rules", "State", "View",
    "max_steps", "parse_action", "parse_position", "replay", "seat_stats", "to_record",
]  # fmt: skip
