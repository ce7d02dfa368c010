"""The envs' observations read straight from the state (no view built) are the view's, number for number, and the
encoding is the one policies were trained on."""

from __future__ import annotations

import hashlib
import pickle
import random
from typing import Any

import numpy as np
import pytest

from sevens.envs.table import Table
from sevens.errors import RulesError
from sevens.games.registry import families

FAMILIES_READING_STATES = ("shichinarabe", "killer")
CASES = [
    (family.name, preset, players)
    for family in families().values()
    for preset in family.presets
    for players in (2, 4, 7)
]


def view_observation(table: Table, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """The reference: the encoder run on the seat's full view (history included), the mask from its actions."""
    view: Any = table.state.view(seat)  # any family's view: each has legal_actions and to_move
    mask = table.space.mask(view.legal_actions) if view.to_move == seat else np.zeros(len(table.space), np.int8)
    return table.encoder.encode(view), mask


@pytest.mark.parametrize(("family_name", "preset", "players"), CASES)
def test_observe_equals_the_view_encoding_at_every_seat_of_random_games(
    family_name: str, preset: str, players: int
) -> None:
    table = Table.build(preset, players)
    assert table.encoder.reads_state == (family_name in FAMILIES_READING_STATES)
    rng = random.Random(players)
    checked = 0
    for game in range(3):
        table.deal(seed=100 * game + players)
        while True:
            for seat in range(players):
                observed = table.observe(seat)
                vector, mask = view_observation(table, seat)
                assert observed["observation"].dtype == np.float32 and observed["action_mask"].dtype == np.int8
                assert observed["observation"].flags.writeable and observed["action_mask"].flags.writeable
                assert observed["observation"].tobytes() == vector.tobytes(), (preset, seat, table.state.position())
                assert observed["action_mask"].tobytes() == mask.tobytes(), (preset, seat, table.state.position())
                checked += 1
            if table.state.to_move is None:
                break
            table.state.apply(rng.choice(table.state.legal_actions()))
    assert checked > 3 * players


# sha256 of every seat's vector and mask over 40 actions of seeded random play, computed by the encoder of the
# commit before observations were read from states: the numbers a trained policy reads must not change.
GOLDEN = {
    ("standard", 4): "3f2b60ac07db015f",
    ("joker", 5): "59b95bb6a2eb2473",
    ("killer", 4): "f7d973ce16e29882",
    ("seven27", 4): "b85eafce3969cc3f",
}


@pytest.mark.parametrize(("preset", "players"), list(GOLDEN))
def test_the_observations_are_the_ones_policies_were_trained_on(preset: str, players: int) -> None:
    table = Table.build(preset, players)
    digest = hashlib.sha256()
    rng = random.Random(0)
    table.deal(seed=3)
    for _ in range(40):
        if table.state.to_move is None:
            break
        for seat in range(players):
            observed = table.observe(seat)
            digest.update(observed["observation"].tobytes())
            digest.update(observed["action_mask"].tobytes())
        table.state.apply(rng.choice(table.state.legal_actions()))
    assert digest.hexdigest()[:16] == GOLDEN[preset, players]


def test_a_seat_out_of_range_is_refused() -> None:
    table = Table.build("standard", 4)
    table.deal(seed=1)
    for seat in (-1, 4):
        with pytest.raises(RulesError, match="not a seat"):
            table.observe(seat)


def test_an_unpickled_action_space_masks_the_engines_actions() -> None:
    """The space finds the engine's action objects by identity: that lookup is rebuilt in the unpickling process."""
    table = Table.build("joker", 4)
    table.deal(seed=2)
    legal = table.state.legal_actions()
    copy = pickle.loads(pickle.dumps(table.space))
    assert copy.mask(legal).tobytes() == table.space.mask(legal).tobytes()
    assert [copy.actions[i] for i in np.flatnonzero(copy.mask(legal))] == sorted(legal, key=copy.index)
