"""``/api/games`` and ``/api/players``: what the store keeps of finished games (a database that is down is a
503, never "no such game" or "no such player")."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi import Path as ApiPath

from sevens.server.api.profiles import player_profile
from sevens.server.api.replays import finished_games, game_replay
from sevens.server.api.requests import config_of, registry_of
from sevens.server.api.routes import ERRORS

MAX_ID = 2**63 - 1  # the store's ids are 64-bit signed integers

router = APIRouter(prefix="/api")


@router.get("/games", responses=ERRORS)
async def list_games(request: Request, limit: Annotated[int, Query(ge=1, le=100)] = 20) -> list[dict[str, Any]]:
    """Finished games of this server, newest first."""
    persistence = registry_of(request.app).persistence
    return await persistence.run(lambda store: finished_games(store, limit))


@router.get("/games/{game_id}", responses=ERRORS)
async def replay_game(game_id: Annotated[int, ApiPath(ge=1, le=MAX_ID)], request: Request) -> dict[str, Any]:
    """A finished game, every round replayed into the public view after each move."""
    persistence = registry_of(request.app).persistence
    return await persistence.run(lambda store: game_replay(store, game_id))


@router.get("/players/{name:path}", responses=ERRORS)  # a name may hold a "/"
async def profile(name: str, request: Request, limit: Annotated[int, Query(ge=1, le=100)] = 20) -> dict[str, Any]:
    """A human player's profile: stars earned (E3) and their newest games with points, stars and place."""
    persistence = registry_of(request.app).persistence
    max_chars = config_of(request.app).name_max_chars
    return await persistence.run(lambda store: player_profile(store, name, limit, max_chars))


__all__ = ["MAX_ID", "router"]
