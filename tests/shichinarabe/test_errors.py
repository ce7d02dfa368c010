"""Refusals: illegal actions (IllegalActionError, state unchanged) and bad text (NotationError)."""

from __future__ import annotations

import re

import pytest

from sevens.errors import IllegalActionError, NotationError
from sevens.games.shichinarabe import parse_action

from .helpers import EMPTY, R7, parse_position

BASE = f"joker {R7}/{R7}/{R7}/{R7} 6s9s2hJk/QsKs/* 0 0,3,0 - 2 0"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Qs", "Qs is not in your hand"),
        ("2h", "2h is not next to an open end of its suit's run"),
        ("Jk+2h", "Jk+2h: the joker's position must be empty and next to an open end"),
        ("swap 8h", "8h is not in your hand"),
        ("swap 2h", "swap 2h: exchanging a joker on your turn needs joker_exchange=optional"),
        ("ghost 1 0", "the ghost rule is off"),
    ],
)
def test_illegal_action_says_why_lists_legal_and_changes_nothing(text: str, why: str) -> None:
    state = parse_position(BASE)
    before, copy, history = state.position(), state.clone(), state.history
    with pytest.raises(IllegalActionError, match="^" + re.escape(why)) as info:
        state.apply(parse_action(text))
    if not text.startswith("ghost"):
        assert str(info.value).endswith("; legal now: 6s Jk+9s pass")
    assert state.position() == before and state == copy and state.history == history
    assert state.why_illegal(parse_action(text)) == str(info.value)
    assert not state.is_legal(parse_action(text))


def test_illegal_pass_when_none_left() -> None:
    state = parse_position(f"standard {R7}/{R7}/{R7}/{R7} 6s9s/* 0 3,0 - 1 0")
    before = state.position()
    with pytest.raises(IllegalActionError) as info:
        state.apply(parse_action("pass"))
    assert str(info.value) == "no passes left (3 of 3 used); legal now: 6s"
    assert info.value.reason == "refusal.no_pass_left"
    assert info.value.params["used"] == 3 and info.value.params["legal"] == ["6s"]
    assert state.position() == before


def test_no_action_once_the_round_is_over() -> None:
    state = parse_position(f"standard {R7}/{R7}/{R7}/{R7} 6s/* 0 0,0 - 1 0")
    state.apply(parse_action("6s"))
    assert state.is_over() and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="round is over"):
        state.apply(parse_action("8s"))


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("standard", "8 or 9 space-separated fields"),
        (f"nonsense {R7}/{R7}/{R7}/{R7} 6s/* 0 0,0 - 1 0", "unknown preset 'nonsense'"),
        (f"standard {R7}/{R7}/{R7}/{R7} * 0 0 - 0 0", "players=1 is out of range"),
        (f"standard {R7}/{R7}/{R7} 6s/* 0 0,0 - 1 0", "ROWS must be 4 rows"),
        (f"standard {R7}/{R7}/{R7}/......7.....x 6s/* 0 0,0 - 1 0", "c row position 13 is 'x'"),
        (f"joker,jokers=1 {R7}/......*....../{R7}/{R7} 6s/* 0 0,0 - 1 0", "joker may not stand for a 7"),
        (f"standard {R7}/{R7}/{R7}/{R7} */* 0 0,0 - 1 0", "only one hand may be '\\*'"),
        (f"standard {R7}/{R7}/{R7}/{R7} 6s6s/* 0 0,0 - 1 0", "seat 0 lists 6s twice"),
        (f"standard {R7}/{R7}/{R7}/{R7} 6s7s/* 0 0,0 - 1 0", "7s are in two places"),
        (f"standard {R7}/{R7}/{R7}/{R7} 6s/8s 0 0,0 - 1 0", "are nowhere"),
        (f"standard {R7}/{R7}/{R7}/{R7} 6sXx/* 0 0,0 - 1 0", "cannot read cards"),
        (f"standard {R7}/{R7}/{R7}/{R7} 6s/* 0 0,0,0 - 1 0", "PASSES lists 3 seats"),
        (f"standard {R7}/{R7}/{R7}/{R7} 6s/* 0 4,0 - 1 0", "seat 0 used 4 passes; the limit is 3"),
        (f"standard {R7}/{R7}/{R7}/{R7} 6s/* 0 0,0 0q 1 0", "EXITS entry '0q'"),
        (f"standard {R7}/{R7}/{R7}/{R7} 6s/* 0 0,0 1f 1 0", "seat 1 left the round but still holds cards"),
        (f"standard {R7}/{R7}/{R7}/{R7} 6s/* - 0,0 - 1 0", "TURN must be '-' exactly when the round is over"),
        (f"standard {R7}/{R7}/{R7}/{R7} 6s/* 2 0,0 - 1 0", "TURN: seat 2 does not exist"),
        (f"standard {R7}/{R7}/{R7}/{R7} QsKs/* 0 3,0 - 1 0", "seat 0 has no legal action"),
        (f"standard {R7}/{R7}/{R7}/{R7} 6s/* 0 0,0 - 1 0 0,0", "OCCUPANTS must list each starting player"),
        (f"english {EMPTY}/{EMPTY}/{EMPTY}/{EMPTY} 6s/* 0 0,0 - 1 0", "first move must be 7d"),
        (f"standard {R7}/{R7}/{R7}/{R7} 6s/* 0 0,0 - x 0", "DEALER: 'x' is not a whole number"),
    ],
)
def test_bad_position_text_raises_notation_error(text: str, why: str) -> None:
    with pytest.raises(NotationError, match=why):
        parse_position(text)


@pytest.mark.parametrize("text", ["", "7x", "Jk+Jk", "swap", "ghost 1", "Jk", "9h+Jk+Th"])
def test_bad_action_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)
