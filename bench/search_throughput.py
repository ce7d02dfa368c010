"""How many samples Shichi-narabe's ``search`` plays out per move within its time budget.

    python bench/search_throughput.py --preset tunnel --games 4 [--think-ms 300] [--seed 0] [--json]

Four ``heuristic`` players play each game (seeds ``--seed``, ``--seed``+1, …); at every decision of seat 0
with more than one legal action, a ``search`` agent is asked the same question and the number of samples it
managed (one deal from the posterior chain, every candidate played out on it) is recorded. More samples per
move is what a faster chain or rollout buys; compare two versions of the code in one run of each, on the same
machine, as a ratio.
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

from sevens.agents.shichinarabe import HeuristicAgent
from sevens.agents.shichinarabe.search import DEFAULT_THINK_MS, SearchAgent
from sevens.games.shichinarabe import Rules, State

MAX_GAMES = 1000


def measure(preset: str, games: int, think_ms: float, seed: int) -> dict[str, Any]:
    """Samples per move of ``search`` at seat 0's decisions in ``games`` games of heuristic players."""
    rules = Rules.preset(preset)
    samples: list[int] = []
    for game in range(games):
        state = State.new(rules, seed + game)
        players = [HeuristicAgent() for _ in range(state.players)]
        for seat, player in enumerate(players):
            player.reset(seat, seat)
        search = SearchAgent(think_ms=think_ms)
        search.reset(0, seed + game)
        while (mover := state.to_move) is not None:
            legal = state.legal_actions()
            if mover == 0 and len(legal) > 1:
                search.last_samples = 0
                search.act(state.view(0), legal)
                if search.last_samples:  # 0: one sensible candidate, nothing played out
                    samples.append(search.last_samples)
            state.apply(players[mover].act(state.view(mover), legal))
    return {
        "preset": preset,
        "games": games,
        "think_ms": think_ms,
        "decisions": len(samples),
        "samples_per_move": round(statistics.mean(samples), 1) if samples else None,
        "median": statistics.median(samples) if samples else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--think-ms", type=float, default=DEFAULT_THINK_MS)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be between 1 and {MAX_GAMES}")
    if args.think_ms <= 0:
        parser.error("--think-ms must be more than 0")
    report = measure(args.preset, args.games, args.think_ms, args.seed)
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"{args.preset}: {report['decisions']} decisions of seat 0 in {args.games} games at {args.think_ms} ms: "
            f"{report['samples_per_move']} samples per move (median {report['median']})"
        )


if __name__ == "__main__":
    main()
