"""Killer sevens' registry entry, :data:`FAMILY`, and its records (loads the engine; :data:`~.rules.OUTLINE`
does not).

>>> FAMILY.name, list(FAMILY.presets)
('killer', ['killer'])
"""

from typing import Any

from sevens.cards import DECK_SIZE, SEVENS_MASK
from sevens.games.killer.actions import parse_action
from sevens.games.killer.rules import OUTLINE
from sevens.games.killer.state import State
from sevens.games.sevens_core.family import sevens_family


def seat_stats(state: Any) -> dict[str, list[int]]:
    """Per-seat figures of a finished round for ``sevens simulate`` (averaged over games)."""
    result = state.result()
    return {"mean_dead_cards": list(result.dead_cards), "mean_kills": list(result.kills)}


# Each play puts one of the 48 cards beside the 7s on the table for good.
FAMILY, to_record, replay = sevens_family(
    OUTLINE, State, parse_action, plays=DECK_SIZE - SEVENS_MASK.bit_count(), seat_stats=seat_stats
)
max_steps = FAMILY.max_steps
