"""A player's games for their profile: newest first, their seat, points and stars summed over finished rounds,
their place by those totals (ties share the better place), and clear refusals."""

from __future__ import annotations

import pytest

from sevens.store import Store, StoreError

from .helpers import new_session


def _finished_round(store: Store, sid: int, number: int, points: list[int], stars: list[int]) -> None:
    rules = store.load_session(sid).rules
    rid = store.start_round(sid, number, dealer=3, seed=number, rules=rules, extra={})
    store.finish_round(rid, {"ranking": [0, 1, 2, 3]}, points, stars)


def test_player_games_sum_rounds_and_place_the_player(store: Store) -> None:
    first = new_session(store, seats=[("Hana", True), ("Taro", True), ("heuristic", False), ("random", False)])
    _finished_round(store, first, 1, [10, 5, 2, -10], [3, 2, 1, 1])
    _finished_round(store, first, 2, [-5, 10, 5, 2], [0, 3, 2, 1])
    second = new_session(store, seats=[("Taro", True), ("Hana", True), ("heuristic", False), ("random", False)])
    _finished_round(store, second, 1, [5, 5, 10, -10], [2, 2, 3, 1])
    in_progress = new_session(store, seats=[("Hana", True), ("random", False)])
    store.start_round(in_progress, 1, dealer=1, seed=1, rules=store.load_session(in_progress).rules, extra={})

    games = store.player_games("Hana")
    assert [g.session.id for g in games] == [in_progress, second, first]
    assert [(g.seat, g.points, g.stars, g.place) for g in games] == [(0, 0, 0, 1), (1, 5, 2, 2), (0, 5, 3, 3)]
    assert games[0].session.rounds_finished == 0 and games[0].session.rounds_total == 1
    taro = store.player_games("Taro")
    assert [(g.points, g.place) for g in taro] == [(5, 2), (15, 1)]  # 5 ties Hana's 5 behind 10: both 2nd
    assert [g.session.id for g in store.player_games("Hana", limit=1)] == [in_progress]
    assert store.player_games("Hana", limit=0) == []


def test_player_games_refuse_unknown_names_and_negative_limits(store: Store) -> None:
    with pytest.raises(StoreError, match="no player named 'Nobody'"):
        store.player_games("Nobody")
    store.create_player("Hana")
    assert store.player_games("Hana") == []
    with pytest.raises(StoreError, match="limit must be zero or more, got -1"):
        store.player_games("Hana", limit=-1)
