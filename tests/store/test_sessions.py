"""Players, sessions and rounds round-trip; every refusal is a clear StoreError that changes nothing."""

from __future__ import annotations

from datetime import UTC

import pytest

from sevens.errors import SevensError
from sevens.store import Store, StoreError

from .helpers import SEATS, new_session


def test_store_error_is_a_sevens_error() -> None:
    assert issubclass(StoreError, SevensError)
    assert StoreError.key == "store"


def test_players(store: Store) -> None:
    hana = store.create_player("Hana")
    assert (hana.name, hana.is_human, hana.stars_total) == ("Hana", True, 0)
    assert hana.created_at.tzinfo is UTC
    assert store.get_or_create_player("Hana") == hana
    bot = store.get_or_create_player("heuristic", is_human=False)
    assert not bot.is_human and bot.id != hana.id
    with pytest.raises(StoreError, match="a player named 'Hana' already exists"):
        store.create_player("Hana")
    with pytest.raises(StoreError, match="already the name of a human player"):
        store.get_or_create_player("Hana", is_human=False)
    with pytest.raises(StoreError, match="no player named 'Nobody'"):
        store.player_stars("Nobody")
    with pytest.raises(StoreError, match="1 to 64 characters"):
        store.create_player("  ")


def test_session_round_trip(store: Store) -> None:
    sid = new_session(store, seed=2**64 - 1)
    loaded = store.load_session(sid)
    assert loaded.family == "shichinarabe" and loaded.preset == "standard"
    assert loaded.rules["players"] == 4
    assert loaded.seed == 2**64 - 1
    assert loaded.settings == {"turn_seconds": None, "rounds": 3}
    assert [(s.seat, s.name, s.is_human) for s in loaded.seats] == [(i, n, h) for i, (n, h) in enumerate(SEATS)]
    assert not loaded.finished and loaded.rounds == [] and loaded.current_round is None

    rid = store.start_round(sid, 1, dealer=3, seed=12345, rules=loaded.rules, extra={"note": "x"})
    assert store.append_action(rid, 1, "6c")
    assert store.append_action(rid, 2, "pass")
    loaded = store.load_session(sid)
    (round_1,) = loaded.rounds
    assert (round_1.id, round_1.number, round_1.dealer, round_1.seed) == (rid, 1, 3, 12345)
    assert round_1.status == "in_progress" and round_1.result is None and round_1.points is None
    assert round_1.actions == ["6c", "pass"] and round_1.record_extra == {"note": "x"}
    assert loaded.current_round == round_1

    store.finish_round(rid, {"ranking": [0, 1, 2, 3]}, [10, 5, 2, -10], [3, 2, 1, 1])
    round_1 = store.get_round(rid)
    assert round_1.finished and round_1.result == {"ranking": [0, 1, 2, 3]}
    assert round_1.points == [10, 5, 2, -10] and round_1.stars == [3, 2, 1, 1]
    assert round_1.finished_at is not None and round_1.finished_at >= round_1.created_at

    rid2 = store.start_round(sid, 2, dealer=0, seed=99, rules=loaded.rules)
    store.finish_round(rid2, {"ranking": [3, 2, 1, 0]}, [-10, 2, 5, 10], [1, 1, 2, 3])
    totals = store.session_totals(sid)
    assert [(t.seat, t.name, t.points, t.stars) for t in totals] == [
        (0, "Hana", 0, 4),
        (1, "Taro", 7, 3),
        (2, "heuristic", 7, 3),
        (3, "random", 0, 4),
    ]
    assert store.player_stars("Hana") == 4 and store.player_stars("Taro") == 3
    assert store.player_stars("heuristic") == 0  # stars are counted for human players only (E3)

    assert store.finish_session(sid) is True
    assert store.finish_session(sid) is False
    assert store.load_session(sid).finished
    with pytest.raises(StoreError, match=f"session {sid} is finished"):
        store.start_round(sid, 3, dealer=1, seed=1, rules={})


def test_list_sessions_newest_first(store: Store) -> None:
    first = new_session(store)
    second = store.create_session("killer", "killer", {"players": 3}, 5, [("Hana", True), ("a", False), ("a", False)])
    rid = store.start_round(first, 1, 3, 1, {})
    store.finish_round(rid, {}, [0, 0, 0, 0], [0, 0, 0, 0])
    store.start_round(first, 2, 0, 2, {})
    listed = store.list_sessions()
    assert [s.id for s in listed] == [second, first]
    assert listed[0].players == ["Hana", "a", "a"] and listed[0].family == "killer"
    assert (listed[1].rounds_finished, listed[1].rounds_total) == (1, 2)
    assert [s.id for s in store.list_sessions(limit=1)] == [second]
    assert store.list_sessions(limit=0) == []


def test_refusals(store: Store) -> None:
    sid = new_session(store)
    with pytest.raises(StoreError, match="no session with id 999"):
        store.load_session(999)
    with pytest.raises(StoreError, match="no session with id 999"):
        store.start_round(999, 1, 0, 1, {})
    with pytest.raises(StoreError, match="no session with id 999"):
        store.session_totals(999)
    with pytest.raises(StoreError, match="no round with id 999"):
        store.append_action(999, 1, "6c")
    with pytest.raises(StoreError, match="no round with id 999"):
        store.finish_round(999, {}, [0] * 4, [0] * 4)
    with pytest.raises(StoreError, match="no round with id 999"):
        store.round_record(999)
    with pytest.raises(StoreError, match="dealer must be a seat from 0 to 3"):
        store.start_round(sid, 1, 4, 1, {})
    with pytest.raises(StoreError, match="seed is an integer from 0 to 2"):
        store.start_round(sid, 1, 0, 2**64, {})
    with pytest.raises(StoreError, match="human player sits in one seat only: Hana"):
        store.create_session("shichinarabe", None, {}, 1, [("Hana", True), ("Hana", True)])
    with pytest.raises(StoreError, match="at least one seat"):
        store.create_session("shichinarabe", None, {}, 1, [])
    rid = store.start_round(sid, 1, 0, 1, {})
    with pytest.raises(StoreError, match=r"round 1 of session \d+ is still in progress"):
        store.start_round(sid, 2, 0, 1, {})
    with pytest.raises(StoreError, match="still in progress; finish it first"):
        store.finish_session(sid)
    with pytest.raises(StoreError, match="has 4 seats but got 3 points and 4 stars"):
        store.finish_round(rid, {}, [0, 0, 0], [0, 0, 0, 0])
    with pytest.raises(StoreError, match="stars cannot be negative"):
        store.finish_round(rid, {}, [0] * 4, [0, 0, -1, 0])
    store.finish_round(rid, {}, [0] * 4, [1] * 4)
    with pytest.raises(StoreError, match=f"round {rid} is already finished"):
        store.finish_round(rid, {}, [0] * 4, [1] * 4)
    with pytest.raises(StoreError, match=f"session {sid} already has a round 1"):
        store.start_round(sid, 1, 0, 1, {})
    # nothing refused above was written
    assert [r.number for r in store.load_session(sid).rounds] == [1]
    assert store.player_stars("Hana") == 1
    assert [s.id for s in store.list_sessions()] == [sid]
