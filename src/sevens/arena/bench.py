"""The speed yardstick (DESIGN.md): random games, uniform over legal actions including pass, played through
the engine's public API only — the workload of ``shared/bench/sevens_limit.c``."""

from __future__ import annotations

import random
import time
from typing import Any

from sevens.games.base import Family


def bench(family: Family, rules: Any, seconds: float = 3.0, max_games: int | None = None) -> dict[str, Any]:
    """Play random games for about ``seconds`` (or ``max_games``); returns games and steps per second."""
    rng = random.Random(12345)
    games = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while (max_games is None or games < max_games) and (time.perf_counter() < deadline or games == 0):
        state = family.new_state(rules, games)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "steps": steps,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1),
        "steps_per_second": round(steps / elapsed, 1),
    }
