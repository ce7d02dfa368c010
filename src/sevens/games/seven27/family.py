"""Seven Twenty-Seven's registry entry, :data:`FAMILY` (loads the engine; :data:`~.rules.OUTLINE` does not)."""

from typing import Any

from sevens.cards import DECK_SIZE
from sevens.games.base import Family
from sevens.games.seven27.actions import parse_action
from sevens.games.seven27.position import parse_position
from sevens.games.seven27.record import replay, to_record
from sevens.games.seven27.rules import OUTLINE, Rules
from sevens.games.seven27.state import State


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


FAMILY = Family.of(
    OUTLINE,
    new_state=State.new,
    parse_action=parse_action,
    parse_position=parse_position,
    to_record=to_record,
    replay=replay,
    max_steps=max_steps,
    seat_stats=seat_stats,
)
