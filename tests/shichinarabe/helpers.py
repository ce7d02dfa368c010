"""Small helpers for the 七並べ scenario tests: positions are always written as position text."""

from __future__ import annotations

from family_helpers import applier, cards, legal
from sevens.cards import SUITS, cards_text
from sevens.games.shichinarabe import State, parse_action, parse_position

R7 = "......7......"  # a row with only its 7 on the table
EMPTY = "............."  # a row with nothing on the table (Fan Tan)

__all__ = ["EMPTY", "R7", "State", "cards", "do", "legal", "parse_position", "playable", "playable_in"]

do = applier(parse_action)


def playable(state: State) -> set[str]:
    """Every position a card may be played on now, as card texts."""
    return set(cards_text(state.playable_positions).split())


def playable_in(state: State, suit: str) -> set[str]:
    """The playable positions of one suit (``"s"``, ``"h"``, ``"d"`` or ``"c"``)."""
    assert suit in SUITS
    return {c for c in playable(state) if c.endswith(suit)}
