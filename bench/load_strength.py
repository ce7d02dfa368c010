"""Is a computer player as strong on a loaded machine as on an idle one? (issue 30, part 1)

    python bench/load_strength.py [--preset standard] [--agents expert,normal,normal,normal] [--games 40]
        [--seed 1] [--load 4] [--clock] [--json]

One run plays the same duplicate match twice: first on the machine as it is ("idle"), then while ``--load``
other processes each play their own games of the same agents as fast as they can (other rooms' computer
players). The match is played as the server's rooms play it (``--deterministic``: searching agents think in
samples, :mod:`sevens.server.room.bots`), or with ``--clock`` also on the agents' CPU-time budgets, for contrast.
It reports, per condition, seat 0's win rate with its Wilson 95% interval, mean points, and the wall and CPU
seconds a move took, and whether the two conditions' games were the same move for move.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.synchronize import Event
from typing import Any

from sevens.arena.tournament import GameOutcome, Match, run_match, summarise
from sevens.games.registry import family_of


def _play_until(stop: Event, match: Match) -> None:
    deal = 10_000
    while not stop.is_set():
        run_match(Match(match.family_name, match.rules, match.agents, match.seed + deal, match.deterministic), 1)
        deal += 1


@contextmanager
def loaded(processes: int, match: Match) -> Iterator[None]:
    """``processes`` processes playing games of ``match``'s agents until the block ends."""
    context = mp.get_context("spawn")
    stop = context.Event()
    players = [context.Process(target=_play_until, args=(stop, match), daemon=True) for _ in range(processes)]
    for player in players:
        player.start()
    try:
        yield
    finally:
        stop.set()
        for player in players:
            player.join(timeout=60)
            if player.is_alive():
                player.terminate()


def measure(match: Match, games: int) -> tuple[dict[str, Any], list[GameOutcome]]:
    """Seat 0's line of the arena report, with the wall and CPU seconds of the whole match per move."""
    wall, cpu = time.perf_counter(), time.process_time()
    outcomes = run_match(match, games)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    hero = summarise(match.agents, outcomes)[0]
    moves = sum(len(seconds) for game in outcomes for seconds in game.move_seconds)
    keys = ("name", "games", "win_rate", "win_rate_95", "mean_points", "seconds_per_move")
    return {**{k: hero[k] for k in keys}, "wall_per_move": wall / moves, "cpu_per_move": cpu / moves}, outcomes


def same_games(a: Sequence[GameOutcome], b: Sequence[GameOutcome]) -> bool:
    def key(game: GameOutcome) -> tuple[Any, ...]:
        return game.entries, game.ranking, game.points, tuple(len(s) for s in game.move_seconds)

    return [key(g) for g in a] == [key(g) for g in b]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--agents", default="expert,normal,normal,normal")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--load", type=int, default=4, help="processes playing other games meanwhile")
    parser.add_argument("--clock", action="store_true", help="also measure the CPU-time budgets")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    family = family_of(args.preset)
    names = tuple(a.strip() for a in args.agents.split(","))
    rules = family.presets[args.preset].replace(players=len(names))
    rows = []
    for deterministic in (True, False) if args.clock else (True,):
        match = Match(family.name, rules, names, args.seed, deterministic)
        idle, idle_games = measure(match, args.games)
        with loaded(args.load, match):
            busy, busy_games = measure(match, args.games)
        budget = "samples" if deterministic else "clock"
        rows += [{"budget": budget, "machine": "idle", **idle},
                 {"budget": budget, "machine": "loaded", "other_processes": args.load, **busy,
                  "same_games_as_idle": same_games(idle_games, busy_games)}]  # fmt: skip
    if args.json:
        print(json.dumps({"preset": args.preset, "agents": names, "seed": args.seed, "rows": rows}))
        return
    for row in rows:
        low, high = row["win_rate_95"]
        same = f"  same games: {row['same_games_as_idle']}" if "same_games_as_idle" in row else ""
        machine = row["machine"] + (f" (+{row['other_processes']} busy)" if "other_processes" in row else "")
        print(f"{row['budget']:>7} {machine:<18} {row['name']} won {row['win_rate']:.3f} [{low:.3f}, {high:.3f}]"
              f" of {row['games']}, points {row['mean_points']:+.2f}, {row['wall_per_move'] * 1000:.0f} ms wall and"
              f" {row['cpu_per_move'] * 1000:.0f} ms CPU a move{same}")  # fmt: skip


if __name__ == "__main__":
    main()
