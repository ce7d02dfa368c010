"""How well the search reads hidden hands: the share of hidden cards a deal gives to their real holder.

    python bench/inference.py --preset standard --games 10 [--samples 20] [--burn-in 300] [--thin 10]
                              [--miss 0.05] [--seed 1000] [--json]

Four ``heuristic`` players play each game (seeds ``--seed``, ``--seed``+1, …). At every decision of seat 0
with a real choice, once at least 12 decisions have been made, the hidden cards are dealt ``--samples`` times
by each method and each deal is scored by the share of hidden cards it gives to the seat that really holds
them:

* ``uniform``: the sampler alone (every deal consistent with the public deductions equally likely);
* ``posterior``: the search's Metropolis–Hastings chain over the opponents' choices
  (:func:`sevens.agents.shichinarabe.sampling.posterior_deals`, its defaults unless told).

The difference is what reading the opponents' choices is worth, before any search.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from typing import Any

from sevens.agents.shichinarabe import HeuristicAgent
from sevens.agents.shichinarabe.knowledge import Knowledge
from sevens.agents.shichinarabe.policy import DEFAULT_WEIGHTS
from sevens.agents.shichinarabe.sampling import Deal, OpponentModel, Sampler, posterior_deals
from sevens.agents.shichinarabe.search import SearchAgent
from sevens.games.shichinarabe import Rules, State

MIN_DECISIONS = 12
MAX_GAMES = 1000


def placed_right(deal: Deal, state: State, sampler: Sampler) -> float:
    """The share of the hidden cards ``deal`` gives to the seat that really holds them."""
    right = sum((deal.hands[s] & state.hand(s) & sampler.hidden).bit_count() for s in sampler.seats)
    return right / max(1, sampler.hidden.bit_count())


def measure(preset: str, games: int, samples: int, burn_in: int, thin: int, miss: float, seed: int) -> dict[str, Any]:
    """Mean share placed right per method over seat 0's decisions in ``games`` heuristic games."""
    rules = Rules.preset(preset)
    shares: dict[str, list[float]] = {"uniform": [], "posterior": []}
    for game in range(games):
        state = State.new(rules, seed + game)
        agents = [HeuristicAgent() for _ in range(state.players)]
        for seat, agent in enumerate(agents):
            agent.reset(seat, seat)
        knowledge: Knowledge | None = None
        while (mover := state.to_move) is not None:
            view = state.view(mover)
            legal = state.legal_actions()
            if mover == 0:
                knowledge = (knowledge or Knowledge.fresh(view)).update(view)
                if len(knowledge.decisions) >= MIN_DECISIONS and len(legal) > 1:
                    sampler = Sampler(view, knowledge)
                    model = OpponentModel(view, knowledge, DEFAULT_WEIGHTS, miss)
                    deals = posterior_deals(sampler, model, burn_in, thin)
                    rng = random.Random(game)
                    uniform = [placed_right(sampler.sample(rng), state, sampler) for _ in range(samples)]
                    posterior = [placed_right(deals(rng), state, sampler) for _ in range(samples)]
                    shares["uniform"].append(statistics.mean(uniform))
                    shares["posterior"].append(statistics.mean(posterior))
            state.apply(agents[mover].act(view, legal))
    return {
        "preset": preset,
        "games": games,
        "decisions": len(shares["uniform"]),
        **{method: round(statistics.mean(values), 4) if values else None for method, values in shares.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--samples", type=int, default=20)
    search = SearchAgent()  # the chain's settings default to the search agent's
    parser.add_argument("--burn-in", type=int, default=search.burn_in)
    parser.add_argument("--thin", type=int, default=search.thin)
    parser.add_argument("--miss", type=float, default=search.miss)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be between 1 and {MAX_GAMES}")
    if args.samples < 1 or args.burn_in < 0 or args.thin < 1:
        parser.error("--samples and --thin must be at least 1, --burn-in at least 0")
    if not 0.0 < args.miss <= 1.0:
        parser.error("--miss must be in (0, 1]")
    report = measure(args.preset, args.games, args.samples, args.burn_in, args.thin, args.miss, args.seed)
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"{args.preset}: {report['decisions']} decisions of seat 0 in {args.games} games; share of hidden "
            f"cards placed with their real holder: uniform {report['uniform']}, posterior {report['posterior']}"
        )


if __name__ == "__main__":
    main()
