"""Position text: any Killer sevens state in one line, like FEN in chess.

Fields, separated by spaces::

    RULES  ROWS  HANDS  DEAD  KILLS  TURN  PASSES  EXITS  DEALER  STREAK

- ``RULES``: the rules' text (``killer``, ``killer,death=horizontal`` …); players = number of hands.
- ``ROWS``: the four rows s/h/d/c, 13 characters A…K each: the rank where the card is on the table, ``x``
  where the position is dead, ``.`` where it is empty.
- ``HANDS``: each seat's hand, ``/``-separated, cards run together (``2s3s``), ``-`` for none. When reading,
  one hand may be ``*``: every card that is not on the table, in another hand or in a dead pile.
- ``DEAD``: each seat's dead pile, ``/``-separated, like HANDS (no ``*``); a lone ``-`` when nothing died.
- ``KILLS``: kills per seat, comma-separated. ``TURN``: the seat to move, ``-`` when the round is over.
- ``PASSES``: passes used per seat, comma-separated.
- ``EXITS``: who left, in order: ``2f`` finished (hand empty, C5), ``1x`` eliminated; ``-`` for nobody.
- ``DEALER``: the dealer's seat. ``STREAK``: passes in a row (for the stalemate rule).

>>> state = parse_position("killer ......7....../......7....../.....67....../......7...... "
...                        "8s9s/Ac/* - 0,0,0 1 0,0,0 - 2 0")
>>> state.to_move, [str(a) for a in state.legal_actions()]
(1, ['pass'])
>>> from sevens.games.killer.actions import PASS_ACTION
>>> state.apply(PASS_ACTION); [str(a) for a in state.legal_actions()]
['6s', '5h', '6h', '8h', '5d', '8d', '5c', '6c', '8c', 'pass']
>>> parse_position(state.position()) == state
True
"""

from sevens.games.killer.state import State

parse_position = State.parse_position
