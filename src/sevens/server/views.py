"""What each connection may see: a seat's own view, or a public view for spectators, built by allowlist.

A player's frames hold ``state.view(seat).to_dict()``, the engine's own allowlisted observation. Spectators
(and players not dealt into a round) get :func:`public_view`: a seat's view with only the keys named in
:data:`PUBLIC_KEYS` kept and every per-seat secret (hand, own dead pile, legal actions) left out. A family
missing from the table has no public view at all, so a new family cannot leak by default.

Every view also carries ``log``: the structured move log of :func:`sevens.session.log.log_entries` (the
moves the turn clock made, ``timeouts``, marked as such); ``history`` stays for older clients.

Players (the room's members) and the seats of a round are mapped by :mod:`sevens.session.seats`.

A room tells every seat of every move: with a :class:`SharedLogs` the seats whose views share a history share
one log, computed and encoded once per broadcast instead of once per seat (the log is most of a frame's bytes
and grows with the round; see docs/decisions.md).

A connection that asked for ``log=tail`` gets, in each broadcast, only what its log lacks (:func:`tail_frame`):
the view without ``history``, ``log`` holding the entries from ``log_from`` on. Its frames stay a few hundred
bytes however long the round (docs/protocol.md, "The move log in tail form").
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Collection
from typing import Any

from sevens.session.log import LogEntry, log_entries

PUBLIC_KEYS: dict[str, tuple[str, ...]] = {
    "shichinarabe": (
        "rules", "table", "joker_positions", "removed_jokers", "hand_counts", "passes_used", "statuses",
        "to_move", "history",
    ),
    "killer": (
        "rules", "table", "grid", "hand_counts", "dead_counts", "kills", "passes_used", "statuses", "to_move",
    ),
    "seven27": (
        "rules", "dealer", "phase", "betting_round", "bet_size", "high_bet", "raises", "to_move", "seats",
        "pots", "pot", "deck_count", "history", "result",
    ),
}  # fmt: skip


class SharedLogs:
    """The move logs of one broadcast: views with the same history get the same log list, and each list is
    encoded once (:func:`encode_frame`). Use one per broadcast: the timeouts must not change while it lives."""

    def __init__(self) -> None:
        self._logs: dict[tuple[Any, ...], list[LogEntry]] = {}
        self.encoded: dict[int, str] = {}  # id(log list) -> its JSON text
        self._prefixes: dict[tuple[int, int], int] = {}  # (id(previous log), id(log)) -> entries in common

    def log(self, family: str, view: dict[str, Any], timeouts: Collection[int]) -> list[LogEntry]:
        key = tuple(tuple(e) if isinstance(e, list) else e for e in view.get("history") or ())
        entries = self._logs.get(key)
        if entries is None:
            entries = self._logs[key] = log_entries(family, view, timeouts)
        return entries

    def common_prefix(self, previous: list[LogEntry], log: list[LogEntry]) -> int:
        """How many first entries ``previous`` and ``log`` share (computed once per pair of lists)."""
        key = (id(previous), id(log))
        found = self._prefixes.get(key)
        if found is None:
            found = self._prefixes[key] = common_prefix(previous, log)
        return found


def common_prefix(previous: list[LogEntry], log: list[LogEntry]) -> int:
    """How many first entries the two logs share.

    >>> a, b, c = ({"seat": s, "key": "log.pass", "params": {}} for s in range(3))
    >>> common_prefix([a, b], [a, b, c]), common_prefix([a, c], [a, b, c]), common_prefix([], [a])
    (2, 1, 0)
    """
    n = min(len(previous), len(log))
    if previous[:n] == log[:n]:  # the usual case, the log only grew: one comparison in C
        return n
    return next(i for i in range(n) if previous[i] != log[i])


def _log(family: str, view: dict[str, Any], timeouts: Collection[int], shared: SharedLogs | None) -> list[LogEntry]:
    return log_entries(family, view, timeouts) if shared is None else shared.log(family, view, timeouts)


def seat_view(
    family: str, state: Any, seat: int, timeouts: Collection[int] = (), shared: SharedLogs | None = None
) -> dict[str, Any]:
    """The engine's view of ``seat`` (its own hand, public information, its legal actions on its turn) and
    its move log (``timeouts``: the numbers of the moves the turn clock made)."""
    view: dict[str, Any] = state.view(seat).to_dict()
    view["log"] = _log(family, view, timeouts, shared)
    return view


def public_view(
    family: str, state: Any, timeouts: Collection[int] = (), shared: SharedLogs | None = None
) -> dict[str, Any]:
    """What anyone may know of ``state``: no hand, no hidden dead pile, no legal actions."""
    keys = PUBLIC_KEYS.get(family)
    if keys is None:
        raise ValueError(f"no public view is defined for the family {family!r}")
    # Seven Twenty-Seven has a spectator view (down cards only as "??"); the others: seat 0's, then allowlisted
    base = state.view(None if family == "seven27" else 0).to_dict()
    view = {key: base[key] for key in keys}
    view["seat"] = None
    if family == "killer":
        visible = bool(state.rules.dead_cards_visible)
        view["dead_piles"] = base["dead_piles"] if visible else [None] * state.players
        view["history"] = [list(entry) for entry in state.public_history(None)]  # a spectator's: no seat's own deaths
    view["log"] = _log(family, view, timeouts, shared)
    return view


# A string no frame holds otherwise (a NUL and a random id): where a view's log goes, until it is spliced in.
_LOG_SLOT = f"\x00log {uuid.uuid4().hex}\x00"
_LOG_SLOT_JSON = json.dumps(_LOG_SLOT)


def encode(data: Any) -> str:
    """Compact JSON, as every frame is sent."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _view_holder(data: dict[str, Any]) -> dict[str, Any] | None:
    """The dict that holds the frame's view (the frame or its ``game``), if the view has a log."""
    game = data.get("game")
    holder = data if "view" in data else game if isinstance(game, dict) else None
    view = holder.get("view") if holder is not None else None
    if isinstance(view, dict) and isinstance(view.get("log"), list):
        return holder
    return None


def view_log(data: dict[str, Any]) -> list[LogEntry] | None:
    """The move log of the view a frame carries (``view`` or ``game.view``), if any."""
    holder = _view_holder(data)
    return None if holder is None else holder["view"]["log"]


def tail_frame(
    data: dict[str, Any], previous: list[LogEntry] | None, shared: SharedLogs
) -> tuple[dict[str, Any], list[LogEntry] | None]:
    """``data`` for a connection whose log is ``previous`` (what its last frame with a view carried), and the
    log the connection has after it (``None``: the frame has no view; the connection's log stays).

    The view loses ``history`` and its ``log`` becomes the entries from ``log_from`` on: the client keeps its
    first ``log_from`` entries and appends these. Without a ``previous`` log, ``log_from`` is 0.

    >>> e = [{"seat": s, "key": "log.pass", "params": {"seat": s}} for s in range(3)]
    >>> sent, log = tail_frame({"type": "action", "view": {"history": [], "log": e}}, e[:2], SharedLogs())
    >>> sent["view"], log is e
    ({'log': [{'seat': 2, 'key': 'log.pass', 'params': {'seat': 2}}], 'log_from': 2}, True)
    """
    holder = _view_holder(data)
    if holder is None:
        return data, None
    view = holder["view"]
    log: list[LogEntry] = view["log"]
    start = 0 if previous is None else shared.common_prefix(previous, log)
    short = {key: value for key, value in view.items() if key not in ("history", "log")}
    short["log"], short["log_from"] = log[start:], start
    if holder is data:
        return {**data, "view": short}, log
    return {**data, "game": {**holder, "view": short}}, log


def encode_frame(data: dict[str, Any], shared: SharedLogs) -> str:
    """``data`` as compact JSON, exactly as ``json.dumps`` writes it, but the log of its view (``view`` or
    ``game.view``) encoded once per log list of ``shared``, then spliced into each frame that holds it."""
    holder = _view_holder(data)
    if holder is None:
        return encode(data)
    view = holder["view"]
    log = view["log"]
    text = shared.encoded.get(id(log))
    if text is None:
        text = shared.encoded[id(log)] = encode(log)
    view["log"] = _LOG_SLOT
    try:
        return encode(data).replace(_LOG_SLOT_JSON, text, 1)
    finally:
        view["log"] = log


__all__ = [
    "PUBLIC_KEYS", "SharedLogs", "common_prefix", "encode", "encode_frame", "public_view", "seat_view", "tail_frame",
    "view_log",
]  # fmt: skip
