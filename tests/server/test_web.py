"""What the browser front-end needs from the server: the page and its static files, the catalog the lobby is
built from, legal actions in the seat's own frames only, finished games replayed as public views, and the
address ``sevens serve`` prints."""

from __future__ import annotations

from typing import Any

import pytest

from sevens.agents.base import agent_names
from sevens.games.registry import families
from sevens.i18n import catalogue
from sevens.server.api.catalog import PARAMETER_HELP, ROOM_OPTIONS
from sevens.server.api.replays import game_replay

from .harness import play_session, random_chooser, running, seated_room

SECRET_KEYS = {"hand", "legal_actions", "own_totals", "to_call"}


def test_the_page_and_its_modules_are_served_with_a_strict_policy() -> None:
    with running() as server:
        page = server.http.get("/")
        assert page.status_code == 200
        assert '<script type="module" src="/static/js/app.js">' in page.text
        policy = page.headers["content-security-policy"]
        assert "default-src 'self'" in policy and "script-src 'self'" in policy
        for path in ("/static/js/app.js", "/static/js/cards.js", "/static/js/i18n.js", "/static/css/sevens.css"):
            response = server.http.get(path)
            assert response.status_code == 200, path
        assert "javascript" in server.http.get("/static/js/app.js").headers["content-type"]
        assert server.http.get("/static/js/missing.js").status_code == 404
        assert server.http.get("/api/health").json()["ok"] is True  # /api untouched by the static mount


def test_the_catalog_explains_every_local_rule_in_both_languages() -> None:
    with running() as server:
        data = server.http.get("/api/catalog").json()
    names = [entry["name"] for entry in data["families"]]
    assert names == list(families())
    for entry in data["families"]:
        family = families()[entry["name"]]
        assert entry["agents"] == agent_names(entry["name"])  # read at run time: new agents show up by themselves
        assert [p["name"] for p in entry["presets"]] == list(family.presets)
        for preset in entry["presets"]:
            assert preset["summary"]["en"] and preset["summary"]["ja"]
        parameters = {p["name"]: p for p in entry["parameters"]}
        first = next(iter(family.presets.values()))
        assert set(parameters) == set(first.to_dict()) - ROOM_OPTIONS
        for name, parameter in parameters.items():
            assert name in PARAMETER_HELP, name
            assert parameter["help"]["en"] and parameter["help"]["ja"] != parameter["help"]["en"]
            assert parameter["kind"] in ("bool", "choice", "int")
    tunnel = {p["name"]: p for p in data["families"][0]["parameters"]}["tunnel"]
    assert tunnel["choices"] == ["off", "cross", "end"]
    assert data["phrases"]["good_game"] == {"en": "Good game!", "ja": "楽しかったね！"}


def test_legal_actions_reach_the_player_to_move_and_nobody_else() -> None:
    with running() as server:
        code, tokens = seated_room(server, ["Aiko", "Ken"], ["greedy", "greedy"], seed=3)
        clients = {player: server.connect(code, token) for player, token in tokens.items()}
        spectator = server.connect(code)
        server.start(code, tokens[0])
        for client in [*clients.values(), spectator]:
            client.wait_type("round_start")
        for _ in range(200):
            game = spectator.game
            assert game is not None
            mover = clients.get(game.seat_players[game.view["to_move"]])
            if mover is not None:
                break
            spectator.recv()
        assert mover is not None and mover.game is not None
        assert game is not None  # the loop left on the spectator's game
        mover.catch_up(game.round, game.turn)
        assert mover.game.my_turn and mover.game.view["legal_actions"]
        other = next(c for c in clients.values() if c is not mover)
        other.catch_up(game.round, game.turn)
        assert other.game is not None and other.game.view["legal_actions"] == []
        assert spectator.game is not None and not SECRET_KEYS & set(spectator.game.view)


def finished_game(server: Any, preset: str, **body: Any) -> tuple[int, dict[str, Any]]:
    code, tokens = seated_room(server, ["Aiko"], ["random", "random"], preset=preset, seed=8, **body)
    client = server.connect(code, tokens[0])
    spectator = server.connect(code)
    server.start(code, tokens[0])
    play_session({0: client}, random_chooser(2), lead=spectator)
    assert spectator.room is not None
    record = spectator.room["record"]
    assert isinstance(record, int)
    return record, spectator.room


REPLAYED = [("standard", {}), ("killer", {}), ("seven27", {"variants": {"deals": 2}})]


@pytest.mark.parametrize(("preset", "body"), REPLAYED)
def test_a_finished_game_replays_as_public_views(preset: str, body: dict[str, Any]) -> None:
    with running() as server:
        record, _room = finished_game(server, preset, **body)
        listed = server.http.get("/api/games").json()
        assert [g["id"] for g in listed] == [record]
        assert listed[0]["players"] == ["Aiko", "random bot", "random bot"]
        replay = server.http.get(f"/api/games/{record}").json()
        stored = server.store(lambda store: store.load_session(record))
    assert replay["family"] == families()[replay["family"]].name and replay["preset"] == preset
    assert len(replay["rounds"]) == len(stored.rounds) >= 1
    for round_data, stored_round in zip(replay["rounds"], stored.rounds, strict=True):
        steps = round_data["steps"]
        assert [s["action"] for s in steps] == [None, *stored_round.actions]
        assert round_data["result"] == stored_round.result and round_data["points"] == stored_round.points
        for step in steps:
            assert step["view"]["seat"] is None
            assert not SECRET_KEYS & set(step["view"])
        assert steps[-1]["view"]["to_move"] is None  # the round is over at its last step
        assert "history" in steps[-1]["view"] and "history" not in steps[0]["view"]


def test_unknown_and_unfinished_games_are_not_replayed() -> None:
    with running() as server:
        assert server.http.get("/api/games/999").status_code == 404
        code, tokens = seated_room(server, ["Aiko"], ["random"], seed=1)
        server.start(code, tokens[0])
        record = server.http.get(f"/api/rooms/{code}").json()["record"]
        response = server.http.get(f"/api/games/{record}")
        assert response.status_code == 404 and response.json()["error"] == "unknown_game"
        assert server.http.get("/api/games").json() == []
        with pytest.raises(Exception, match="no finished game"):
            server.store(lambda store: game_replay(store, record))


def test_the_page_loads_every_message_from_one_catalogue_and_may_cache_it() -> None:
    with running() as server:
        response = server.http.get("/api/i18n")
        assert response.status_code == 200
        assert response.json() == catalogue()
        assert {"web.your_turn", "event.timeout_pass", "refusal.legal_now"} <= set(response.json())
        assert "max-age" in response.headers["cache-control"]
        again = server.http.get("/api/i18n", headers={"If-None-Match": response.headers["etag"]})
        assert (again.status_code, again.content) == (304, b"")


def test_the_host_sets_how_fast_computer_players_move() -> None:
    with running(bot_delay=0.8) as server:
        code, tokens = seated_room(server, ["Aiko", "Ken"], ["greedy"], preset="standard", pace="fast")
        room = server.room(code)
        assert (room.info().pace, room.autoplay.delay()) == ("fast", 0.2)
        aiko, ken = server.connect(code, tokens[0]), server.connect(code, tokens[1])
        aiko.send("pace", pace="slow")
        frame = ken.wait_for(lambda f: f["type"] == "room" and f["event"] == "pace")
        assert frame["room"]["pace"] == "slow" and room.autoplay.delay() == 1.6
        ken.send("pace", pace="normal")
        assert ken.wait_type("error")["code"] == "not_host"
        aiko.send("pace", pace="ludicrous")
        refused = aiko.wait_type("error")
        assert refused["code"] == "invalid" and "pace" in refused["message"]
        assert room.stored().pace == "slow"  # kept with the room (a restart resumes at the same pace)
