"""Records of Killer sevens: rules + seed + dealer + seats + actions (+ the result), as versioned JSON, and
exact replay.

>>> from sevens.games.killer import Rules, State
>>> state = State.new(Rules.preset("killer"), seed=5)
>>> while not state.is_over():
...     state.apply(state.legal_actions()[-1])
>>> replay(to_record(state)) == state
True
"""

from __future__ import annotations

from sevens.games.killer.actions import parse_action
from sevens.games.killer.rules import Rules
from sevens.games.killer.state import State
from sevens.games.records import FORMAT, VERSION, dumps, load, round_codec

GAME = "killer"
to_record, replay = round_codec(GAME, State.new, Rules.from_dict, parse_action)

__all__ = ["FORMAT", "GAME", "VERSION", "dumps", "load", "replay", "to_record"]
