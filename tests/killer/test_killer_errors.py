"""Illegal actions, bad action and position text, and bad records: each refused with a reason, nothing changed."""

from __future__ import annotations

import pytest

from sevens.errors import IllegalActionError, NotationError, RecordError
from sevens.games.killer import Rules, State, parse_action, parse_position, replay, to_record

from .helpers import R7, do, position

SEVENS_ONLY = "/".join([R7] * 4)


@pytest.mark.parametrize(
    ("action", "why"),
    [
        ("7s", "7s is already on the table"),
        ("Td", "Td is dead"),
        ("2h", "2h is not in your hand"),
        ("2c", "2c does not touch any card on the table"),
    ],
)
def test_illegal_play_says_why_and_changes_nothing(action: str, why: str) -> None:
    state = position("Th 9d Jd", ["Tc 2s", "Td 2h", "6s 2c", "*"])
    do(state, "Tc", "pass")  # Td dies; seat 2 is to move
    before, history = state.position(), state.history
    with pytest.raises(IllegalActionError, match=f"{why}.*; legal now: 6s pass") as info:
        state.apply(parse_action(action))
    assert info.value.reason.startswith("refusal.") and info.value.params["legal"] == ["6s", "pass"]
    assert state.position() == before and state.history == history


def test_illegal_pass_reasons() -> None:
    no_passes = position("", ["6s", "*"], passes=[3, 0])
    with pytest.raises(IllegalActionError, match=r"no passes left \(3 of 3 used\); legal now: 6s"):
        no_passes.apply(parse_action("pass"))
    not_stuck = position("", ["6s", "*"], rules="killer,voluntary_pass=false")
    with pytest.raises(IllegalActionError, match="voluntary pass is off and you have a card to play"):
        not_stuck.apply(parse_action("pass"))


def test_nothing_is_legal_once_over() -> None:
    state = State.new(Rules.preset("killer"), seed=2)
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="the round is over"):
        state.apply(parse_action("pass"))


@pytest.mark.parametrize("text", ["", "Zz", "5x", "pass 2", "Jk", "5h+Jk"])
def test_bad_action_text(text: str) -> None:
    with pytest.raises(NotationError, match=r"expected|is a joker|empty card"):
        parse_action(text)


GOOD = f"killer {SEVENS_ONLY} 6s/* - 0,0 0 0,0 - 1 0"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("killer", "a position has 10 space-separated fields"),
        (GOOD.replace("killer", "standard", 1), "RULES: unknown preset 'standard'"),
        (GOOD.replace("killer", "killer,death=up", 1), "RULES: death='up' is not allowed"),
        (GOOD.replace(R7, "......7.....", 1), "ROWS must be 4 rows"),
        (GOOD.replace(R7, "..Q...7......", 1), "ROWS: s row position 3 is 'Q'; allowed: 3 .card out., x .dead. or ."),
        (GOOD.replace(R7, ".............", 1), "the four 7s are on the table"),
        (GOOD.replace("6s/*", "6s6s/*"), "HANDS: seat 0 lists 6s twice"),
        (GOOD.replace("6s/*", "6s/7s"), "HANDS: seat 1's card.s. 7s are in two places"),
        (GOOD.replace("6s/*", "6s/-"), "are nowhere"),
        (GOOD.replace("6s/*", "*/*"), "only one hand may be"),
        (GOOD.replace("6s/*", "6q/*"), "HANDS: seat 0: '6q' is not a card"),
        (GOOD.replace(" - 0,0 0", " -/-/- 0,0 0"), "DEAD lists 3 seats but HANDS has 2"),
        (GOOD.replace(" - 0,0 0", " 6s/- 0,0 0").replace("6s/*", "-/*"), "ROWS marks nothing dead .x. but the dead"),
        (GOOD.replace("0,0 0 0,0", "0,0 0 0,x"), "PASSES: 'x' is not a whole number"),
        (GOOD.replace("0,0 0 0,0", "1,0 0 0,0"), "KILLS add up to 1 but 0 cards are dead"),
        (GOOD.replace("0,0 0 0,0", "0,0 5 0,0"), "TURN: seat 5 does not exist; seats are 0 to 1"),
        (GOOD.replace("0,0 0 0,0", "0,0 0 4,0"), "PASSES: seat 0 used 4 passes; the limit is 3"),
        (GOOD.replace("0,0 0 0,0", "0,0 - 0,0"), "TURN must be '-' exactly when the round is over"),
        (GOOD.replace("0,0 - 1 0", "0,0 0f 1 0"), "seat 0 left the round .EXITS. but still holds 6s"),
        (GOOD.replace("0,0 - 1 0", "0,0 0q 1 0"), "EXITS entry '0q': expected a seat then f"),
        (GOOD.replace("6s/*", "-/*"), "seat 0 holds no cards but is not listed in EXITS"),
        (GOOD.replace("6s/*", "2c/*").replace(" 0,0 - 1 0", " 3,0 - 1 0"), "TURN: seat 0 has no legal action"),
    ],
)
def test_bad_position_text_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_position(text)


def test_position_dead_marks_must_follow_the_rules() -> None:
    assert parse_position(GOOD).to_move == 0
    # 6♣ with 6♦ 5♣ 7♣ out is dead by the rules: it must be marked and in a dead pile.
    rows = f"{R7}/{R7}/.....67....../....5.7......"
    with pytest.raises(NotationError, match=r"6c are dead by the rules .* but in no dead pile"):
        parse_position(f"killer {rows} 6s/* - 0,0 0 0,0 - 1 0")
    marked = rows.replace("....5.7", "....5x7")
    state = parse_position(f"killer {marked} 6s/* -/6c 1,0 0 0,0 - 1 0")
    assert state.dead_count(1) == 1
    with pytest.raises(NotationError, match="in a dead pile but their positions are not enclosed"):
        parse_position(f"killer {SEVENS_ONLY.replace(R7, '....x.7......', 1)} 6s/* -/5s 1,0 0 0,0 - 1 0")


def test_bad_records() -> None:
    state = State.new(Rules.preset("killer"), seed=4)
    record = to_record(state)
    with pytest.raises(RecordError, match="not a killer record"):
        replay({**record, "game": "shichinarabe"})
    with pytest.raises(RecordError, match="record version 9 is not supported"):
        replay({**record, "version": 9})
    with pytest.raises(RecordError, match=r"action 1 \('Ks'\) cannot be replayed"):
        replay({**record, "actions": ["Ks"]})
    with pytest.raises(RecordError, match="malformed"):
        replay({**record, "rules": {"death": "up"}})
    with pytest.raises(RecordError, match="no record"):
        to_record(parse_position(GOOD))
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    finished = to_record(state)
    tampered = {**finished, "result": {**finished["result"], "ranking": [3, 2, 1, 0]}}
    with pytest.raises(RecordError, match="different result"):
        replay(tampered)
