"""Hindsight bound: how many (deal, seat) pairs could *any* player win against three deterministic opponents?

    python bench/hindsight.py --preset standard --deals 25 [--opponent heuristic] [--nodes 3000] [--workers 2]
                              [--seed 1] [--json]

The ``heuristic`` agents are deterministic functions of what they have seen, so once the deal and the seat
are fixed, the game is a one-player puzzle for that seat: a sequence of its own actions decides everything.
For each deal (dealt exactly as ``sevens arena --seed S`` deals them) and each seat, a depth-first search
over that seat's actions, seeing every hand, answers "is there a sequence that finishes first?" (the
opponents' own move first, so a win is found early when the policy almost wins). Each search is capped at
``--nodes`` decisions of the seat; a capped search counts as *unknown*.

The share of *won* pairs is a lower bound, and won + unknown an upper bound, on the win rate any agent (even
one seeing every hand) can reach against those opponents on these deals. It says how far a target such
as "40% against three ``heuristic`` players" is from what the cards allow.
"""

from __future__ import annotations

import argparse
import copy
import json
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from sevens.agents.base import Agent, make_agent
from sevens.cli.common import build_rules
from sevens.rng import derive_seed

MAX_DEALS = 10_000
MAX_NODES = 10_000_000


class OutOfNodes(Exception):
    """The search used its node budget without an answer."""


@dataclass(frozen=True, slots=True)
class Task:
    preset: str
    opponent: str
    seed: int
    deal: int
    seat: int
    nodes: int


def _advance(state: Any, agents: list[Agent], seat: int) -> None:
    """Let the opponents move until it is ``seat``'s turn or the round is over."""
    while (mover := state.to_move) is not None and mover != seat:
        agent = agents[mover]
        state.apply(agent.act(state.view(mover), state.legal_actions()))


def _can_win(state: Any, agents: list[Agent], seat: int, budget: list[int]) -> bool:
    _advance(state, agents, seat)
    if state.to_move is None:
        return bool(state.result().ranking[0] == seat)
    budget[0] -= 1
    if budget[0] < 0:
        raise OutOfNodes
    legal = state.legal_actions()
    # The seat's own copy of the opponents' policy sees the view too, so its choice is tried first.
    first = agents[seat].act(state.view(seat), legal)
    for action in [first, *(a for a in legal if a != first)]:
        branch, branch_agents = state.clone(), copy.deepcopy(agents)
        branch.apply(action)
        if _can_win(branch, branch_agents, seat, budget):
            return True
    return False


def solve(task: Task) -> str:
    """``"won"``, ``"lost"`` or ``"unknown"`` for one (deal, seat)."""
    family, rules = build_rules(task.preset, None, None)
    deal_seed = derive_seed(task.seed, task.deal)
    state = family.new_state(rules, deal_seed)
    agents = [make_agent(task.opponent, family.name) for _ in range(state.players)]
    for seat, agent in enumerate(agents):
        agent.reset(seat, derive_seed(deal_seed, 1 + seat))
    try:
        return "won" if _can_win(state, agents, task.seat, [task.nodes]) else "lost"
    except OutOfNodes:
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--deals", type=int, default=25)
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--nodes", type=int, default=3000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.deals <= MAX_DEALS:
        parser.error(f"--deals must be between 1 and {MAX_DEALS}")
    if not 1 <= args.nodes <= MAX_NODES:
        parser.error(f"--nodes must be between 1 and {MAX_NODES}")
    family, rules = build_rules(args.preset, None, None)
    seats = family.new_state(rules, 0).players
    tasks = [
        Task(args.preset, args.opponent, args.seed, deal, seat, args.nodes)
        for deal in range(args.deals)
        for seat in range(seats)
    ]
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        results = list(pool.map(solve, tasks, chunksize=1))
    counts = {key: results.count(key) for key in ("won", "lost", "unknown")}
    report = {
        "preset": args.preset,
        "opponent": args.opponent,
        "pairs": len(results),
        "nodes": args.nodes,
        **counts,
        "won_share": round(counts["won"] / len(results), 4),
        "upper_bound": round((counts["won"] + counts["unknown"]) / len(results), 4),
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"{args.preset}: {len(results)} (deal, seat) pairs vs {args.opponent}: won {counts['won']}, "
            f"lost {counts['lost']}, unknown {counts['unknown']} (node budget {args.nodes}); "
            f"any player wins between {report['won_share']:.1%} and {report['upper_bound']:.1%}"
        )


if __name__ == "__main__":
    main()
