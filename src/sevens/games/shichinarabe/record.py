"""Records: rules + seed + dealer + seats + actions (+ the result), as versioned JSON; exact replay."""

from __future__ import annotations

from sevens.games.records import FORMAT, VERSION, dumps, load, round_codec
from sevens.games.shichinarabe.actions import parse_action
from sevens.games.shichinarabe.rules import Rules
from sevens.games.shichinarabe.state import State

GAME = "shichinarabe"
to_record, replay = round_codec(GAME, State.new, Rules.from_dict, parse_action)

__all__ = ["FORMAT", "GAME", "VERSION", "dumps", "load", "replay", "to_record"]
