"""Test harness for the server: an in-process app (FastAPI's TestClient) with a manual clock, WebSocket clients
that wait for frames with timeouts (never sleeps), and a driver that plays whole sessions through them."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import anyio
from fastapi.testclient import TestClient

from sevens.server.app import create_app, registry_of
from sevens.server.config import ServerConfig
from sevens.server.room.room import FrameObserver, Room
from sevens.server.rooms import RoomRegistry
from sevens.server.timers import ManualClock
from sevens.store import Store

T = TypeVar("T")

TIMEOUT = 30.0  # a wait for a frame: it returns when the frame comes; this long means a hang (a busy machine is slow)
TEST_CONFIG = ServerConfig(
    bot_delay=0.0,
    tick_interval=None,  # time moves only through ManualClock.advance + Server.tick
    message_burst=100_000,
    chat_burst=100_000,
    grace_seconds=30.0,
)


class Closed(Exception):
    """The server closed the WebSocket."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(f"closed {code}: {reason}")
        self.code = code
        self.reason = reason


@dataclass
class Game:
    """What a client knows of the current round."""

    round: int
    turn: int
    view: dict[str, Any]
    you_seat: int | None
    seat_players: list[int]

    @property
    def over(self) -> bool:
        return self.view.get("to_move") is None

    @property
    def my_turn(self) -> bool:
        return self.you_seat is not None and self.view.get("to_move") == self.you_seat and not self.over


class InProcessTransport:
    """A WebSocket of the in-process TestClient (its frames read with a timeout)."""

    def __init__(self, session: Any) -> None:
        self.session = session

    def send_text(self, text: str) -> None:
        self.session.send_text(text)

    def send_bytes(self, data: bytes) -> None:
        self.session.send_bytes(data)

    def receive(self, timeout: float) -> str:
        async def get() -> Any:
            with anyio.fail_after(timeout):
                return await self.session._send_rx.receive()

        message = self.session.portal.call(get)
        if message["type"] == "websocket.close":
            raise Closed(message.get("code", 1000), message.get("reason", ""))
        text: str = message["text"]
        return text


class RealTransport:
    """A WebSocket over TCP (the ``websockets`` client), for servers in another process."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection

    def send_text(self, text: str) -> None:
        self.connection.send(text)

    def send_bytes(self, data: bytes) -> None:
        self.connection.send(data)

    def receive(self, timeout: float) -> str:
        from websockets.exceptions import ConnectionClosed

        try:
            data = self.connection.recv(timeout=timeout)
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd is not None else 1006
            reason = exc.rcvd.reason if exc.rcvd is not None else "connection lost"
            raise Closed(code, reason) from None
        return data if isinstance(data, str) else data.decode()


@dataclass
class Client:
    """One WebSocket connection to a test server; follows what its seat knows of the game."""

    transport: Any
    stack: ExitStack = field(default_factory=ExitStack)
    frames: list[dict[str, Any]] = field(default_factory=list)
    game: Game | None = None
    room: dict[str, Any] | None = None
    scores: dict[str, Any] | None = None
    you: dict[str, Any] | None = None
    rounds_over: list[dict[str, Any]] = field(default_factory=list)
    next_id: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)  # the move log, put together from tails (log=tail)

    # ------------------------------------------------------------------ sending
    def send(self, kind: str, **fields: Any) -> int:
        self.next_id += 1
        self.send_raw(json.dumps({"v": 1, "type": kind, "id": self.next_id, **fields}))
        return self.next_id

    def send_raw(self, text: str) -> None:
        self.transport.send_text(text)

    def send_bytes(self, data: bytes) -> None:
        self.transport.send_bytes(data)

    def close(self) -> None:
        """Disconnect (as a client whose network drops)."""
        self.stack.close()

    def closed_with(self, timeout: float = TIMEOUT) -> Closed:
        """Read until the server closes this connection; returns how it closed."""
        try:
            while True:
                self.recv(timeout)
        except Closed as closed:
            self.stack.close()  # answer the close, as a real client does
            return closed

    def move(self, action: str, seq: int | None = None, round: int | None = None) -> int:
        assert self.game is not None
        return self.send(
            "move",
            round=self.game.round if round is None else round,
            seq=self.game.turn + 1 if seq is None else seq,
            action=action,
        )

    # ------------------------------------------------------------------ receiving
    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.transport.receive(timeout))
        self.frames.append(data)
        self._absorb(data)
        return data

    def wait_for(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT) -> dict[str, Any]:
        while True:
            data = self.recv(timeout)
            if predicate(data):
                return data

    def wait_type(self, kind: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        return self.wait_for(lambda f: f["type"] == kind, timeout)

    def catch_up(self, round: int, turn: int) -> None:
        """Read until this client has seen move ``turn`` of ``round`` (or a later round)."""
        while self.game is None or (self.game.round, self.game.turn) < (round, turn):
            self.recv()

    def _absorb(self, data: dict[str, Any]) -> None:
        self.log = next_log(self.log, data)  # frames stay as sent
        kind = data["type"]
        if kind == "snapshot":
            self.you, self.room, self.scores = data["you"], data["room"], data["scores"]
            self.game = _game(data["game"]) if data["game"] else None
        elif kind == "round_start":
            self.game = _game(data["game"])
        elif kind == "action":
            assert self.game is not None
            self.game = Game(data["round"], data["turn"], data["view"], data["you_seat"], data["seat_players"])
        elif kind == "round_over":
            self.scores = data["scores"]
            self.rounds_over.append(data)
        elif kind == "room":
            self.room = data["room"]

    @property
    def session_over(self) -> bool:
        return self.room is not None and self.room["status"] == "finished"


def frame_view(data: dict[str, Any]) -> dict[str, Any] | None:
    """The view a frame carries (``view`` or ``game.view``), if any."""
    view = data.get("view") or (data.get("game") or {}).get("view")
    return view if isinstance(view, dict) else None


def next_log(log: list[dict[str, Any]], data: dict[str, Any]) -> list[dict[str, Any]]:
    """The move log a client has after frame ``data``, as the web page's socket.js puts it together: a view
    with ``log_from`` keeps that many entries and appends its own, a view without brings the whole log."""
    view = frame_view(data)
    if view is None or "log" not in view:
        return log
    return log[: view["log_from"]] + view["log"] if "log_from" in view else list(view["log"])


def _game(data: dict[str, Any]) -> Game:
    return Game(data["round"], data["turn"], data["view"], data["you_seat"], data["seat_players"])


@dataclass
class Server:
    """The in-process server of a test."""

    http: TestClient
    clock: ManualClock
    stack: ExitStack

    @property
    def registry(self) -> RoomRegistry:
        return registry_of(self.http.app)

    def room(self, code: str) -> Room:
        return self.registry.get(code)

    def store(self, fn: Callable[[Store], T]) -> T:
        """Run ``fn(store)`` in the server's store worker (in-memory SQLite has one connection)."""
        assert self.http.portal is not None
        return self.http.portal.call(self.registry.persistence.run, fn)

    def tick(self) -> None:
        assert self.http.portal is not None
        self.http.portal.call(self.registry.tick)

    def create(self, **body: Any) -> dict[str, Any]:
        response = self.http.post("/api/rooms", json=body)
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data

    def join(self, code: str, name: str, seat: int | None = None) -> dict[str, Any]:
        response = self.http.post(f"/api/rooms/{code}/join", json={"name": name, "seat": seat})
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def start(self, code: str, token: str) -> dict[str, Any]:
        response = self.http.post(f"/api/rooms/{code}/start", headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def connect(
        self, code: str, token: str | None = None, headers: dict[str, str] | None = None, log: str | None = None
    ) -> Client:
        query = [f"token={token}"] * (token is not None) + [f"log={log}"] * (log is not None)
        path = f"/ws/{code}" + ("?" + "&".join(query) if query else "")
        stack = ExitStack()
        ws = stack.enter_context(self.http.websocket_connect(path, headers=dict(headers or {})))
        client = Client(InProcessTransport(ws), stack)
        self.stack.callback(stack.close)
        client.wait_type("snapshot")
        return client

    def connect_refused(self, code: str, token: str | None = None) -> tuple[str, int]:
        """Connect expecting a refusal: the error frame's code and the close code."""
        path = f"/ws/{code}" + (f"?token={token}" if token is not None else "")
        with self.http.websocket_connect(path) as ws:
            error = json.loads(ws.receive_text())
            closed = ws.receive()
        return error["code"], closed["code"]


@contextmanager
def running(
    config: ServerConfig | None = None,
    database_url: str = "sqlite://",
    clock: ManualClock | None = None,
    observer: FrameObserver | None = None,
    **overrides: Any,
) -> Iterator[Server]:
    """An in-process server (in-memory SQLite unless told otherwise)."""
    settings = replace(config or TEST_CONFIG, **overrides)
    clock = clock or ManualClock(1000.0)
    app = create_app(database_url, clock=clock, config=settings, observer=observer)
    with ExitStack() as stack:
        http = stack.enter_context(TestClient(app))
        server = Server(http, clock, stack)
        yield server
        stack.close()


def seated_room(
    server: Server, names: list[str], bots: list[str] | None = None, **body: Any
) -> tuple[str, dict[int, str]]:
    """A room whose human seats are taken by ``names`` (the first one hosts), then computer seats ``bots``; not
    started. Returns the code and each player's token."""
    seats = [{"kind": "human"} for _ in names] + [{"kind": "bot", "agent": a} for a in bots or []]
    ticket = server.create(seats=seats, host_name=names[0], **body)
    code = ticket["code"]
    tokens = {ticket["player"]: ticket["token"]}
    for name in names[1:]:
        joined = server.join(code, name)
        tokens[joined["player"]] = joined["token"]
    return code, tokens


def random_chooser(seed: int) -> Callable[[Client], str]:
    rng = random.Random(seed)

    def choose(client: Client) -> str:
        assert client.game is not None
        legal: list[str] = client.game.view["legal_actions"]
        return legal[rng.randrange(len(legal))]

    return choose


def play_session(
    clients: dict[int, Client], choose: Callable[[Client], str], lead: Client | None = None, max_moves: int = 5000
) -> Client:
    """Play until the session is over: whenever a client's player is to move, it sends ``choose(client)``;
    ``lead`` (any client, or a spectator) follows every frame. Returns the lead."""
    lead = lead or next(iter(clients.values()))
    for _ in range(max_moves):
        if lead.session_over:
            return lead
        game = lead.game
        if game is None or game.over:
            lead.recv()
            continue
        seat = game.view["to_move"]
        player = game.seat_players[seat]
        mover = clients.get(player)
        if mover is not None:
            mover.catch_up(game.round, game.turn)
            assert mover.game is not None and mover.game.my_turn, (mover.game, game)
            mover.move(choose(mover))
        lead.recv()
    raise AssertionError("the session did not end")
