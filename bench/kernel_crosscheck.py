"""The compiled kernel against the Python engine, move for move, on many games per variant (issue 22).

    python bench/kernel_crosscheck.py [--games 3000] [--json]

For each variant: ``--games`` random games with 4 players and ``--games // 4`` for each of 2, 3, 5, 7 and 12
players; ``--games // 2`` heuristic games with 4 players; ``--games // 4`` random games started from a Python
position 15 actions in. At every step the legal actions must be the same, the heuristic's choice must be the
Python policy's, and every round must end with the same ranking, outcomes and E2 points. The first difference
stops the run with its seed and step.
"""

from __future__ import annotations

import argparse
import json
import time

from sevens.games.shichinarabe import Rules
from sevens.kernel.crosscheck import check_games

VARIANTS = {
    "standard": Rules.preset("standard"),
    "pass_limit=0": Rules.preset("standard", pass_limit=0),
    "pass_limit=none": Rules.preset("standard", pass_limit=None),
    "voluntary_pass=false": Rules.preset("standard", voluntary_pass=False),
    "kids": Rules.preset("kids"),
    "ak_link": Rules.preset("ak_link"),
    "tunnel=cross": Rules.preset("tunnel"),
    "tunnel=end": Rules.preset("tunnel", tunnel="end"),
    "fan_tan": Rules.preset("fan_tan"),
    "english": Rules.preset("english"),
    "joker": Rules.preset("joker"),
    "jokers=2,optional": Rules.preset("joker", jokers=2, joker_exchange="optional"),
    "tunnel,jokers=2,none": Rules.preset("tunnel", jokers=2, joker_exchange="none"),
}


def run(games: int, first_seed: int) -> list[dict[str, object]]:
    rows = []
    seeds = range(first_seed, first_seed + games)
    for name, rules in VARIANTS.items():
        start = time.perf_counter()
        counted = steps = 0
        plan = [(rules, seeds, "random", 0)]
        plan += [(rules.replace(players=n), seeds[: games // 4], "random", 0) for n in (2, 3, 5, 7, 12)]
        plan += [(rules, seeds[: games // 2], "heuristic", 0), (rules, seeds[: games // 4], "random", 15)]
        for variant, chosen, policy, midgame in plan:
            report = check_games(variant, chosen, policy, midgame=midgame)  # type: ignore[arg-type]
            counted += report.games
            steps += report.steps
        rows.append(
            {"variant": name, "games": counted, "steps": steps, "seconds": round(time.perf_counter() - start, 1)}
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.games < 4:
        parser.error(f"--games {args.games} must be at least 4")
    rows = run(args.games, args.seed)
    if args.json:
        print(json.dumps({"games_per_variant": args.games, "variants": rows}))
        return
    for row in rows:
        print(f"{row['variant']:<22} {row['games']:>7,} games {row['steps']:>10,} steps  {row['seconds']} s  identical")


if __name__ == "__main__":
    main()
