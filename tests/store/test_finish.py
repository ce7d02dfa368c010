"""finish_round is all or nothing, and stars totals outlive the process."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import sevens.store.store as store_module
from sevens.store import Store, StoreError

from .helpers import deal, finish, new_session, play_first_legal, points_for, stars_for


class Boom(RuntimeError):
    pass


def _played_round(store: Store) -> tuple[int, int]:
    sid = new_session(store)
    rid = store.start_round(sid, 1, dealer=3, seed=7, rules={})
    state = deal(7)
    play_first_legal(state, store, rid)
    return sid, rid


def _assert_unfinished(store: Store, sid: int, rid: int) -> None:
    played = store.get_round(rid)
    assert played.status == "in_progress" and played.result is None
    assert played.points is None and played.finished_at is None
    assert all(t.points == 0 and t.stars == 0 for t in store.session_totals(sid))
    assert store.player_stars("Hana") == 0 and store.player_stars("Taro") == 0
    assert [s.id for s in store.unfinished_sessions()] == [sid]


@pytest.mark.parametrize("step", ["_mark_finished", "_add_stars"])
def test_a_failure_half_way_writes_nothing(store: Store, monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    sid, rid = _played_round(store)
    state = deal(7)
    play_first_legal(state)

    def fail(*args: object) -> None:
        raise Boom(step)

    with monkeypatch.context() as patch:
        patch.setattr(store_module, step, fail)
        with pytest.raises(Boom):
            finish(store, rid, state)
    _assert_unfinished(store, sid, rid)
    finish(store, rid, state)  # and the round can still be finished for real
    assert store.get_round(rid).points == points_for(state)
    assert store.player_stars("Hana") == stars_for(state)[0]


def test_a_crash_half_way_writes_nothing(db_url: str) -> None:
    """The process dies (os._exit, no cleanup) after the points were written and before the stars: a new store on
    the same database sees the round unfinished."""
    with Store.open(db_url) as store:
        sid, rid = _played_round(store)
    script = textwrap.dedent(
        f"""
        import os
        import sevens.store.store as m
        from sevens.store import Store

        def crash(*args):
            os._exit(17)

        m._add_stars = crash
        Store.open({db_url!r}).finish_round({rid}, {{"ranking": [0, 1, 2, 3]}}, [10, 5, 2, -10], [3, 2, 1, 1])
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 17, done.stderr
    with Store.open(db_url) as reopened:
        _assert_unfinished(reopened, sid, rid)


def test_stars_survive_reopening(db_url: str) -> None:
    expected = {"Hana": 0, "Taro": 0}
    with Store.open(db_url) as store:
        sid = new_session(store)
        for number, seed in enumerate((11, 12, 13), start=1):
            rid = store.start_round(sid, number, dealer=(number + 2) % 4, seed=seed, rules={})
            state = deal(seed, dealer=(number + 2) % 4)
            play_first_legal(state, store, rid)
            finish(store, rid, state)
            stars = stars_for(state)
            expected["Hana"] += stars[0]
            expected["Taro"] += stars[1]
        totals = store.session_totals(sid)
    assert expected["Hana"] + expected["Taro"] > 0
    with Store.open(db_url) as reopened:
        assert {name: reopened.player_stars(name) for name in expected} == expected
        assert reopened.session_totals(sid) == totals
        other = new_session(reopened, seats=[("Hana", True), ("random", False)])
        rid = reopened.start_round(other, 1, dealer=0, seed=1, rules={})
        reopened.finish_round(rid, {}, [10, -10], [3, 1])
    with Store.open(db_url) as again:
        assert again.player_stars("Hana") == expected["Hana"] + 3


def test_finishing_twice_is_refused_and_counts_once(store: Store) -> None:
    sid, rid = _played_round(store)
    store.finish_round(rid, {}, [0] * 4, [2] * 4)
    with pytest.raises(StoreError, match="already finished"):
        store.finish_round(rid, {}, [0] * 4, [2] * 4)
    assert store.player_stars("Hana") == 2
    assert [t.stars for t in store.session_totals(sid)] == [2] * 4
