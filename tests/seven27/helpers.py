"""Small helpers shared by the Seven Twenty-Seven tests."""

from __future__ import annotations

from family_helpers import legal
from sevens.games.seven27 import State, parse_action, parse_position
from sevens.games.seven27.actions import Action


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


def aggressive(state: State) -> Action:
    """Raise, bet, call or stand whenever it can (else check, take or fold): stacks go broke within a few deals."""
    legal_now = state.legal_actions()
    for name in ("raise", "bet", "call", "stand"):
        for action in legal_now:
            if str(action) == name:
                return action
    return legal_now[0]
