"""Views by allowlist and the terminal drawing: nothing hidden from a seat ever reaches it."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from sevens.games.conformance import cards_in
from sevens.games.killer import Rules, State
from sevens.render.killer import render_table

from .helpers import cards, do, position


def _export(renderable: object) -> str:
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def _midgame(visible: bool) -> State:
    state = State.new(Rules.preset("killer", dead_cards_visible=visible), seed=3)
    rng = random.Random(1)
    while state.dead_positions.bit_count() < 3 and not state.is_over():
        options = state.legal_actions()
        state.apply(options[rng.randrange(len(options))])
    return state


@pytest.mark.parametrize("visible", [True, False])
def test_view_holds_only_what_the_seat_may_know(visible: bool) -> None:
    state = _midgame(visible)
    assert state.dead_positions
    for seat in range(state.players):
        view = state.view(seat)
        data = view.to_dict()
        assert not cards_in(data) & state.hidden_from(seat)
        assert view.hand == state.hand(seat) and view.dead_piles[seat] == state.dead_pile(seat)
        assert view.dead_counts == tuple(state.dead_count(s) for s in range(4))
        assert view.kills == tuple(state.kills(s) for s in range(4))
        assert all((pile is not None) == (visible or s == seat) for s, pile in enumerate(view.dead_piles))
        assert view.legal_actions == (tuple(state.legal_actions()) if state.to_move == seat else ())
        assert "x" in "".join(data["grid"])


def test_view_passes_left() -> None:
    state = position("", ["6s 2c", "*"], passes=[2, 0])
    assert state.view(0).passes_left == 1
    assert position("", ["6s 2c", "*"], rules="killer,pass_limit=none").view(0).passes_left is None


@pytest.mark.parametrize(
    ("lang", "labels"),
    [("ja", ["殺しの7並べ", "死に札", "キル", "席1"]), ("en", ["Killer", "dead", "kills", "seat 1"])],
)
def test_render_table_in_both_languages(lang: str, labels: list[str]) -> None:
    state = position("Th 9d Jd", ["Tc 2s", "Td 2h", "*"], rules="killer,dead_cards_visible=false")
    do(state, "Tc")
    text = _export(render_table(state, lang))
    for label in labels:
        assert label in text
    assert "✕" in text and "·" in text
    # the diamond row A…K: 7, 9 and J out, 10 dead
    diamonds = ["♦", *"······", "7", "·", "9", "✕", "J", "·", "·"]
    assert diamonds in [line.split() for line in text.splitlines()]


def test_render_shows_no_hidden_card() -> None:
    state = _midgame(visible=False)
    for drawing in (render_table(state, "en"), render_table(state.view(0), "ja")):
        text = _export(drawing)
        assert not cards_in(text) & state.hidden_from(0)
        # every rank shown in the grid is on the table; hands appear only as counts
        assert str(state.hand_size(1)) in text


def test_render_marks_the_end() -> None:
    state = position("", ["6s", "*"])
    assert "▶" in _export(render_table(state, "en"))
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    assert "round over" in _export(render_table(state, "en"))
    assert cards("6s") & state.table
