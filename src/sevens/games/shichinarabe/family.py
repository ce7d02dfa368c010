"""七並べ's registry entry, :data:`FAMILY`, and its records (loads the engine; :data:`~.rules.OUTLINE` does not)."""

from sevens.cards import DECK_SIZE
from sevens.games.sevens_core.family import sevens_family
from sevens.games.shichinarabe.actions import parse_action
from sevens.games.shichinarabe.rules import OUTLINE
from sevens.games.shichinarabe.state import State

# Each non-pass action puts at least one real card on the table for good, so at most 52 of them.
FAMILY, to_record, replay = sevens_family(OUTLINE, State, parse_action, plays=DECK_SIZE)
max_steps = FAMILY.max_steps
