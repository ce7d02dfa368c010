"""Finished games for the replay viewer: the server's finished sessions, each round replayed by the engine
into the public view after every move, so the browser needs no rules to draw it. A finished game hides
nothing, so every step also carries each seat's hand (``hands``; in Seven Twenty-Seven the down cards are
turned up in the view's seats too). The round's structured move log (``log``, as at the table) is sent once;
each step says how many of its entries had happened (``log_length``).

Every seat is described as at the table (``seats``: name, human or not, the computer's agent), so the page
names computer players as it did in the game. Only sessions this server started (``settings["ui"] ==
"server"``) and that are over are offered.
"""

from __future__ import annotations

from typing import Any

from sevens.games.registry import families
from sevens.server.errors import ServerError
from sevens.server.persistence import StoredRoom, read_room
from sevens.server.views import public_view
from sevens.session.standings import session_winners, standings_of_rounds
from sevens.store import SessionInfo, Store, StoreError, StoreUnavailableError

STEP_DROPPED = ("history", "rules", "log")  # sent once per round, not with every step (a replay stays small)
LIST_SCAN = 200  # newest sessions looked at to find finished server games


def _public_room(info: SessionInfo) -> StoredRoom | None:
    """The room of a finished server game (``None`` for anything else)."""
    return read_room(info.settings) if info.finished else None


def seat_entries(info: SessionInfo, room: StoredRoom) -> list[dict[str, Any]]:
    """Each player of a game as the table showed them: name, whether human, and a computer's agent."""
    entries = []
    for seat in info.seats:
        member = room.members[seat.seat] if seat.seat < len(room.members) else None
        agent = member.agent if member is not None and member.kind == "bot" else None
        entries.append({"name": seat.name, "human": seat.is_human, "agent": agent})
    return entries


def winners(store: Store, session_id: int) -> list[int]:
    """The players (session seats) with the highest total over the game's rounds (points, or chips)."""
    return session_winners([total.points for total in store.session_totals(session_id)])


def finished_games(store: Store, limit: int = 20) -> list[dict[str, Any]]:
    """The newest finished games of this server, newest first: id, family, preset, players (names) and
    ``seats`` (as at the table), ``winners`` (seats with the best total), rounds and date."""
    found: list[dict[str, Any]] = []
    for summary in store.list_sessions(LIST_SCAN):
        if len(found) >= limit:
            break
        if not summary.finished or summary.rounds_finished == 0:
            continue
        info = store.load_session(summary.id)
        room = _public_room(info)
        if room is None:
            continue
        found.append({
            "id": summary.id, "family": summary.family, "preset": summary.preset, "players": summary.players,
            "seats": seat_entries(info, room), "winners": winners(store, summary.id),
            "rounds": summary.rounds_finished, "created_at": summary.created_at.isoformat(),
        })  # fmt: skip
    return found


def game_replay(store: Store, session_id: int) -> dict[str, Any]:
    """A finished game with every round as steps: ``{"view", "hands", "action", "seat", "log_length"}`` after
    each move, the first step being the deal (``action`` ``None``), and the round's ``log`` once; the last view
    keeps the round's public history. Each round also carries the session's ``standings`` after it (the
    server's one standings function, as the table sent them)."""
    try:
        info = store.load_session(session_id)
    except StoreUnavailableError:
        raise  # not "unknown": the database could not be asked
    except StoreError:
        info = None
    room = None if info is None else _public_room(info)
    if info is None or room is None:
        raise ServerError("unknown_game", f"no finished game with id {session_id}")
    family = families()[info.family]
    rounds: list[dict[str, Any]] = []
    for stored in info.rounds:
        if stored.status != "finished":
            continue
        nothing = [0] * len(info.seats)
        so_far = [*rounds, {"points": stored.points or nothing, "stars": stored.stars or nothing}]
        standings = standings_of_rounds([r["points"] for r in so_far], [r["stars"] for r in so_far], len(info.seats))
        record = store.round_record(stored.id)
        state = family.replay({**record, "actions": [], "result": None})
        steps = [_step(info.family, state, None, None)]
        for text in record["actions"]:
            mover = state.to_move
            state.apply(family.parse_action(text))
            steps.append(_step(info.family, state, text, mover))
        steps[-1]["view"] = public_view(info.family, state)
        open_hands(info.family, state, steps[-1]["view"])
        log = steps[-1]["view"].pop("log", [])
        seats = record.get("session_seats") or list(range(state.players))
        rounds.append({
            "number": stored.number, "dealer": stored.dealer, "rules": stored.rules, "seat_players": seats,
            "result": stored.result, "points": stored.points, "stars": stored.stars, "steps": steps, "log": log,
            "standings": [standing.to_dict() for standing in standings],
        })  # fmt: skip
    return {
        "id": info.id,
        "family": info.family,
        "preset": info.preset,
        "created_at": info.created_at.isoformat(),
        "players": seat_entries(info, room),
        "winners": winners(store, info.id),
        "rounds": rounds,
    }


def _step(family: str, state: Any, action: str | None, seat: int | None) -> dict[str, Any]:
    view = public_view(family, state)
    log_length = len(view.get("log", ()))
    for key in STEP_DROPPED:
        view.pop(key, None)
    hands = open_hands(family, state, view)
    return {"action": action, "seat": seat, "view": view, "hands": hands, "log_length": log_length}


def open_hands(family: str, state: Any, view: dict[str, Any]) -> list[list[str]]:
    """Every seat's hidden cards (Seven Twenty-Seven: the down cards, also turned up in ``view``'s seats)."""
    own = [state.view(seat).to_dict() for seat in range(state.players)]
    if family != "seven27":
        return [list(seat_view["hand"]) for seat_view in own]
    hands = [list(seat_view["seats"][seat]["down"]) for seat, seat_view in enumerate(own)]
    for seat, entry in enumerate(view["seats"]):
        entry["down"] = hands[seat]
    return hands


__all__ = ["finished_games", "game_replay", "open_hands", "seat_entries", "winners"]
