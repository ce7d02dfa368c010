"""Nothing is lost: a server killed with SIGKILL in the middle of games, restarted on the same SQLite file,
finishes the same games with the same results as an uninterrupted run of the same seeds and moves; a server
stopped gracefully resumes rooms, seats and tokens in the same way."""

from __future__ import annotations

import contextlib
import signal
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.sync.client import connect as ws_connect

from harness.process import server_process
from sevens.store import Store

from .harness import Client, Closed, RealTransport, Server, running

SCENARIOS: list[dict[str, Any]] = [
    {"preset": "standard", "seats": ["human", "human", "greedy", "human"], "rounds": 2, "seed": 21},
    {"preset": "killer", "seats": ["human", "human", "human"], "rounds": 1, "seed": 22},
    {"preset": "seven27", "seats": ["human", "human", "human"], "variants": {"deals": 5}, "seed": 23},
]
NAMES = ["Aiko", "Ken", "Mei", "Sora"]
KILL_AFTER = 30  # frames read by the spectators, all rooms together


def body_of(scenario: dict[str, Any]) -> dict[str, Any]:
    seats = [{"kind": "human"} if s == "human" else {"kind": "bot", "agent": s} for s in scenario["seats"]]
    return {"preset": scenario["preset"], "seats": seats, "host_name": NAMES[0], "seed": scenario["seed"],
            "rounds": scenario.get("rounds"), "variants": scenario.get("variants", {})}  # fmt: skip


def choose(client: Client) -> str:
    """A fixed move for what the seat sees (round, move number, legal actions): the same in every run."""
    assert client.game is not None
    legal: list[str] = client.game.view["legal_actions"]
    return legal[(client.game.round * 131 + client.game.turn * 31) % len(legal)]


@dataclass
class Table:
    """One room as its players' clients and a spectator (the lead) see it."""

    code: str
    tokens: dict[int, str]
    clients: dict[int, Client] = field(default_factory=dict)
    lead: Client | None = None
    pending: tuple[int, int] | None = None
    rounds: dict[int, tuple[Any, Any]] = field(default_factory=dict)

    def step(self) -> bool:
        """Send the next move if a player is to move, then read one frame; ``False`` once the session is over."""
        lead = self.lead
        assert lead is not None
        if lead.session_over:
            return False
        game = lead.game
        if game is not None and not game.over:
            mover = self.clients.get(game.seat_players[game.view["to_move"]])
            if mover is not None and self.pending != (game.round, game.turn):
                mover.catch_up(game.round, game.turn)
                mover.move(choose(mover))
                self.pending = (game.round, game.turn)
        frame = lead.recv()
        if frame["type"] == "round_over":
            self.rounds[frame["round"]] = (frame["result"], frame["scores"])
        return True


def play_all(tables: list[Table], limit: int | None = None) -> int:
    """Step every table in turn until every session is over (or ``limit`` steps); returns the steps."""
    steps = 0
    live = list(tables)
    while live and (limit is None or steps < limit):
        live = [t for t in live if t.step()]
        steps += 1
    return steps


def seat_everyone(http: Any, scenario: dict[str, Any]) -> Table:
    response = http.post("/api/rooms", json=body_of(scenario))
    assert response.status_code == 201, response.text
    ticket = response.json()
    table = Table(ticket["code"], {0: ticket["token"]})
    for player, kind in enumerate(scenario["seats"][1:], start=1):
        if kind == "human":
            joined = http.post(f"/api/rooms/{table.code}/join", json={"name": NAMES[player], "seat": player}).json()
            table.tokens[joined["player"]] = joined["token"]
    return table


# ------------------------------------------------------------------------------------ the uninterrupted run
def uninterrupted(path: Path) -> list[Table]:
    with running(database_url=f"sqlite:///{path}") as server:
        tables = [seat_everyone(server.http, s) for s in SCENARIOS]
        for table in tables:
            table.clients = {p: server.connect(table.code, t) for p, t in table.tokens.items()}
            table.lead = server.connect(table.code)
            server.start(table.code, table.tokens[0])
        play_all(tables)
    return tables


# ------------------------------------------------------------------------------------ a real server process
def real_client(stack: ExitStack, address: str, code: str, token: str | None) -> Client:
    query = f"?token={token}" if token is not None else ""
    connection = stack.enter_context(ws_connect(f"ws://{address}/ws/{code}{query}", open_timeout=10))
    client = Client(RealTransport(connection))
    client.wait_type("snapshot")
    return client


def connect_all(stack: ExitStack, address: str, table: Table) -> None:
    table.clients = {p: real_client(stack, address, table.code, t) for p, t in table.tokens.items()}
    table.lead = real_client(stack, address, table.code, None)
    table.pending = None


def test_a_server_killed_mid_game_resumes_every_game_to_the_same_results(tmp_path: Path) -> None:
    expected = uninterrupted(tmp_path / "uninterrupted.sqlite3")
    db = tmp_path / "killed.sqlite3"
    with server_process(f"sqlite:///{db}") as server:
        proc, address = server.proc, server.address
        with httpx.Client(base_url=server.url, timeout=10) as http:
            tables = [seat_everyone(http, s) for s in SCENARIOS]
            first = ExitStack()
            for table in tables:
                connect_all(first, address, table)
                assert http.post(f"/api/rooms/{table.code}/start",
                                 headers={"Authorization": f"Bearer {table.tokens[0]}"}).status_code == 200  # fmt: skip
            play_all(tables, limit=KILL_AFTER)
        assert all(t.lead is not None and t.lead.game is not None and t.lead.game.turn > 0 for t in tables)
        assert not any(t.lead is not None and t.lead.session_over for t in tables)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        for table in tables:  # every client sees its connection drop
            assert table.lead is not None
            with contextlib.suppress(Closed):
                table.lead.recv(timeout=10)
        first.close()
    with server_process(f"sqlite:///{db}") as server, ExitStack() as second:
        address = server.address
        for table in tables:
            connect_all(second, address, table)
            snapshot = table.lead.frames[-1] if table.lead is not None else {}
            assert snapshot["room"]["status"] == "playing" and snapshot["game"]["turn"] >= 0
        play_all(tables)
    for got, want in zip(tables, expected, strict=True):
        assert got.rounds == want.rounds
        assert got.rounds  # every round was scored
    with Store.open(f"sqlite:///{db}") as store:
        assert store.unfinished_sessions() == []
        sessions = store.list_sessions()
        assert len(sessions) == len(SCENARIOS) and all(s.finished for s in sessions)


def test_a_graceful_restart_resumes_rooms_seats_and_tokens(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'graceful.sqlite3'}"
    scenario = SCENARIOS[0]
    with running(database_url=url) as server:
        table = seat_everyone(server.http, scenario)
        table.clients = {p: server.connect(table.code, t) for p, t in table.tokens.items()}
        table.lead = server.connect(table.code)
        server.start(table.code, table.tokens[0])
        play_all([table], limit=20)
        while not _settled(server, table):  # stop where a human is to move: no computer move races the stop
            table.lead.recv()
        turn = len(server.room(table.code).state.actions)
        hand = server.room(table.code).state.view(1).to_dict()["hand"]
    with running(database_url=url) as again:
        restored = _reconnect(again, table)
        assert restored["game"]["turn"] == turn and restored["game"]["view"]["hand"] == hand
        assert restored["you"]["player"] == 1 and restored["room"]["members"][0]["name"] == "Aiko"
        play_all([table])
    assert set(table.rounds) == {0, 1}


def _reconnect(server: Server, table: Table) -> dict[str, Any]:
    table.clients = {p: server.connect(table.code, t) for p, t in table.tokens.items()}
    table.lead = server.connect(table.code)
    table.pending = None
    return table.clients[1].frames[-1]


def _settled(server: Server, table: Table) -> bool:
    game = table.lead.game if table.lead is not None else None
    if game is None or game.over or game.turn != len(server.room(table.code).state.actions):
        return False
    return game.seat_players[game.view["to_move"]] in table.tokens
