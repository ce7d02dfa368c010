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


# Seven Twenty-Seven's figures of the viewer's own hand and of the raises (mutation survivors, docs/decisions.md):
# where the hand's totals sit in the vector (they are the seat's private slots after its down and up cards).
SEVEN27_TOTALS = 2 * 52 + 3 + 8  # after both card sets, the phase (3) and the betting figures (8)
SEVEN27_RAISES = 2 * 52 + 3 + 3  # betting round, bet size, high bet, then the raises


def _seven27_vector(position: str, seat: int) -> list[float]:
    from sevens.games.seven27 import parse_position

    state = parse_position(position)
    return [float(x) for x in encoder_for("seven27", state.rules).encode(state.view(seat))]


def test_a_seven27_hand_that_cannot_win_a_half_says_so_and_counts_no_total_there() -> None:
    # under bust (D6) seat 0's 27½ is over 7 and over 27: no low, no high; seat 1's 6½ counts for both
    position = "seven27,bust=true 2 1 c0 Ts/6s/Th 9s8sKs/Kh/9h5h 94,94,94 6,6,6 0,0,0 0,0,0 - *"
    totals = slice(SEVEN27_TOTALS, SEVEN27_TOTALS + 4)  # low / 28 halves, no low, high / 56 halves, no high
    assert _seven27_vector(position, 0)[totals] == [0.0, 1.0, 0.0, 1.0]
    assert _seven27_vector(position, 1)[totals] == pytest.approx([13 / 28, 0.0, 13 / 56, 0.0])
    # seat 0 of another deal: over 7 (no low) but 10½ counts for 27
    other = "seven27,bust=true 1 1 c0 Ts/9s Kh/8h 94,94 6,6 0,0 0,0 - *"
    assert _seven27_vector(other, 0)[totals] == pytest.approx([0.0, 1.0, 21 / 56, 0.0])


def test_raises_are_a_fraction_of_the_raise_cap_even_when_the_cap_is_one() -> None:
    start = "seven27,raise_cap=1 3 1 b0 5s/9h/Kc/2d AhAd/Th/Qd/3c 99,99,99,99 1,1,1,1 0,0,0,0 0,0,0,0 - *"
    from sevens.games.seven27 import parse_action, parse_position

    state = parse_position(start)
    for action in ("bet", "raise"):
        state.apply(parse_action(action))
    vector = encoder_for("seven27", state.rules).encode(state.view(state.to_move))
    assert state.view(state.to_move).raises == 1 and float(vector[SEVEN27_RAISES]) == 1.0  # the cap reached
    capless = parse_position(start.replace("raise_cap=1", "raise_cap=0", 1))
    capless.apply(parse_action("bet"))
    assert float(encoder_for("seven27", capless.rules).encode(capless.view(capless.to_move))[SEVEN27_RAISES]) == 0.0


def test_jokers_out_of_play_and_passes_past_ten_without_a_limit_are_scaled_as_the_docs_say() -> None:
    """docs/research.md's layout: jokers out of play (B8d) at 209 as count / 2; a seat's passes without a limit
    as used / 10, capped at 1 (here 12 passes). The same from the view and from the state."""
    from sevens.games.shichinarabe import parse_position

    # two jokers in the game, one in seat 2's hand, none on the table: the other one is out of play
    hands = "9s2h3h5hThQhKh2d4d5d9dQdAc5c6cQc/As2s5s6sJsQsKs4h6h8hJhAdJd3c9cTcJc/3s4s8sTsAh9h3d6d8dTdKd2c4c8cKcJk"
    sevens = "/".join(["......7......"] * 4)
    state = parse_position(f"standard,jokers=2,pass_limit=none {sevens} {hands} 0 12,0,0 - 2 0")
    encoder = encoder_for("shichinarabe", state.rules)
    assert state.removed_jokers == 1 and encoder.state_fn is not None
    for vector in (encoder.encode(state.view(0)), encoder.state_fn(state, 0)):
        assert [float(x) for x in vector[208:210]] == [0.0, 0.5]  # no joker in the viewer's hand; one out of play
        assert float(vector[211 + 1]) == 1.0  # seat 0 (the viewer) passed 12 times: 12 / 10, capped
        assert float(vector[211 + 7 + 1]) == 0.0


def test_killer_passes_past_ten_without_a_limit_are_capped_at_one() -> None:
    """docs/research.md's Killer layout: a seat's passes used at 209 + 8k + 3, without a limit used / 10,
    capped at 1 (the viewer, seat 2, passed 12 times; the seats after it none)."""
    from sevens.games.killer import parse_position

    hands = "3s8sTsQsKs2h8h9hThAd3d5d6d8d8cJc/As4sAh6hQhKh2d4d9dTdJdAc4c5c9cTcKc/2s5s6s9sJs3h4h5hJhQdKd2c3c6cQc"
    sevens = "/".join(["......7......"] * 4)
    state = parse_position(f"killer,pass_limit=none {sevens} {hands} -/-/- 0,0,0 2 0,0,12 - 2 0")
    encoder = encoder_for("killer", state.rules)
    assert encoder.state_fn is not None
    for vector in (encoder.encode(state.view(2)), encoder.state_fn(state, 2)):
        assert [float(vector[209 + 8 * k + 3]) for k in range(3)] == [1.0, 0.0, 0.0]
