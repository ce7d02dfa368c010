"""七並べ's registry entry, :data:`FAMILY`, and its records (loads the engine; :data:`~.rules.OUTLINE` does not)."""

from sevens.cards import DECK_SIZE
from sevens.games.records import round_codec
from sevens.games.sevens_core.family import sevens_family
from sevens.games.shichinarabe.actions import parse_action
from sevens.games.shichinarabe.rules import OUTLINE, Rules
from sevens.games.shichinarabe.state import State

to_record, replay = round_codec(OUTLINE.name, State.new, Rules.from_dict, parse_action)
# Each non-pass action puts at least one real card on the table for good, so at most 52 of them.
FAMILY = sevens_family(OUTLINE, State, parse_action, (to_record, replay), plays=DECK_SIZE)
max_steps = FAMILY.max_steps
