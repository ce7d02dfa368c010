"""Chat: escaping, length and rate limits, kids mode (preset phrases in Japanese and English), and the ghost
rule (B13): a player still in who addresses a ghost, by a reply or by name, swaps places with them."""

from __future__ import annotations

from typing import Any

from sevens.server.room.chat import PHRASES

from .harness import Client, Server, running, seated_room


def room_of(server: Server, names: list[str], **body: Any) -> tuple[str, dict[int, Client]]:
    code, tokens = seated_room(server, names, **body)
    clients = {p: server.connect(code, t) for p, t in tokens.items()}
    server.start(code, tokens[0])
    for client in clients.values():
        client.wait_type("round_start")
    return code, clients


def test_chat_is_escaped_and_broadcast_to_everyone() -> None:
    with running() as server:
        code, clients = room_of(server, ["<b>Aiko</b>", "Ken"], preset="standard")
        spectator = server.connect(code)
        clients[0].send("chat", text="<script>alert(1)</script> hi & bye")
        for client in [*clients.values(), spectator]:
            frame = client.wait_type("chat")
            assert frame["text"] == "&lt;script&gt;alert(1)&lt;/script&gt; hi &amp; bye"
            assert frame["name"] == "&lt;b&gt;Aiko&lt;/b&gt;"
            assert (frame["player"], frame["role"]) == (0, "player")
        assert spectator.frames[0]["room"]["members"][0]["name"] == "&lt;b&gt;Aiko&lt;/b&gt;"
        spectator.send("chat", text="go Ken!", reply_to=999)
        frame = clients[1].wait_type("chat")
        assert (frame["player"], frame["role"], frame["reply_to"]) == (None, "spectator", None)
        assert frame["name"] == "spectator"


def test_chat_limits_length_content_and_rate() -> None:
    with running(chat_burst=3, chat_per_second=0.5) as server:
        _code, clients = room_of(server, ["Aiko", "Ken"], preset="standard")
        aiko = clients[0]
        aiko.send("chat", text="x" * 201)
        assert aiko.wait_type("error")["code"] == "chat_too_long"
        aiko.send("chat", text="   ")
        assert aiko.wait_type("error")["code"] == "chat_empty"
        aiko.send("chat", text="bell\x07")
        assert aiko.wait_type("error")["code"] == "chat_invalid"
        aiko.send("chat", phrase="hello")
        assert aiko.wait_type("error")["code"] == "invalid"
        answers = []
        for _ in range(4):
            aiko.send("chat", text="hi")
            answers.append(aiko.wait_for(lambda f: f["type"] in ("chat", "error")))
        assert [f["type"] for f in answers] == ["chat", "chat", "chat", "error"]  # a burst of 3
        assert answers[-1]["code"] == "chat_rate"
        server.clock.advance(2.0)
        aiko.send("chat", text="hi again")
        assert aiko.wait_for(lambda f: f["type"] in ("chat", "error"))["type"] == "chat"


def test_kids_mode_allows_preset_phrases_only_in_both_languages() -> None:
    with running() as server:
        _code, clients = room_of(server, ["Aiko", "Ken"], preset="kids", kids=True)
        aiko, ken = clients[0], clients[1]
        aiko.send("chat", text="hello")
        assert aiko.wait_type("error")["code"] == "kids_mode"
        aiko.send("chat", phrase="secret")
        assert aiko.wait_type("error")["code"] == "unknown_phrase"
        aiko.send("chat", phrase="good_luck")
        frame = ken.wait_type("chat")
        assert frame["text"] is None and frame["phrase"] == "good_luck"
        assert frame["texts"] == PHRASES["good_luck"] == {"en": "Good luck!", "ja": "がんばろう！"}


NAMES = ["Aiko", "Ken", "Mei"]


def ghost_game(server: Server, ghost_rule: bool = True) -> tuple[str, dict[int, Client], int, list[int]]:
    """Pass limit 0: players are eliminated as soon as they have no card to play; play first legal actions
    until someone is (a ghost) while two are still in."""
    code, clients = room_of(server, NAMES, preset="standard", variants={"pass_limit": 0}, ghost=ghost_rule, seed=10)
    lead = clients[0]
    while True:
        game = lead.game
        assert game is not None
        statuses = game.view["statuses"]
        if "eliminated" in statuses:
            break
        mover = clients[game.seat_players[game.view["to_move"]]]
        mover.catch_up(game.round, game.turn)
        assert mover.game is not None
        mover.move(mover.game.view["legal_actions"][0])
        lead.catch_up(game.round, game.turn + 1)
    ghost = statuses.index("eliminated")
    assert statuses.count("in") == 2
    for client in clients.values():
        client.catch_up(game.round, game.turn)
    return code, clients, ghost, [s for s, st in enumerate(statuses) if st == "in"]


def test_addressing_a_ghost_by_name_swaps_speaker_and_ghost() -> None:
    with running() as server:
        code, clients, ghost, alive = ghost_game(server)
        speaker = alive[-1]
        speaker_game = clients[speaker].game
        assert speaker_game is not None  # the game is on: every seat has its view
        speaker_hand = speaker_game.view["hand"]
        clients[speaker].send("chat", text=f"{NAMES[ghost].lower()}, come back!")
        chat = clients[ghost].wait_type("chat")
        assert chat["role"] == "player"
        frame = clients[ghost].wait_type("action")
        assert (frame["action"], frame["by"], frame["player"]) == (f"ghost {ghost} {speaker}", "ghost", speaker)
        # the ghost now plays the speaker's seat with the speaker's hand; the speaker is the ghost
        assert frame["you_seat"] == speaker and frame["view"]["hand"] == speaker_hand
        assert frame["seat_players"][speaker] == ghost and frame["seat_players"][ghost] == speaker
        mine = clients[speaker].wait_type("action")
        assert mine["you_seat"] == ghost and mine["view"]["statuses"][ghost] == "eliminated"
        room = server.room(code)
        assert room.seat_for(ghost) == speaker and room.seat_for(speaker) == ghost
        # the swap is an action of the round: stored before it was sent
        round_id = room.round_id
        assert round_id is not None
        stored = server.store(lambda store: store.get_round(round_id)).actions
        assert stored[-1] == f"ghost {ghost} {speaker}"
        # chat from the new ghost is marked as a ghost's
        clients[speaker].send("chat", text="boo")
        assert clients[ghost].wait_type("chat")["role"] == "ghost"


def test_replying_to_a_ghost_swaps_too_and_chat_without_address_does_not() -> None:
    with running() as server:
        code, clients, ghost, alive = ghost_game(server)
        clients[ghost].send("chat", text="I am a ghost now")
        said = clients[alive[0]].wait_type("chat")
        assert said["role"] == "ghost"
        clients[alive[0]].send("chat", text="nice weather")  # addresses nobody
        clients[alive[0]].wait_type("chat")
        clients[alive[0]].send("ping")
        assert clients[alive[0]].wait_for(lambda f: f["type"] in ("pong", "action"))["type"] == "pong"
        clients[alive[0]].send("chat", text="really?", reply_to=said["id"])
        frame = clients[alive[0]].wait_type("action")
        assert frame["action"] == f"ghost {ghost} {alive[0]}"
        assert server.room(code).seat_for(ghost) == alive[0]


def test_without_the_ghost_rule_chat_never_swaps() -> None:
    with running() as server:
        code, clients, ghost, alive = ghost_game(server, ghost_rule=False)
        clients[alive[0]].send("chat", text=f"@{NAMES[ghost]} come back!")
        clients[alive[0]].wait_type("chat")
        clients[alive[0]].send("ping")
        assert clients[alive[0]].wait_for(lambda f: f["type"] in ("pong", "action"))["type"] == "pong"
        assert server.room(code).seat_for(ghost) == ghost
