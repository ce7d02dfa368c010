"""Helpers the scenario tests of every family share (each family's ``helpers`` module re-exports them)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sevens.cards import mask_of, parse_cards


def cards(text: str) -> int:
    """A card set from text such as ``"4s Ts"``."""
    return mask_of(parse_cards(text))


def legal(state: Any) -> list[str]:
    """The legal actions of the seat to move, as text."""
    return [str(a) for a in state.legal_actions()]


def applier(parse_action: Callable[[str], Any]) -> Callable[..., Any]:
    """``do(state, *texts)`` for one family: apply each action text in turn (each must be legal), return the
    state."""

    def do(state: Any, *texts: str) -> Any:
        for text in texts:
            state.apply(parse_action(text))
        return state

    return do
