"""What the browser's pages around the table need from the server (issue 19): finished games listed with their
date, seats and winners; replays with every seat named as at the table and every hand shown; a player's
profile (stars and games); bad requests refused with a clear 4xx."""

from __future__ import annotations

from typing import Any

import pytest

from sevens.cards import DECK_SIZE, card_text

from .harness import play_session, random_chooser, running, seated_room
from .test_web import finished_game

DECK = sorted(card_text(index) for index in range(DECK_SIZE))


def test_the_finished_games_list_names_seats_and_winners() -> None:
    with running() as server:
        record, _room = finished_game(server, "standard")
        (listed,) = server.http.get("/api/games").json()
        totals = server.store(lambda store: store.session_totals(record))
    assert listed["id"] == record and listed["created_at"]
    assert listed["seats"] == [
        {"name": "Aiko", "human": True, "agent": None},
        {"name": "random bot", "human": False, "agent": "random"},
        {"name": "random bot", "human": False, "agent": "random"},
    ]
    best = max(t.points for t in totals)
    assert listed["winners"] == [t.seat for t in totals if t.points == best] and listed["winners"]


@pytest.mark.parametrize("preset", ["standard", "killer"])
def test_a_replay_shows_every_hand_and_conserves_the_cards(preset: str) -> None:
    """A finished game hides nothing: at every step each seat's hand is there, and hands plus the table (plus
    dead piles in Killer) hold the whole deck exactly once."""
    with running() as server:
        record, _room = finished_game(server, preset)
        replay = server.http.get(f"/api/games/{record}").json()
    assert [p["agent"] for p in replay["players"]] == [None, "random", "random"]
    assert replay["winners"]
    for round_data in replay["rounds"]:
        steps = round_data["steps"]
        assert len(steps) == 1 + sum(1 for s in steps if s["action"] is not None)
        for step in steps:
            view, hands = step["view"], step["hands"]
            assert [len(hand) for hand in hands] == view["hand_counts"]
            held = [card for hand in hands for card in hand]
            dead = [card for pile in view.get("dead_piles") or [] for card in pile or []]
            placed = [*view["table"], *held, *dead]
            assert sorted(placed) == DECK, "every card in exactly one place"
        assert steps[-1]["view"]["to_move"] is None
        lengths = [step["log_length"] for step in steps]
        assert lengths == sorted(lengths) and lengths[-1] == len(round_data["log"]) >= len(steps) - 1
        assert all(isinstance(entry["key"], str) and "params" in entry for entry in round_data["log"])


def test_a_seven27_replay_turns_the_down_cards_up() -> None:
    with running() as server:
        record, _room = finished_game(server, "seven27", variants={"deals": 2})
        replay = server.http.get(f"/api/games/{record}").json()
    for round_data in replay["rounds"]:
        for step in round_data["steps"]:
            for seat, entry in enumerate(step["view"]["seats"]):
                assert "??" not in entry["down"]
                assert entry["down"] == step["hands"][seat]
            assert all(len(hand) >= 1 for hand in step["hands"])


def _finish(server: Any, names: list[str]) -> int:
    code, tokens = seated_room(server, names, ["random"], seed=4)
    clients = {player: server.connect(code, token) for player, token in tokens.items()}
    spectator = server.connect(code)
    server.start(code, tokens[0])
    play_session(clients, random_chooser(3), lead=spectator)
    assert spectator.room is not None
    record: int = spectator.room["record"]
    return record


def test_a_profile_shows_stars_and_games_from_the_store() -> None:
    with running() as server:
        first = _finish(server, ["Aiko", "Ken"])
        second = _finish(server, ["Aiko"])
        profile = server.http.get("/api/players/Aiko").json()
        ken = server.http.get("/api/players/Ken").json()
        stored = server.store(lambda store: store.get_player("Aiko"))
        totals = server.store(lambda store: store.session_totals(first))
    assert profile["name"] == "Aiko" and profile["stars"] == stored.stars_total
    assert [g["id"] for g in profile["games"]] == [second, first]  # newest first
    game = profile["games"][1]
    mine = totals[game["seat"]]
    assert (game["points"], game["stars"], game["players"]) == (mine.points, mine.stars, 3)
    assert game["place"] == 1 + sum(1 for t in totals if t.points > mine.points)
    assert game["finished"] and game["replay"] and game["family"] == "shichinarabe"
    assert sum(g["stars"] for g in profile["games"]) == profile["stars"]
    assert [g["id"] for g in ken["games"]] == [first]


def test_any_name_a_person_may_take_has_a_profile() -> None:
    with running() as server:
        _finish(server, ["あい/こ 1"])
        response = server.http.get("/api/players/%E3%81%82%E3%81%84%2F%E3%81%93%201")
    assert response.status_code == 200 and response.json()["name"] == "あい/こ 1"


def test_a_profile_limit_keeps_the_newest() -> None:
    with running() as server:
        _finish(server, ["Aiko"])
        newest = _finish(server, ["Aiko"])
        games = server.http.get("/api/players/Aiko", params={"limit": 1}).json()["games"]
    assert [g["id"] for g in games] == [newest]


@pytest.mark.parametrize(
    ("path", "status", "code", "says"),
    [
        ("/api/players/Nobody", 404, "unknown_player", "no player named 'Nobody'"),
        ("/api/players/random%20bot", 422, "bad_name", "kept for computer players"),
        ("/api/players/" + "x" * 30, 422, "bad_name", "1 to 24 characters"),
        ("/api/players/%20", 422, "bad_name", "1 to 24 characters"),
    ],
)
def test_bad_profile_requests_are_refused_clearly(path: str, status: int, code: str, says: str) -> None:
    with running() as server:
        response = server.http.get(path)
    assert response.status_code == status
    body = response.json()
    assert body["error"] == code and says in body["message"]


def test_computer_players_have_no_profile() -> None:
    """Computer profiles exist in the store (their names end in " bot", which a person cannot take)."""
    with running() as server:
        _finish(server, ["Aiko"])
        stored = server.store(lambda store: store.get_player("random bot"))
        response = server.http.get("/api/players/random%20bot")
    assert not stored.is_human
    assert response.status_code == 422 and response.json()["error"] == "bad_name"


@pytest.mark.parametrize("limit", ["0", "101", "many"])
def test_a_bad_profile_limit_is_refused(limit: str) -> None:
    with running() as server:
        response = server.http.get("/api/players/Aiko", params={"limit": limit})
    assert response.status_code == 422
