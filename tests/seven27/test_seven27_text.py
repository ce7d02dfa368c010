"""Text forms: actions, positions (round-trips and errors) and PHH-like records (exact replay)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from sevens.errors import NotationError, RecordError, RulesError
from sevens.games.seven27 import Rules, State, parse_action, parse_position, replay, to_record
from sevens.games.seven27.actions import ACTIONS, Action
from sevens.games.seven27.record import dumps, load

START = "seven27 3 1 b0 5s/9h/Kc/2d AhAd/Th/Qd/3c 99,99,99,99 1,1,1,1 0,0,0,0 0,0,0,0 - *"


def random_game(rules: Rules, seed: int) -> list[State]:
    state = State.new(rules, seed)
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        states.append(state.clone())
    return states


def test_actions_text_round_trip_and_sort() -> None:
    for action in ACTIONS:
        assert parse_action(str(action)) is action
        assert parse_action(str(action).upper()) is action
    assert sorted(reversed(ACTIONS), key=Action.sort_key) == list(ACTIONS)


@pytest.mark.parametrize("text", ["", "allin", "bet 5", "7h", "pass-"])
def test_bad_action_text(text: str) -> None:
    with pytest.raises(NotationError, match="is not an action; expected one of: check, bet, call"):
        parse_action(text)


@pytest.mark.parametrize("seed", range(6))
def test_position_round_trips_every_state_of_a_game(seed: int) -> None:
    rules = Rules.preset("seven27", players=2 + seed, stack=20 if seed % 2 else 100, draw_face="down")
    for state in random_game(rules, seed):
        text = state.position()
        again = parse_position(text)
        assert again == state
        assert again.position() == text
        assert again.legal_actions() == state.legal_actions()


def test_position_of_a_finished_deal_keeps_the_result() -> None:
    final = random_game(Rules.preset("seven27", players=5), seed=11)[-1]
    again = parse_position(final.position())
    assert again.result() == final.result()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seven27 3 1 b0", "a position has 12 space-separated fields"),
        (START.replace("seven27", "nope"), "unknown preset 'nope'"),
        (START.replace(" 3 1 b0 ", " 4 1 b0 "), "DEALER: seat 4 does not exist"),
        (START.replace(" 1 b0 ", " 0 b0 "), "ROUND: betting rounds are numbered from 1"),
        (START.replace(" b0 ", " x0 "), "PHASE: 'x0'; expected b<seat>"),
        (START.replace(" b0 ", " b0+ "), r"PHASE: '\+' \(a card taken this card round\) belongs to a card round"),
        (START.replace("1,1,1,1 0,0,0,0", "6,1,1,1 5,0,0,0"), "PHASE: seat 0 has nothing to do in this betting round"),
        (START.replace("5s/9h", "5s/5s"), "card.s. 5s are in two places"),
        (START.replace("5s/9h", "5s5s/9h"), "DOWN: 5s is listed twice"),
        (START.replace("5s/9h", "5x/9h"), "'5x' is not a card"),
        (START.replace("AhAd/Th/Qd/3c", "AhAd/Th/Qd"), "UP lists 3 seats but DOWN lists 4"),
        (START.replace("99,99,99,99", "99,99,99"), "STACKS lists 3 seats but DOWN lists 4"),
        (START.replace("99,99,99,99", "99,-1,99,99"), "STACKS: '-1' is not a whole number"),
        (START.replace("0,0,0,0 0,0,0,0 -", "0,5,0,0 0,0,0,0 -"), "BETS: seat 1 bet 5 this round but put in only 1"),
        (START.replace("0,0,0,0 0,0,0,0 -", "0,7,0,0 0,0,0,0 -").replace("1,1,1,1", "1,8,1,1"), "BETS: the highest"),
        (START.replace(" - *", " 0,1,2 *"), "PHASE: only one seat is still in"),
        (START.replace(" - *", " 0,1,2,3 *"), "FOLDED: every seat folded"),
        (START.replace(" - *", " 5 *"), "FOLDED: seat 5 does not exist"),
        (START.replace(" *", " -"), "are nowhere"),
        (START.replace(" *", " 5s*"), "DECK: 5s is already in a hand"),
        (START.replace(" b0 ", " c0 ").replace("1,1,1,1 0,0,0,0", "1,6,1,1 0,5,0,0"), "BETS: bets are collected"),
        (START.replace(" - *", " 0 *").replace(" b0 ", " c0 "), "PHASE: seat 0 may not take a card"),
        ("seven27 0 1 b0 5s AhAd 99 1 0 0 - *", "players=1 is out of range"),
        (START.replace("seven27", "seven27,refusal_limit=1").replace("0,0,0,0 -", "2,0,0,0 -"), "STANDS: seat 0"),
    ],
)
def test_bad_position_text_says_which_field_is_wrong(text: str, message: str) -> None:
    with pytest.raises((NotationError, RulesError), match=message):
        parse_position(text)


def test_betting_round_with_one_player_able_to_bet_is_not_a_position() -> None:
    with pytest.raises(NotationError, match="fewer than two players able to bet"):
        parse_position("seven27 1 1 b0 5s/9h AhAd/Th 99,0 1,1 0,0 0,0 - *")


@pytest.mark.parametrize("seed", range(4))
def test_record_replays_exactly_through_json(seed: int, tmp_path: object) -> None:
    rules = Rules.preset("seven27", players=3 + seed, stack=15, tie_rule="equal")
    final = random_game(rules, seed)[-1]
    record = json.loads(json.dumps(to_record(final, seats=[f"p{i}" for i in range(final.players)])))
    assert record["game"] == "seven27" and record["version"] == 1
    assert record["starting_stacks"] == [15] * final.players
    assert record["finishing_stacks"] == [final.stack(s) for s in range(final.players)]
    assert record["log"][0] == "p0 ante 1"
    again = replay(record)
    assert again == final and again.result() == final.result()
    middle = replay(record, upto=len(record["actions"]) // 2)
    assert len(middle.actions) == len(record["actions"]) // 2


def test_record_file_round_trip(tmp_path: Path) -> None:
    final = random_game(Rules.preset("seven27"), 3)[-1]
    path = tmp_path / "deal.json"
    path.write_text(dumps(to_record(final)), encoding="utf-8")
    assert replay(load(path)) == final


def test_tampered_records_are_refused() -> None:
    final = random_game(Rules.preset("seven27", players=3), 5)[-1]
    record = to_record(final)
    with pytest.raises(RecordError, match="different result"):
        replay({**record, "result": {**record["result"], "chip_delta": [0, 0, 0]}})
    with pytest.raises(RecordError, match="different finishing stacks"):
        replay({**record, "finishing_stacks": [1, 2, 3]})
    with pytest.raises(RecordError, match="cannot be replayed"):
        replay({**record, "actions": ["fold", *record["actions"]]})
    with pytest.raises(RecordError, match="not a seven27 record"):
        replay({**record, "game": "shichinarabe"})
    with pytest.raises(RecordError, match="version 9 is not supported"):
        replay({**record, "version": 9})
    with pytest.raises(RecordError, match="malformed"):
        replay({k: v for k, v in record.items() if k != "seed"})
    with pytest.raises(RecordError, match="no record"):
        to_record(parse_position(START))
