"""A game played through a site whose nodes come and go: human players and a spectator on WebSockets that
reconnect (to the next node in turn) whenever their connection closes, as the web page does on 1012/1013/1001.

The spectator (``lead``) follows every frame; :attr:`Table.actions` keeps each move it saw with when it saw it,
so a test measures the longest pause of the game; every ``ack`` a player received is kept too, so a test checks
that no acknowledged move was lost or stored twice (:func:`stored_moves`)."""

from __future__ import annotations

import contextlib
import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

from server.harness import Client, Closed, RealTransport
from sevens.store import Store

RECONNECT_SECONDS = 60.0  # a client that cannot get back in this long fails the test (a hang: generous, as a
# loaded machine is slow, and a retry returns as soon as the node lets it in)
REPLY_SECONDS = 30.0  # the opening handshake and the snapshot, from a node that is up


def connect(address: str, code: str, token: str | None) -> Client:
    """A client on ``ws://address/ws/code`` that has read its snapshot (``Closed`` if the node refused)."""
    query = "?log=tail" + (f"&token={token}" if token is not None else "")
    client = Client(RealTransport(None))
    url = f"ws://{address}/ws/{code}{query}"
    ws = client.stack.enter_context(ws_connect(url, open_timeout=REPLY_SECONDS, close_timeout=1))
    client.transport = RealTransport(ws)
    try:
        client.wait_type("snapshot", timeout=REPLY_SECONDS)
    except BaseException:
        client.stack.close()
        raise
    return client


@dataclass
class Table:
    """A started room, its human players' tokens, and the nodes (``host:port``) a client may connect to."""

    code: str
    tokens: dict[int, str]
    addresses: Callable[[], Sequence[str]]
    choose: Callable[[list[str], int], str] = lambda legal, turn: legal[(turn * 7) % len(legal)]
    players: dict[int, Client] = field(default_factory=dict)
    lead: Client | None = None
    actions: dict[tuple[int, int], tuple[str, float]] = field(default_factory=dict)  # (round, turn) -> (action, seen)
    acks: list[tuple[int, int, str]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    reconnects: int = 0
    _attempt: int = 0
    _pending: dict[int, tuple[int, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.lead = self._reconnect(None)
        self.players = {p: self._reconnect(t) for p, t in self.tokens.items()}

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def close(self) -> None:
        for client in (self.lead, *self.players.values()):
            if client is not None:
                with contextlib.suppress(Exception):  # a connection the server closed meanwhile
                    client.close()

    def _reconnect(self, token: str | None) -> Client:
        deadline = time.monotonic() + RECONNECT_SECONDS
        while True:
            nodes = list(self.addresses())
            address = nodes[self._attempt % len(nodes)]
            self._attempt += 1
            try:
                return connect(address, self.code, token)
            except (Closed, OSError, TimeoutError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)  # back off before the next node (a client's retry delay, not a synchronisation)

    @property
    def over(self) -> bool:
        return self.lead is not None and self.lead.session_over

    @property
    def moves(self) -> int:
        return len(self.actions)

    @property
    def last_move_seen(self) -> float:
        """When (monotonic) the spectator saw the latest move; 0 before any."""
        return max((at for _action, at in self.actions.values()), default=0.0)

    def longest_pause(self, since: float = 0.0) -> float:
        """The longest time between two moves the spectator saw after ``since`` (monotonic)."""
        times = sorted(at for _action, at in self.actions.values() if at >= since)
        return max((b - a for a, b in itertools.pairwise(times)), default=0.0)

    def play(
        self,
        moves: int | None = None,
        until: Callable[[], bool] | None = None,
        timeout: float = 60.0,
        awaited: Callable[[], str] | None = None,
    ) -> None:
        """Play until ``moves`` more moves were seen, ``until()`` holds, or the session is over. ``awaited()``
        says what ``until`` waits for, should it not come (a node's log, say): the game may well have gone on."""
        target = None if moves is None else self.moves + moves
        deadline = time.monotonic() + timeout
        while not self.over and (target is None or self.moves < target) and (until is None or not until()):
            if time.monotonic() >= deadline:
                played = f"{self.moves} moves seen, the last {time.monotonic() - self.last_move_seen:.1f} s ago"
                waited = "the game did not go on" if awaited is None else f"not within {timeout:.0f} s: {awaited()}"
                raise AssertionError(f"{waited} ({played}; errors {self.errors[-3:]})")
            self._step()

    def _step(self) -> None:
        lead = self.lead
        assert lead is not None
        game = lead.game
        if game is not None and not game.over:
            player = game.seat_players[game.view["to_move"]]
            mover = self.players.get(player)
            if mover is not None and self._pending.get(player) != (game.round, game.turn):
                self._send_move(player, mover, game.round, game.turn)
        try:
            self._absorb(lead.recv(timeout=0.5))
        except TimeoutError:
            self._drain_players()
        except Closed:
            lead.close()
            self.reconnects += 1
            self.lead = self._reconnect(None)
            self._pending.clear()

    def _send_move(self, player: int, mover: Client, round: int, turn: int) -> None:
        try:
            mover.catch_up(round, turn)
            assert mover.game is not None
            if (mover.game.round, mover.game.turn) != (round, turn) or mover.game.over:
                return
            mover.move(self.choose(mover.game.view["legal_actions"], turn))
            self._pending[player] = (round, turn)
        except (Closed, ConnectionClosed, TimeoutError):
            self._replace(player)

    def _drain_players(self) -> None:
        """Read what the players were sent (acks, errors); a player whose move was refused tries again."""
        for player, client in list(self.players.items()):
            try:
                while True:
                    frame = client.recv(timeout=0.01)
                    self._absorb_player(player, frame)
            except TimeoutError:
                continue
            except Closed:
                self._replace(player)

    def _replace(self, player: int) -> None:
        self.players[player].close()
        self.reconnects += 1
        self.players[player] = self._reconnect(self.tokens[player])
        self._pending.pop(player, None)

    def _absorb_player(self, player: int, frame: dict[str, Any]) -> None:
        if frame["type"] == "ack":
            self.acks.append((frame["round"], frame["turn"], frame["action"]))
        elif frame["type"] == "error":
            self.errors.append(frame)
            self._pending.pop(player, None)  # refused (the store was down, the room moving): send it again

    def _absorb(self, frame: dict[str, Any]) -> None:
        if frame["type"] == "action":
            self.actions.setdefault((frame["round"], frame["turn"]), (frame["action"], time.monotonic()))
        self._drain_players()


def stored_moves(database_url: str, record: int) -> list[tuple[int, int, str]]:
    """Every move of session ``record`` as stored: ``(round, seq, action)`` in order."""
    with Store.open(database_url) as store:
        session = store.load_session(record)
    return [(r.number, seq, action) for r in session.rounds for seq, action in enumerate(r.actions, start=1)]


def check_nothing_lost(table: Table, stored: list[tuple[int, int, str]]) -> None:
    """Every acknowledged move and every move the spectator saw is stored, once, where it was played."""
    keyed = {(r, s): a for r, s, a in stored}
    assert len(keyed) == len(stored)
    for round_, turn, action in table.acks:
        assert keyed.get((round_, turn)) == action, f"acknowledged move {round_}/{turn} {action} not stored"
    for (round_, turn), (action, _at) in table.actions.items():
        assert keyed.get((round_, turn)) == action, f"move {round_}/{turn} {action} seen but not stored"


__all__ = ["RECONNECT_SECONDS", "Table", "check_nothing_lost", "connect", "stored_moves"]
