"""Position text: any 七並べ state in one line, like FEN in chess.

Fields, separated by spaces::

    RULES  ROWS  HANDS  TURN  PASSES  EXITS  DEALER  STREAK  [OCCUPANTS]

- ``RULES``: the rules' text (``standard``, ``tunnel``, ``joker,jokers=2`` …); players = number of hands.
- ``ROWS``: the four rows s/h/d/c, 13 characters A…K each: the rank if the card is on the table, ``*`` for a
  joker standing there, ``.`` for empty.
- ``HANDS``: each seat's hand, ``/``-separated, cards run together (``2s3sJk``), ``-`` for none. When reading,
  one hand may be ``*``: every card that is neither on the table nor in another hand (jokers not included).
- ``TURN``: the seat to move, ``-`` when the round is over.
- ``PASSES``: passes used per seat, comma-separated.
- ``EXITS``: who left, in order: ``2f`` finished, ``1x`` eliminated, ``3j`` joker-stuck; ``-`` for nobody.
- ``DEALER``: the dealer's seat. ``STREAK``: passes in a row (for the stalemate rule, B11).
- ``OCCUPANTS`` (only after a ghost swap): the starting player in each seat, comma-separated.

>>> state = parse_position("standard ....56789..../......7....../......7....../......7...... "
...                        "As2s3s4sTsJsQsKs/AhKh/AdKd/* 0 0,0,0,0 - 3 0")
>>> [str(a) for a in state.legal_actions()]
['4s', 'Ts', 'pass']
>>> parse_position(state.position()) == state
True
"""

from __future__ import annotations

from sevens.cards import JOKER_TEXT, parse_card
from sevens.games.sevens_core.notation import parse_cards_field
from sevens.games.shichinarabe.state import State


def format_position(state: State) -> str:
    return state.position()


def parse_position(text: str) -> State:
    """Read a position; raises :class:`NotationError` saying which field is wrong and why."""
    return State.parse_position(text)


def parse_hand_text(text: str) -> tuple[int, int]:
    """A hand's cards and joker count from text such as ``"2s 3s Jk"`` (for tests and tools)."""
    return parse_cards_field(text.replace(" ", ""), "HANDS: seat 0", jokers=True)


__all__ = ["JOKER_TEXT", "format_position", "parse_card", "parse_hand_text", "parse_position"]
