"""Seven Twenty-Seven (7-27; RULES.md Part D): a fixed-limit betting game with hands counted toward 7 and 27.

>>> from sevens.games.conformance import check_many
>>> check_many(FAMILY, Rules.preset("seven27"), games=3) > 0
True
"""

from collections.abc import Sequence
from typing import Any

from sevens.cards import DECK_SIZE
from sevens.games.base import Family
from sevens.games.seven27.actions import Action, parse_action
from sevens.games.seven27.evaluate import Evaluation, evaluate
from sevens.games.seven27.operations import Operation
from sevens.games.seven27.position import format_position, parse_position
from sevens.games.seven27.record import replay, to_record
from sevens.games.seven27.rules import MAX_PLAYERS, MIN_PLAYERS, PRESETS, Rules
from sevens.games.seven27.session import Session
from sevens.games.seven27.state import Result, State
from sevens.games.seven27.view import View


def max_steps(rules: Rules) -> int:
    """An honest bound on actions in one deal.

    Every betting round but the first follows a card round in which someone took a card, and at most
    ``52 - dealt`` cards can be taken, so there are at most ``R = 53 - dealt`` betting rounds and as many card
    rounds. A card round has at most one action per player. In a betting round, the opening bet and at most
    ``raise_cap`` raises each let every other player act once more, and before the bet each player checks at
    most once: at most ``n · (raise_cap + 2)`` actions.

    >>> max_steps(Rules.preset("seven27"))
    1080
    """
    n = rules.players
    rounds = DECK_SIZE - n * rules.initial_cards + 1
    return rounds * (n * (rules.raise_cap + 2) + n)


def seat_stats(state: Any) -> dict[str, list[int]]:
    """Per-seat figures for simulations: chips won minus chips put in during this deal."""
    return {"chip_delta": list(state.result().chip_delta)}


def _new_state(rules: Any, seed: int, dealer: int | None = None, deck: Sequence[int] | None = None) -> State:
    return State.new(rules, seed, dealer, deck=deck)


FAMILY = Family(
    name="seven27",
    title=("Seven Twenty-Seven", "セブン・トウェンティーセブン"),
    presets=PRESETS,
    new_state=_new_state,
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
    "Action", "Evaluation", "Operation", "Result", "Rules", "Session", "State", "View",
    "evaluate", "format_position", "max_steps", "parse_action", "parse_position", "replay", "seat_stats", "to_record",
]  # fmt: skip
