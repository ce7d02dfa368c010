"""Views (allowlist observations) and the terminal drawing never show a hidden card."""

from __future__ import annotations

import io
import json
import random

from rich.console import Console

from sevens.cards import CARD_TEXTS, iter_bits, pretty
from sevens.games.conformance import cards_in
from sevens.games.seven27 import FAMILY, Rules, State
from sevens.render.seven27 import FACE_DOWN, render_table

from .helpers import at


def drawing(state: object, lang: str) -> str:
    console = Console(width=140, record=True, color_system=None, file=io.StringIO())
    console.print(render_table(state, lang))
    return console.export_text()


def test_view_holds_own_down_cards_and_everyones_up_cards() -> None:
    state = State.new(Rules.preset("seven27", players=4), seed=6)
    for seat in range(4):
        data = state.view(seat).to_dict()
        assert json.loads(json.dumps(data)) == data
        for other in range(4):
            shown = data["seats"][other]
            assert shown["up"] == [CARD_TEXTS[c] for c in iter_bits(state.up_cards(other))]
            expected = [CARD_TEXTS[c] for c in iter_bits(state.down_cards(other))] if other == seat else ["??"]
            assert shown["down"] == expected
        assert cards_in(data) & state.hidden_from(seat) == 0
        assert (data["to_move"], data["pot"], data["deck_count"]) == (0, 4, 44)
        assert data["legal_actions"] == (["check", "bet"] if seat == 0 else [])


def test_spectator_view_holds_no_down_card() -> None:
    state = State.new(Rules.preset("seven27", players=6), seed=6)
    data = state.view(None).to_dict()
    for s in range(6):
        assert cards_in(data) & state.down_cards(s) == 0
    assert data["own_totals"] is None


def test_hidden_from_is_other_down_cards_and_the_deck() -> None:
    state = State.new(Rules.preset("seven27", players=3), seed=6)
    deck = sum(1 << c for c in state.deck)
    assert state.hidden_from(0) == deck | state.down_cards(1) | state.down_cards(2)


def test_after_the_showdown_shown_hands_are_public_but_folded_ones_are_not() -> None:
    state = at("seven27 3 1 b0 5s/9h/Kc/2d AhAd/Th/Qd/3c 99,99,99,99 1,1,1,1 0,0,0,0 0,0,0,0 - *")
    state = at(state.position(), "bet call call fold stand stand stand")
    assert state.is_over()
    data = state.view(1).to_dict()
    assert [data["seats"][s]["down"] for s in range(4)] == [["5s"], ["9h"], ["Kc"], ["??"]]
    assert "2d" not in json.dumps(data)  # seat 3 folded: its down card stays hidden
    assert state.hidden_from(1) & state.down_cards(3)
    assert data["result"]["chip_delta"] == [13, -6, -6, -1]


def test_views_never_leak_during_random_games() -> None:
    rules = Rules.preset("seven27", players=5, draw_face="down", stack=30)
    for seed in range(5):
        state = State.new(rules, seed)
        rng = random.Random(seed)
        while True:
            for seat in range(5):
                assert cards_in(state.view(seat).to_dict()) & state.hidden_from(seat) == 0
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))


def test_render_table_draws_only_public_cards_in_both_languages() -> None:
    rules = Rules.preset("seven27", players=4, draw_face="down")
    state = State.new(rules, seed=12)
    rng = random.Random(1)
    while not state.is_over():
        for lang in ("en", "ja"):
            text = drawing(state, lang)
            assert FACE_DOWN in text
            hidden = sum(1 << c for c in state.deck)
            hidden |= sum(state.down_cards(s) for s in range(4) if not state.is_shown(s))
            assert not [c for c in iter_bits(hidden) if pretty(c) in text.split()]
        state.apply(rng.choice(state.legal_actions()))
    final = drawing(state, "ja")
    assert "収支" in final
    assert "chips ±" in drawing(state, "en")


def test_render_labels() -> None:
    state = State.new(Rules.preset("seven27", players=3), seed=1)
    assert "Betting round 1" in drawing(state, "en")
    assert "ベット1回目" in drawing(state, "ja")
    assert "seat 3 (dealer)" in drawing(state, "en")  # seat 2 counted from 1, as players count seats
    assert "席3 (親)" in drawing(state, "ja")
    own = drawing(state.view(0), "en")  # a seat's own view shows its own down card
    assert pretty(next(iter_bits(state.down_cards(0)))) in own


def test_seat_stats_report_chip_deltas() -> None:
    state = at("seven27 2 1 c0 5s/9h/Kc AhAd/Th/Qd 94,94,94 6,6,6 0,0,0 0,0,0 - *", "stand stand stand")
    assert FAMILY.seat_stats is not None
    assert FAMILY.seat_stats(state) == {"chip_delta": [12, -6, -6]}
