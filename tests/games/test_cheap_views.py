"""Cheap views (issue 29): ``view(seat)`` keeps its history, now built once per state and extended by what is
new; ``view(seat, history=False)`` leaves the log's text out, everything else equal."""

from __future__ import annotations

from typing import Any

import pytest

from sevens.games.killer import Rules as KillerRules
from sevens.games.killer import State as KillerState
from sevens.games.registry import families

FAMILIES = list(families().values())


def played(family: Any, steps: int) -> Any:
    state = family.new_state(family.presets[next(iter(family.presets))], 4)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(state.legal_actions()[-1])
    return state


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_a_view_without_history_equals_the_full_view_but_for_the_history(family: Any) -> None:
    state = played(family, 20)
    for seat in range(state.players):
        full, bare = state.view(seat).to_dict(), state.view(seat, history=False).to_dict()
        assert bare["history"] == [] and len(full["history"]) >= 10
        assert {k: v for k, v in full.items() if k != "history"} == {k: v for k, v in bare.items() if k != "history"}


@pytest.mark.parametrize("family", [f for f in FAMILIES if f.name != "seven27"], ids=lambda f: f.name)
def test_the_history_text_kept_in_the_state_stays_right_across_clones(family: Any) -> None:
    state = played(family, 10)
    early = state.view(0).history  # kept in the state now
    other = state.clone()
    state.apply(state.legal_actions()[0])
    other.apply(other.legal_actions()[-1])
    for s in (state, other):
        rebuilt = tuple((seat, str(item)) for seat, item in s.history)
        assert s.view(0).history == rebuilt and s.view(0).history[: len(early)] == early


def test_killer_hidden_dead_cards_stay_hidden_per_seat_in_the_kept_text() -> None:
    state = KillerState.new(KillerRules.preset("killer", dead_cards_visible=False), seed=7)
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    texts = {seat: state.view(seat).history for seat in range(state.players)}
    for seat, history in texts.items():
        assert history == state.public_history(seat)
        for who, text in history:
            if text.startswith("dead "):
                assert ("??" in text) == (who != seat)
    assert any("??" in text for _, text in texts[0])
