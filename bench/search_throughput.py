"""How many samples Shichi-narabe's ``search`` plays out per move within its time budget.

    python bench/search_throughput.py --preset tunnel --games 4 [--think-ms 300] [--seed 0] [--agent expert]
        [--kernel both|on|off] [--json]

Four ``heuristic`` players play each game (seeds ``--seed``, ``--seed``+1, …); at every decision of seat 0
with more than one legal action, a ``search`` agent (``--agent search``) or the ``expert`` level (``search``
reading its opponents as the levels' mixture) is asked the same question and the number of samples it
managed (one deal from the posterior chain, every candidate played out on it) is recorded. More samples per
move is what a faster chain or rollout buys; compare two versions of the code in one run of each, on the same
machine, as a ratio. ``--kernel both`` (the default) measures the rollouts on the compiled kernel and on the
Python path on the same decisions, alternating per decision so that both see the same machine load, and
reports the ratio; ``on`` or ``off`` only one of them.
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

from sevens.agents.shichinarabe import HeuristicAgent
from sevens.agents.shichinarabe.kernel_playouts import available
from sevens.agents.shichinarabe.levels import LEVEL_MIXTURE
from sevens.agents.shichinarabe.search import DEFAULT_THINK_MS, SearchAgent
from sevens.games.shichinarabe import Rules, State

MAX_GAMES = 1000


KERNEL_CHOICES = {"both": (True, False), "on": (True,), "off": (False,)}
AGENTS = ("search", "expert")


def measure(
    preset: str, games: int, think_ms: float, seed: int, kernel: str = "off", agent: str = "search"
) -> dict[str, Any]:
    """Samples per move of ``agent`` at seat 0's decisions in ``games`` games of heuristic players, with its
    rollouts on the kernel, on the Python path, or both (each asked every question, in turn)."""
    rules = Rules.preset(preset)
    paths = KERNEL_CHOICES[kernel]
    samples: dict[bool, list[int]] = {path: [] for path in paths}
    for game in range(games):
        state = State.new(rules, seed + game)
        players = [HeuristicAgent() for _ in range(state.players)]
        for seat, player in enumerate(players):
            player.reset(seat, seat)
        searches = {}
        for path in paths:
            searches[path] = SearchAgent(
                think_ms=think_ms, kernel=path, opponents=LEVEL_MIXTURE if agent == "expert" else None
            )
            searches[path].reset(0, seed + game)
        while (mover := state.to_move) is not None:
            legal = state.legal_actions()
            if mover == 0 and len(legal) > 1:
                for path, search in searches.items():
                    search.last_samples = 0
                    search.act(state.view(0), legal)
                    if search.last_samples:  # 0: one sensible candidate, nothing played out
                        samples[path].append(search.last_samples)
            state.apply(players[mover].act(state.view(mover), legal))
    report: dict[str, Any] = {
        "preset": preset, "agent": agent, "games": games, "think_ms": think_ms,
        "decisions": len(samples[paths[0]]),
    }  # fmt: skip
    for path, found in samples.items():
        name = "kernel" if path else "python"
        report[name] = {
            "samples_per_move": round(statistics.mean(found), 1) if found else None,
            "median": statistics.median(found) if found else None,
        }
    if len(paths) == 2 and report["python"]["samples_per_move"]:
        report["ratio"] = round(report["kernel"]["samples_per_move"] / report["python"]["samples_per_move"], 2)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--think-ms", type=float, default=DEFAULT_THINK_MS)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", choices=AGENTS, default="search")
    parser.add_argument("--kernel", choices=list(KERNEL_CHOICES), default="both")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be between 1 and {MAX_GAMES}")
    if args.think_ms <= 0:
        parser.error("--think-ms must be more than 0")
    if args.kernel != "off" and not available():
        parser.error("--kernel on/both needs numba (pip install 'sevens[research]'); use --kernel off")
    report = measure(args.preset, args.games, args.think_ms, args.seed, args.kernel, args.agent)
    if args.json:
        print(json.dumps(report))
        return
    print(
        f"{args.preset}, {args.agent}: {report['decisions']} decisions of seat 0 in {args.games} games "
        f"at {args.think_ms} ms"
    )
    for name in ("kernel", "python"):
        if name in report:
            found = report[name]
            print(f"  {name}: {found['samples_per_move']} samples per move (median {found['median']})")
    if "ratio" in report:
        print(f"  kernel / python: {report['ratio']}x")


if __name__ == "__main__":
    main()
