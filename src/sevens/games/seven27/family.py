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
    """An honest bound on actions in one deal: at most ``53 - dealt`` betting rounds (each but the first follows
    a card taken) and as many card rounds (one action per player); in a betting round each player checks at most
    once, and the opening bet and each of ``raise_cap`` raises let every other player act once more."""
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
