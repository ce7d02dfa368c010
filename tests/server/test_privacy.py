"""No frame ever shows a seat a card it may not know: every frame queued for any connection, over many random
games of every family (ghost swaps, jokers, hidden dead piles, down cards and spectators included), is checked
against ``state.hidden_from(seat)`` at the moment it is sent (spectators: every seat's hidden cards)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import reduce
from operator import or_
from typing import Any

import pytest

from sevens.cards import CARD_TEXTS
from sevens.games.conformance import cards_in
from sevens.server.connection import Connection
from sevens.server.room.room import Room

from .harness import Client, running, seated_room

NAMES = ["Aiko", "Ken", "Mei", "Sora"]


@dataclass
class Audit:
    """The frame observer: checks each frame against what its receiver may know right now."""

    frames: int = 0
    leaks: list[str] = field(default_factory=list)
    by_type: dict[str, int] = field(default_factory=dict)

    def __call__(self, room: Room, conn: Connection, frame: dict[str, Any]) -> None:
        self.frames += 1
        self.by_type[frame["type"]] = self.by_type.get(frame["type"], 0) + 1
        state = room.state
        if state is None:
            return
        everyone = reduce(or_, (state.hidden_from(s) for s in range(state.players)))
        seat = room.seat_for(conn.player) if conn.player is not None else None
        hidden = everyone if seat is None else state.hidden_from(seat)
        leaked = cards_in(frame) & hidden
        if leaked:
            cards = " ".join(CARD_TEXTS[c] for c in range(52) if leaked >> c & 1)
            self.leaks.append(f"{frame['type']} to player {conn.player} (seat {seat}): {cards}")


def play_with_chatter(clients: dict[int, Client], lead: Client, rng: random.Random, ghost_chat: bool) -> None:
    """Random legal moves; with ``ghost_chat``, players still in often call out to a ghost by name."""
    for _ in range(5000):
        if lead.session_over:
            return
        game = lead.game
        if game is None or game.over:
            lead.recv()
            continue
        statuses = game.view.get("statuses", [])
        if ghost_chat and "eliminated" in statuses and rng.random() < 0.3:
            ghosts = [s for s, st in enumerate(statuses) if st == "eliminated"]
            alive = [s for s, st in enumerate(statuses) if st == "in"]
            if alive:
                speaker = clients[game.seat_players[rng.choice(alive)]]
                speaker.send("chat", text=f"hey @{NAMES[game.seat_players[rng.choice(ghosts)]]}")
                lead.wait_type("chat")
                continue
        mover = clients[game.seat_players[game.view["to_move"]]]
        mover.catch_up(game.round, game.turn)
        assert mover.game is not None and mover.game.my_turn
        legal = mover.game.view["legal_actions"]
        mover.move(legal[rng.randrange(len(legal))])
        lead.recv()
    raise AssertionError("the session did not end")


CASES = [
    ("standard", {"pass_limit": 0}, True, 4),
    ("joker", {"jokers": 2}, False, 3),
    ("killer", {"dead_cards_visible": False}, False, 3),
    ("seven27", {"deals": 3}, False, 3),
]


@pytest.mark.parametrize(("preset", "variants", "ghost", "games"), CASES)
def test_no_frame_shows_a_card_its_receiver_may_not_know(
    preset: str, variants: dict[str, Any], ghost: bool, games: int
) -> None:
    audit = Audit()
    swaps = 0
    with running(observer=audit) as server:
        for game in range(games):
            rng = random.Random(game)
            code, tokens = seated_room(server, NAMES, preset=preset, variants=variants, ghost=ghost, seed=game,
                                       rounds=2 if preset != "seven27" else None)  # fmt: skip
            clients = {p: server.connect(code, t) for p, t in tokens.items()}
            spectator = server.connect(code)
            server.start(code, tokens[0])
            play_with_chatter(clients, spectator, rng, ghost)
            swaps += sum(1 for f in spectator.frames if f["type"] == "action" and f["by"] == "ghost")
    assert audit.leaks == []
    assert audit.frames > 500 and audit.by_type["action"] > 200
    if ghost:
        assert swaps > 0
