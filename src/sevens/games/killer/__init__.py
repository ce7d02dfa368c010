"""殺しの7並べ (Killer sevens; also 陰険7並べ, 封鎖の7並べ), RULES.md Part C, as its own game family.

>>> FAMILY.name, list(FAMILY.presets)
('killer', ['killer'])
"""

from typing import Any

from sevens.cards import DECK_SIZE, SEVENS_MASK
from sevens.games.base import Family
from sevens.games.killer.actions import Action, parse_action
from sevens.games.killer.events import Event
from sevens.games.killer.position import parse_position
from sevens.games.killer.record import replay, to_record
from sevens.games.killer.result import Result
from sevens.games.killer.rules import MAX_PLAYERS, MIN_PLAYERS, PRESETS, Rules
from sevens.games.killer.state import State
from sevens.games.killer.view import View

_PLAYS = DECK_SIZE - SEVENS_MASK.bit_count()


def max_steps(rules: Rules) -> int:
    """Each play puts one of the 48 cards beside the 7s on the table for good; passes are bounded by the
    limit, or without one by a stalemate after one cycle of passes between two plays."""
    per_seat = rules.pass_limit if rules.pass_limit is not None else _PLAYS + 1
    return _PLAYS + per_seat * rules.players + rules.players


def seat_stats(state: Any) -> dict[str, list[int]]:
    """Per-seat figures of a finished round for ``sevens simulate`` (averaged over games)."""
    result = state.result()
    return {"mean_dead_cards": list(result.dead_cards), "mean_kills": list(result.kills)}


FAMILY = Family(
    name="killer",
    title=("Killer sevens", "殺しの7並べ"),
    presets=PRESETS,
    new_state=State.new,
    parse_action=parse_action,
    parse_position=parse_position,
    to_record=to_record,
    replay=replay,
    max_steps=max_steps,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    seat_stats=seat_stats,
)

__all__ = [
    "FAMILY", "PRESETS",
    "Action", "Event", "Result", "Rules", "State", "View",
    "max_steps", "parse_action", "parse_position", "replay", "seat_stats", "to_record",
]  # fmt: skip
