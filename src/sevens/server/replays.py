"""Finished games for the replay viewer: the server's finished sessions, each round replayed by the engine
into the *public* view after every move (what a spectator saw), so a replay shows no card nobody could see
at the table, and the browser needs no rules to draw it.

Only sessions this server started (``settings["ui"] == "server"``) and that are over are offered.
"""

from __future__ import annotations

from typing import Any

from sevens.games.registry import families
from sevens.server.errors import ServerError
from sevens.server.persistence import read_room
from sevens.server.views import public_view
from sevens.store import SessionInfo, Store, StoreError

STEP_DROPPED = ("history", "rules")  # sent once per round, not with every step (a replay stays small)
LIST_SCAN = 200  # newest sessions looked at to find finished server games


def _is_public_game(info: SessionInfo) -> bool:
    return info.finished and read_room(info.settings) is not None


def finished_games(store: Store, limit: int = 20) -> list[dict[str, Any]]:
    """The newest finished games of this server, newest first: id, family, preset, players, rounds, date."""
    found: list[dict[str, Any]] = []
    for summary in store.list_sessions(LIST_SCAN):
        if len(found) >= limit:
            break
        if not summary.finished or summary.rounds_finished == 0:
            continue
        info = store.load_session(summary.id)
        if not _is_public_game(info):
            continue
        found.append({
            "id": summary.id, "family": summary.family, "preset": summary.preset, "players": summary.players,
            "rounds": summary.rounds_finished, "created_at": summary.created_at.isoformat(),
        })  # fmt: skip
    return found


def game_replay(store: Store, session_id: int) -> dict[str, Any]:
    """A finished game with every round as public steps: ``{"view", "action", "seat"}`` after each move, the
    first step being the deal (``action`` ``None``); the last view keeps the round's public history."""
    try:
        info = store.load_session(session_id)
    except StoreError:
        info = None
    if info is None or not _is_public_game(info):
        raise ServerError("unknown_game", f"no finished game with id {session_id}")
    family = families()[info.family]
    rounds = []
    for stored in info.rounds:
        if stored.status != "finished":
            continue
        record = store.round_record(stored.id)
        state = family.replay({**record, "actions": [], "result": None})
        steps = [_step(info.family, state, None, None)]
        for text in record["actions"]:
            mover = state.to_move
            state.apply(family.parse_action(text))
            steps.append(_step(info.family, state, text, mover))
        steps[-1]["view"] = public_view(info.family, state)
        seats = record.get("session_seats") or list(range(state.players))
        rounds.append({
            "number": stored.number, "dealer": stored.dealer, "rules": stored.rules, "seat_players": seats,
            "result": stored.result, "points": stored.points, "stars": stored.stars, "steps": steps,
        })  # fmt: skip
    return {
        "id": info.id,
        "family": info.family,
        "preset": info.preset,
        "created_at": info.created_at.isoformat(),
        "players": [{"name": seat.name, "human": seat.is_human} for seat in info.seats],
        "rounds": rounds,
    }


def _step(family: str, state: Any, action: str | None, seat: int | None) -> dict[str, Any]:
    view = public_view(family, state)
    for key in STEP_DROPPED:
        view.pop(key, None)
    return {"action": action, "seat": seat, "view": view}


__all__ = ["finished_games", "game_replay"]
