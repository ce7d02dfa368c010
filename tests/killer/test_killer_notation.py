"""Position text and records: any state round-trips through its one-line text; records replay exactly."""

from __future__ import annotations

import json
import random
from pathlib import Path

from sevens.games.killer import Rules, State, parse_position, replay, to_record
from sevens.games.killer.rules import parse_rules_text
from sevens.games.records import dumps, load


def _play(state: State, steps: int, rng: random.Random) -> State:
    for _ in range(steps):
        if state.is_over():
            break
        options = state.legal_actions()
        state.apply(options[rng.randrange(len(options))])
    return state


def test_position_text_round_trips_mid_game_and_at_the_end() -> None:
    rng = random.Random(3)
    for seed, text in enumerate(["killer", "killer,enclosure=3,wrap=true", "killer,dead_cards_visible=false"]):
        state = State.new(parse_rules_text(text), seed)
        for steps in (0, 10, 25, 200):
            _play(state, steps, rng)
            again = parse_position(state.position())
            assert again == state and again.position() == state.position()
            assert again.legal_actions() == state.legal_actions()


def test_position_text_example() -> None:
    text = (
        "killer ....56789TJ../....5x7.9TxQK/...4.67.9TJQK/.....6789xJQx "
        "3sKs5d8d3c/4sQs2h4h8hAc5c/As3h2d3d4c/2sAhAd2c 6h/Jh/-/TcKc 1,0,1,2 1 2,2,1,2 - 3 0"
    )
    state = parse_position(text)
    assert state.position() == text
    assert state.to_move == 1 and state.dead_count(3) == 2 and state.passes_used(2) == 1


def test_record_replays_exactly() -> None:
    rng = random.Random(9)
    state = _play(State.new(Rules.preset("killer", players=5, tiebreak="most_kills"), 77, dealer=2), 500, rng)
    record = json.loads(dumps(to_record(state, seats=["a", "b", "c", "d", "e"])))
    assert record["game"] == "killer" and record["version"] == 1 and record["dealer"] == 2
    again = replay(record)
    assert again == state and again.result() == state.result()
    halfway = replay(record, upto=10)
    assert halfway.actions == state.actions[:10]


def test_record_file_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    state = _play(State.new(Rules.preset("killer"), 1), 500, random.Random(1))
    path.write_text(dumps(to_record(state)), encoding="utf-8")
    assert replay(load(path)) == state
