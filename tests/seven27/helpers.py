"""Small helpers shared by the Seven Twenty-Seven tests."""

from __future__ import annotations

from family_helpers import legal
from sevens.games.seven27 import State, parse_action, parse_position


def play(state: State, actions: str) -> State:
    """Apply space-separated action texts in order; returns the same state."""
    for text in actions.split():
        state.apply(parse_action(text))
    return state


def at(position: str, actions: str = "") -> State:
    """The state of ``position`` after ``actions``, checking invariants and the position round-trip each step."""
    state = parse_position(position)
    for text in actions.split():
        state.check_invariants()
        assert parse_position(state.position()) == state
        state.apply(parse_action(text))
    state.check_invariants()
    assert parse_position(state.position()) == state
    return state


__all__ = ["at", "legal", "play"]
