"""七並べ (Shichi-narabe, Sevens, Fan Tan) with every local rule of RULES.md Part B."""

from sevens.games.base import Family
from sevens.games.shichinarabe.actions import Action, parse_action
from sevens.games.shichinarabe.position import parse_position
from sevens.games.shichinarabe.record import replay, to_record
from sevens.games.shichinarabe.rules import MAX_PLAYERS, MIN_PLAYERS, PRESETS, Rules
from sevens.games.shichinarabe.state import Event, Result, State
from sevens.games.shichinarabe.view import View


def max_steps(rules: Rules) -> int:
    """Each non-pass action puts at least one real card on the table for good, so at most 52 of them; passes
    are bounded by the limit, or without one by a stalemate after one cycle between two card actions."""
    per_seat = rules.pass_limit if rules.pass_limit is not None else 53
    return 52 + per_seat * rules.players + rules.players


FAMILY = Family(
    name="shichinarabe",
    title=("Sevens", "七並べ"),
    presets=PRESETS,
    new_state=State.new,
    parse_action=parse_action,
    parse_position=parse_position,
    to_record=to_record,
    replay=replay,
    max_steps=max_steps,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
)

__all__ = [
    "FAMILY",
    "PRESETS", "Action", "Event", "Result", "Rules", "State", "View",
    "parse_action", "parse_position", "replay", "to_record",
]  # fmt: skip
