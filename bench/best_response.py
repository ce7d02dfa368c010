"""Best response within the policy: can other weights for one seat beat three default ``heuristic`` players?

    python bench/best_response.py --preset standard --deals 1500 --steps 60 [--holdout 1500] [--seed 1]
                                  [--workers 2] [--json]

One seat plays ``HeuristicAgent(weights)``, the other seats the default ``heuristic``; every deal is played once
per seat (the duplicate format of ``sevens arena``, deals dealt as ``--seed`` deals them), so with the default
weights the seat wins exactly one game in ``players`` (the same deterministic game, seen from every seat).
A random local search changes two weights at a time (normal steps of 0.5; now and then the pass ``reserve``
or ``pressure_options``) and keeps a change when it wins more games on the search deals. The best weights'
rate on those deals is biased upwards by the selection, so they are measured again on ``--holdout`` fresh
deals: that figure is the honest one.

It answers whether the search's fixed policy (its default choice and its own playouts) leaves strength on the
table against these opponents: if no weights win much more than 1/players, a stronger player has to come from
search or information, not from retuning the policy.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from sevens.agents.shichinarabe.heuristic import HeuristicAgent
from sevens.agents.shichinarabe.policy import DEFAULT_WEIGHTS, Weights
from sevens.games.shichinarabe import Rules, State
from sevens.rng import derive_seed

MAX_DEALS = 100_000
MAX_STEPS = 10_000
STEP = 0.5
INTEGER_CHOICES = {"reserve": (0, 1), "pressure_options": (1, 2, 3, 4, 5)}


def wins_of(rules: Rules, weights: Weights, seed: int, deals: range) -> tuple[int, int]:
    """Games won by the seat playing ``weights`` against default heuristics, and games played."""
    wins = games = 0
    for deal in deals:
        deal_seed = derive_seed(seed, deal)
        for hero in range(rules.players):
            state = State.new(rules, deal_seed)
            agents = [HeuristicAgent(weights if seat == hero else DEFAULT_WEIGHTS) for seat in range(state.players)]
            while (mover := state.to_move) is not None:
                state.apply(agents[mover].act(state.view(mover), state.legal_actions()))
            wins += state.result().ranking[0] == hero
            games += 1
    return wins, games


def win_rate(
    pool: ProcessPoolExecutor | None, workers: int, rules: Rules, weights: Weights, seed: int, deals: range
) -> float:
    """``wins_of`` over ``deals``, split between ``workers`` processes of ``pool`` (or here, without a pool)."""
    parts = [deals[i::workers] for i in range(workers)]
    same = [rules] * workers, [weights] * workers, [seed] * workers
    results = (map if pool is None else pool.map)(wins_of, *same, parts)
    wins = games = 0
    for w, g in results:
        wins, games = wins + w, games + g
    return wins / games


def neighbour(weights: Weights, rng: random.Random) -> Weights:
    """``weights`` with two real-valued weights moved by a normal step, and sometimes an integer one redrawn."""
    values = dataclasses.asdict(weights)
    real = [name for name in values if name not in INTEGER_CHOICES]
    for name in rng.sample(real, 2):
        values[name] = round(values[name] + rng.gauss(0.0, STEP), 2)
    for name, choices in INTEGER_CHOICES.items():
        if rng.random() < 0.15:
            values[name] = rng.choice(choices)
    return Weights(**values)


def search(
    preset: str, deals: int, steps: int, holdout: int, seed: int, workers: int, search_seed: int = 3
) -> dict[str, Any]:
    """The random local search and its report (see the module's notes)."""
    rules = Rules.preset(preset)
    tuning, fresh = range(deals), range(deals, deals + holdout)
    rng = random.Random(search_seed)
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        best, best_rate = DEFAULT_WEIGHTS, win_rate(pool, workers, rules, DEFAULT_WEIGHTS, seed, tuning)
        baseline = best_rate
        for _ in range(steps):
            candidate = neighbour(best, rng)
            rate = win_rate(pool, workers, rules, candidate, seed, tuning)
            if rate > best_rate:
                best, best_rate = candidate, rate
        held_out = win_rate(pool, workers, rules, best, seed, fresh) if holdout else None
    finally:
        if pool is not None:
            pool.shutdown()
    default = dataclasses.asdict(DEFAULT_WEIGHTS)
    return {
        "preset": preset,
        "players": rules.players,
        "deals": deals,
        "steps": steps,
        "baseline": round(baseline, 4),
        "best_on_search_deals": round(best_rate, 4),
        "best_on_holdout": None if held_out is None else round(held_out, 4),
        "holdout_deals": holdout,
        "changed_weights": {k: v for k, v in dataclasses.asdict(best).items() if v != default[k]},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--holdout", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.deals <= MAX_DEALS:
        parser.error(f"--deals must be between 1 and {MAX_DEALS}")
    if not 0 <= args.holdout <= MAX_DEALS:
        parser.error(f"--holdout must be between 0 and {MAX_DEALS}")
    if not 0 <= args.steps <= MAX_STEPS:
        parser.error(f"--steps must be between 0 and {MAX_STEPS}")
    report = search(args.preset, args.deals, args.steps, args.holdout, args.seed, max(1, args.workers))
    if args.json:
        print(json.dumps(report))
        return
    held_out = report["best_on_holdout"]
    fresh = "not re-measured" if held_out is None else f"{held_out:.1%} on {args.holdout} fresh deals"
    print(
        f"{args.preset}: default weights win {report['baseline']:.1%}; the best of {args.steps} steps "
        f"{report['best_on_search_deals']:.1%} on its {args.deals} deals, {fresh}; "
        f"changed: {report['changed_weights']}"
    )


if __name__ == "__main__":
    main()
