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

from sevens.games.shichinarabe.state import State

parse_position = State.parse_position
