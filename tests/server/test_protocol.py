"""Whole sessions of every family through the protocol: several players' clients, a spectator and computer
players in one room; every client follows the same sequence of moves; scores (E2), chips and stars (E3) are
announced and stored."""

from __future__ import annotations

from typing import Any

import pytest

from .harness import Client, Server, play_session, random_chooser, running, seated_room

FAMILIES: list[tuple[str, dict[str, Any], list[str], list[str], int | None]] = [
    # preset, variants, human names, bots, rounds
    ("standard", {}, ["Aiko", "Ken", "Mei"], ["greedy"], 2),
    ("joker", {"jokers": 2}, ["Aiko", "Ken"], ["random", "random"], 1),
    ("killer", {"dead_cards_visible": False}, ["Aiko", "Ken", "Mei"], ["random"], 2),
    ("seven27", {"deals": 2}, ["Aiko", "Ken", "Mei"], [], None),
]


def start_room(server: Server, preset: str, variants: dict[str, Any], names: list[str], bots: list[str],
               rounds: int | None, seed: int = 11) -> tuple[str, dict[int, Client], Client]:  # fmt: skip
    code, tokens = seated_room(server, names, bots, preset=preset, variants=variants, rounds=rounds, seed=seed)
    clients = {player: server.connect(code, token) for player, token in tokens.items()}
    spectator = server.connect(code)
    server.start(code, tokens[0])
    for client in [*clients.values(), spectator]:
        client.wait_type("round_start")
    return code, clients, spectator


@pytest.mark.parametrize(("preset", "variants", "names", "bots", "rounds"), FAMILIES)
def test_a_whole_session_of_every_family(
    preset: str, variants: dict[str, Any], names: list[str], bots: list[str], rounds: int | None
) -> None:
    with running() as server:
        code, clients, spectator = start_room(server, preset, variants, names, bots, rounds)
        play_session(clients, random_chooser(5), lead=spectator)
        expected_rounds = rounds or 2
        assert len(spectator.rounds_over) == expected_rounds
        assert spectator.rounds_over[-1]["session_over"] is True
        # every client saw the same moves in the same order, with increasing room event numbers
        sequences = []
        for client in [*clients.values(), spectator]:
            while not client.session_over:
                client.recv()
            actions = [(f["round"], f["turn"], f["action"]) for f in client.frames if f["type"] == "action"]
            sequences.append(actions)
            numbers = [f["seq"] for f in client.frames if f["type"] not in ("ack", "error", "pong", "snapshot")]
            assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
        assert all(seq == sequences[0] for seq in sequences)
        # the spectator never saw a hand or legal actions
        for f in spectator.frames:
            if f["type"] == "action":
                assert f["view"]["seat"] is None and "hand" not in f["view"] and "legal_actions" not in f["view"]
        # the scores announced are the ones stored, per player, with stars for humans only
        scores = spectator.scores
        assert scores is not None
        room = server.room(code)
        session_id = room.session_id
        assert session_id is not None
        totals = server.store(lambda store: store.session_totals(session_id))
        assert [t.points for t in totals] == scores["totals"]
        assert [t.stars for t in totals] == scores["stars"]
        assert all(scores["stars"][p] == 0 for p in range(len(names), len(names) + len(bots)))
        if preset == "seven27":
            assert sum(scores["totals"]) == 0  # chips are conserved


def test_moves_are_acknowledged_and_broadcast_in_order() -> None:
    with running() as server:
        _code, clients, spectator = start_room(server, "standard", {}, ["Aiko", "Ken", "Mei", "Sora"], [], 1)
        lead = clients[0]
        game = lead.game
        assert game is not None
        mover = clients[game.seat_players[game.view["to_move"]]]
        assert mover.game is not None
        action = mover.game.view["legal_actions"][0]
        ref = mover.move(action)
        ack = mover.wait_type("ack")
        assert (ack["ref"], ack["turn"], ack["action"], ack["duplicate"]) == (ref, 1, action, False)
        for client in [*clients.values(), spectator]:
            frame = client.wait_type("action")
            assert (frame["turn"], frame["action"], frame["by"]) == (1, action, "player")
            assert frame["v"] == 1
            if client is not spectator:
                assert frame["you_seat"] == frame["view"]["seat"]


def test_players_see_their_own_hand_only() -> None:
    with running() as server:
        _code, clients, spectator = start_room(server, "standard", {}, ["Aiko", "Ken", "Mei", "Sora"], [], 1)
        hands = {}
        for player, client in clients.items():
            assert client.game is not None
            view = client.game.view
            assert view["seat"] == client.game.you_seat == player
            hands[player] = set(view["hand"])
            assert view["hand_counts"][player] == len(view["hand"])
        assert all(not (hands[a] & hands[b]) for a in hands for b in hands if a != b)
        assert spectator.game is not None and "hand" not in spectator.game.view
