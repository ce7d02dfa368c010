"""The shared observation encoder and action numbering (core install: numpy only)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.envs.encoding import action_space_for, card_bits, encoder_for
from sevens.envs.table import Table, make_rules
from sevens.errors import RulesError
from sevens.games.registry import families

CASES = [(f.name, preset) for f in families().values() for preset in f.presets]


@pytest.mark.parametrize(("family_name", "preset"), CASES)
def test_every_view_encodes_to_the_declared_size_in_unit_range(family_name: str, preset: str) -> None:
    for players in (2, 5):
        table = Table.build(preset, players)
        rng = random.Random(players)
        table.deal(seed=players)
        steps = 0
        while (mover := table.state.to_move) is not None and steps < 60:
            for seat in range(players):
                vector = table.encoder.encode(table.state.view(seat))
                assert vector.shape == (table.encoder.size,)
                assert vector.min() >= 0.0 and vector.max() <= 1.0
            mask = table.observe(mover)["action_mask"]
            legal = table.state.legal_actions()
            assert [table.space.actions[i] for i in mask.nonzero()[0]] == sorted(legal, key=table.space.index)
            table.state.apply(rng.choice(legal))
            steps += 1


def test_the_vector_depends_on_the_seats_own_hand_and_not_on_hidden_cards() -> None:
    """Two deals that differ only in the other seats' cards give the same vector to seat 0."""
    from sevens.games.shichinarabe import parse_position

    base = "standard ......7....../......7....../......7....../......7...... {hands} 0 0,0,0 - 2 0"
    first = parse_position(base.format(hands="AsKs/2s3s4s5s6s8s9sTsJsQs/*"))
    second = parse_position(base.format(hands="AsKs/2h3h4h5h6h8h9hThJhQh/*"))
    coder = encoder_for("shichinarabe", first.rules)
    assert (coder.encode(first.view(0)) == coder.encode(second.view(0))).all()
    assert (coder.encode(first.view(1)) != coder.encode(second.view(1))).any()


@given(st.integers(min_value=0, max_value=(1 << 52) - 1))
@settings(max_examples=50)
def test_card_bits_round_trip(mask: int) -> None:
    bits = card_bits(mask)
    assert sum(1 << i for i, b in enumerate(bits) if b) == mask


def test_action_numbers_round_trip_and_bad_numbers_are_refused() -> None:
    for name in ("shichinarabe", "killer", "seven27"):
        space = action_space_for(name)
        assert [space.index(space.action(i)) for i in range(len(space))] == list(range(len(space)))
        with pytest.raises(RulesError, match="out of range"):
            space.action(len(space))
    with pytest.raises(RulesError, match="no number"):
        action_space_for("killer").index("7h")


def test_settings_are_read_as_in_the_command_line() -> None:
    assert make_rules("standard", 3, ["pass_limit=none"])[1].pass_limit is None
    assert make_rules("standard", None, {"ak_link": True})[1].ak_link is True
    with pytest.raises(RulesError, match="unknown preset"):
        make_rules("nonsense")
