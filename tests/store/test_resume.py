"""Resume after a restart, and records that the family's replay accepts, from a real game of 七並べ."""

from __future__ import annotations

from sevens.games.shichinarabe import parse_action, replay, to_record
from sevens.store import Store

from .helpers import SEATS, deal, finish, new_session, play_first_legal


def test_round_record_replays_a_real_game(store: Store) -> None:
    sid = new_session(store, seed=2024)
    rid = store.start_round(sid, 1, dealer=3, seed=2024, rules=deal(2024).rules.to_dict())
    state = deal(2024)
    play_first_legal(state, store, rid)
    finish(store, rid, state)
    record = store.round_record(rid)
    assert record == to_record(state, seats=[name for name, _ in SEATS])
    assert replay(record) == state


def test_unfinished_sessions_resume_where_they_were(db_url: str) -> None:
    seed, dealer, stop = 99, 1, 17
    state = deal(seed, dealer)
    with Store.open(db_url) as store:
        done = new_session(store)
        store.finish_session(done)
        sid = new_session(store, seed=seed)
        old = store.start_round(sid, 1, dealer=0, seed=5, rules=state.rules.to_dict())
        earlier = deal(5, 0)
        play_first_legal(earlier, store, old)
        finish(store, old, earlier)
        rid = store.start_round(sid, 2, dealer=dealer, seed=seed, rules=state.rules.to_dict())
        for seq in range(1, stop + 1):
            state.apply(state.legal_actions()[0])
            store.append_action(rid, seq, str(state.actions[-1]))
    # ... the process stops; a new one opens the same database
    with Store.open(db_url) as store:
        (resumed,) = store.unfinished_sessions()
        assert resumed.id == sid and [s.name for s in resumed.seats] == [n for n, _ in SEATS]
        assert resumed.settings == {"turn_seconds": None, "rounds": 3}
        assert [r.status for r in resumed.rounds] == ["finished", "in_progress"]
        current = resumed.current_round
        assert current is not None and current.id == rid and len(current.actions) == stop
        assert current.actions == [str(a) for a in state.actions]
        record = store.round_record(rid)
        assert record["result"] is None
        rebuilt = replay(record)
        assert rebuilt == state
        # play on from where it stopped, through the resumed state
        while not rebuilt.is_over():
            action = rebuilt.legal_actions()[0]
            rebuilt.apply(parse_action(str(action)))
            store.append_action(rid, len(rebuilt.actions), str(action))
        finish(store, rid, rebuilt)
        assert replay(store.round_record(rid)) == rebuilt
        store.finish_session(sid)
        assert store.unfinished_sessions() == []


def test_record_extra_fields_are_merged(store: Store) -> None:
    sid = store.create_session("seven27", "seven27", {"players": 2}, 1, [("Hana", True), ("b", False)])
    rid = store.start_round(sid, 1, dealer=1, seed=3, rules={"players": 2}, extra={"starting_stacks": [20, 20]})
    record = store.round_record(rid)
    assert record["game"] == "seven27" and record["starting_stacks"] == [20, 20]
    assert list(record)[-2:] == ["actions", "result"]
