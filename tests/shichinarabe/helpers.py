"""Small helpers for the 七並べ scenario tests: positions are always written as position text."""

from __future__ import annotations

from sevens.cards import SUITS, cards_text, mask_of, parse_cards
from sevens.games.shichinarabe import State, parse_action, parse_position

R7 = "......7......"  # a row with only its 7 on the table
EMPTY = "............."  # a row with nothing on the table (Fan Tan)

__all__ = ["EMPTY", "R7", "State", "cards", "do", "legal", "parse_position", "playable", "playable_in"]


def legal(state: State) -> list[str]:
    """The legal actions of the seat to move, as text."""
    return [str(a) for a in state.legal_actions()]


def do(state: State, *texts: str) -> State:
    """Apply each action text in turn (each must be legal)."""
    for text in texts:
        state.apply(parse_action(text))
    return state


def cards(text: str) -> int:
    """A card set from text such as ``"4s Ts"``."""
    return mask_of(parse_cards(text))


def playable(state: State) -> set[str]:
    """Every position a card may be played on now, as card texts."""
    return set(cards_text(state.playable_positions).split())


def playable_in(state: State, suit: str) -> set[str]:
    """The playable positions of one suit (``"s"``, ``"h"``, ``"d"`` or ``"c"``)."""
    assert suit in SUITS
    return {c for c in playable(state) if c.endswith(suit)}
