"""A player's profile for the browser: their stars (E3) and the games they played, from the store.

Only human players have profiles here: computer players earn no stars, and their names are the server's.
A game links to its replay when it is a finished game of this server (see :mod:`sevens.server.api.replays`).
"""

from __future__ import annotations

from typing import Any

from sevens.server.errors import ServerError
from sevens.server.persistence import UI_NAME
from sevens.server.security import clean_name
from sevens.store import PlayerGame, Store, StoreError, StoreUnavailableError


def player_profile(store: Store, name: str, limit: int, max_chars: int) -> dict[str, Any]:
    """``{"name", "stars", "created_at", "games": […]}`` for the human player ``name``, newest games first.

    A malformed name raises ``bad_name`` (422); nobody of that name, or a computer player, ``unknown_player``
    (404)."""
    clean = clean_name(name, max_chars)
    try:
        player = store.get_player(clean)
        games = store.player_games(clean, limit) if player.is_human else []
    except StoreUnavailableError:
        raise  # not "unknown": the database could not be asked
    except StoreError:
        player = None
    if player is None or not player.is_human:
        raise ServerError("unknown_player", f"no player named {clean!r} has played on this server")
    return {
        "name": player.name,
        "stars": player.stars_total,
        "created_at": player.created_at.isoformat(),
        "games": [_game(game) for game in games],
    }


def _game(game: PlayerGame) -> dict[str, Any]:
    summary = game.session
    return {
        "id": summary.id,
        "family": summary.family,
        "preset": summary.preset,
        "created_at": summary.created_at.isoformat(),
        "finished": summary.finished,
        "rounds": summary.rounds_finished,
        "players": len(summary.players),
        "seat": game.seat,
        "points": game.points,
        "stars": game.stars,
        "place": game.place,
        "replay": summary.finished and summary.rounds_finished > 0 and game.ui == UI_NAME,
    }


__all__ = ["player_profile"]
