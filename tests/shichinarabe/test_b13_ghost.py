"""B13: the ghost rule (お化け) — an eliminated player swaps back in with a player who spoke to them."""

from __future__ import annotations

import pytest

from sevens.errors import IllegalActionError
from sevens.games.shichinarabe import parse_action

from .helpers import R7, do, parse_position

# Seats 1 and 2 are ghosts (1 was eliminated first); seats 0 and 3 still play.
GHOSTS = "standard,ghost=true {r}/{r}/{r}/{r} 6s/-/-/* 0 2,3,3,1 1x,2x 3 0"


def test_b13_swap_moves_the_speaker_out_and_the_ghost_in() -> None:
    state = parse_position(GHOSTS.format(r=R7))
    hand0, passes0 = state.hand(0), state.passes_used(0)
    do(state, "ghost 1 0")  # seat 0's player spoke to the ghost in seat 1
    assert state.occupants == (1, 0, 2, 3)  # the ghost (player 1) now sits in seat 0 …
    assert state.hand(0) == hand0 and state.passes_used(0) == passes0  # … with that seat's hand and passes
    assert state.status(0) == "in" and state.status(1) == "eliminated"
    assert state.exits == ((2, "eliminated"), (1, "eliminated"))  # the speaker's elimination counts from now
    assert state.to_move == 0
    assert [str(a) for a in state.actions] == ["ghost 1 0"]
    assert parse_position(state.position()) == state  # OCCUPANTS field


def test_b13_ranking_strikes_the_ghosts_old_elimination() -> None:
    state = parse_position(GHOSTS.format(r=R7))
    do(state, "ghost 1 0", "6s")  # the returned ghost plays out seat 0's hand
    assert state.is_over()
    result = state.result()
    assert result.ranking == (0, 3, 1, 2)  # seat 1 (the speaker, out just now) ranks above seat 2 (out before)
    assert [state.occupants[s] for s in result.ranking] == [1, 3, 0, 2]  # by player: the ghost won
    with pytest.raises(IllegalActionError, match="round is over"):
        state.apply(parse_action("ghost 2 3"))


def test_b13_swap_needs_the_rule_a_ghost_and_a_speaker_in_the_round() -> None:
    off = parse_position(f"standard {R7}/{R7}/{R7}/{R7} 6s/-/-/* 0 2,3,3,1 1x,2x 3 0")
    on = parse_position(GHOSTS.format(r=R7))
    cases = [
        (off, "ghost 1 0", "ghost rule is off"),
        (on, "ghost 0 3", "seat 0 is not a ghost"),
        (on, "ghost 1 2", "seat 2 is not in the round"),
        (on, "ghost 1 7", "seats must be 0 to 3"),
    ]
    for state, text, why in cases:
        before = state.position()
        with pytest.raises(IllegalActionError, match=why):
            state.apply(parse_action(text))
        assert state.position() == before
        assert not state.is_legal(parse_action(text))


@pytest.mark.parametrize(
    ("rules", "hands", "exits", "how"),
    [
        ("standard,ghost=true", "6s/-/-/*", "1x,2f", "finished"),
        ("joker,jokers=1,ghost=true", "6s/-/Jk/*", "1x,2j", "joker-stuck"),
    ],
)
def test_b13_a_player_who_has_left_the_round_cannot_speak_a_ghost_back(
    rules: str, hands: str, exits: str, how: str
) -> None:
    """Only a player still in the round swaps with a ghost: one who finished or is joker-stuck has no hand to
    give (a mutant letting a finished player speak once survived every rule test)."""
    state = parse_position(f"{rules} {R7}/{R7}/{R7}/{R7} {hands} 0 0,3,0,0 {exits} 3 0")
    assert state.status(1) == "eliminated" and state.status(2) != "in", how
    before = state.position()
    with pytest.raises(IllegalActionError, match="seat 2 is not in the round") as refused:
        state.apply(parse_action("ghost 1 2"))
    assert refused.value.reason == "refusal.speaker_not_in" and refused.value.params["speaker_seat"] == 2
    assert state.refusal(parse_action("ghost 1 2")) == ("refusal.speaker_not_in", {"speaker_seat": 2})
    assert state.position() == before and state.occupants == (0, 1, 2, 3)
    do(state, "ghost 1 3")  # a player still in may speak
    assert state.occupants == (0, 3, 2, 1)
