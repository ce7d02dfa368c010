"""How well the search reads hidden hands: the share of hidden cards a deal gives to their real holder.

    python bench/inference.py --preset standard --games 10 [--players N] [--field heuristic] [--samples 20]
                              [--burn-in 300] [--thin 10] [--miss 0.05] [--seed 1000] [--json]

Seat 0 and a field of ``--field`` players (an agent or level of the preset's family; ``heuristic`` by default)
play each game (seeds ``--seed``, ``--seed``+1, …) at the preset's table or ``--players``. At every decision of
seat 0 with a real choice, once at least 12 decisions have been made, the hidden cards are dealt ``--samples``
times by each method and each deal is scored by the share of hidden cards it gives to the seat that really holds
them:

* ``uniform``: the sampler alone (every deal consistent with the public deductions equally likely);
* ``posterior``: the search's Metropolis–Hastings chain over the opponents' choices, each family's own
  (:func:`sevens.agents.shichinarabe.sampling.posterior_deals`, :func:`sevens.agents.killer.sampling.posterior_deals`,
  their defaults unless told), reading them with the tuned ``heuristic``'s policy (in Killer over every past
  choice, as ``expert`` reads);
* ``expert`` (Shichi-narabe): the same chain reading each player as ``expert`` does, a mixture of the levels'
  policies at this table's size.

The difference is what reading the opponents' choices is worth, before any search. Seat 0 plays the
``heuristic``'s moves, so every method reads the same games.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sevens.agents.base import Agent, make_agent
from sevens.agents.common.sampling import CardDealer
from sevens.agents.killer import EXPERT as KILLER_EXPERT
from sevens.agents.killer import sampling as killer_sampling
from sevens.agents.killer.heuristic import HeuristicAgent as KillerHeuristic
from sevens.agents.shichinarabe import ExpertAgent as ShichinarabeExpert
from sevens.agents.shichinarabe import sampling as shichinarabe_sampling
from sevens.agents.shichinarabe.heuristic import HeuristicAgent as ShichinarabeHeuristic
from sevens.agents.shichinarabe.search import SearchAgent as ShichinarabeSearch
from sevens.errors import RulesError
from sevens.games.registry import family_of

MIN_DECISIONS = 12
MAX_GAMES = 1000

Deals = Callable[[random.Random], Any]
Reader = Callable[[Any], Any]
"""A search set up to read hands at a table of these rules: ``rules -> agent`` with a ``posterior`` method."""


def hands_of(deal: Any) -> list[int]:
    """Every seat's hand in a deal of either family (Killer's is the tuple of hands itself)."""
    return list(getattr(deal, "hands", deal))


def placed_right(deal: Any, state: Any, sampler: CardDealer[Any]) -> float:
    """The share of the hidden cards ``deal`` gives to the seat that really holds them."""
    hands = hands_of(deal)
    right: int = sum((hands[s] & state.hand(s) & sampler.hidden).bit_count() for s in sampler.seats)
    return right / max(1, sampler.hidden.bit_count())


def expert_at(rules: Any) -> ShichinarabeExpert:
    """Shichi-narabe's ``expert`` as it sits at a table of ``rules`` (its policy and mixture of the levels)."""
    expert = ShichinarabeExpert()
    expert.sit_at(rules)
    return expert


@dataclass(frozen=True)
class FamilyReadings:
    """What the measure needs of a family: seat 0's player (whose knowledge of the round is read), the sampler
    of a view's hidden cards, and the searches whose reading is compared with it."""

    hero: Callable[[], Agent]
    sampler: Callable[[Any, Any], CardDealer[Any]]
    readers: dict[str, Reader]


FAMILIES = {
    "shichinarabe": FamilyReadings(
        ShichinarabeHeuristic,
        shichinarabe_sampling.Sampler,
        {"posterior": lambda rules: ShichinarabeSearch(), "expert": expert_at},
    ),
    "killer": FamilyReadings(KillerHeuristic, killer_sampling.Sampler, {"posterior": lambda rules: KILLER_EXPERT()}),
}
"""``posterior``: the search's own reading (in Killer the expert's: its chain over every past choice);
``expert``: Shichi-narabe's expert's, a mixture of the levels' policies at this table's size."""


def measure(
    preset: str,
    games: int,
    samples: int,
    burn_in: int,
    thin: int,
    miss: float,
    seed: int,
    players: int | None = None,
    field: str = "heuristic",
) -> dict[str, Any]:
    """Mean share placed right per method over seat 0's decisions in ``games`` games against ``field``."""
    family = family_of(preset)
    if family.name not in FAMILIES:
        raise ValueError(f"--preset {preset} is not a sevens family's; allowed: {', '.join(sorted(FAMILIES))} presets")
    rules = family.presets[preset]
    if players is not None:
        rules = rules.replace(players=players)
    reads = FAMILIES[family.name]
    readers = {method: reader(rules) for method, reader in reads.readers.items()}
    for reader in readers.values():  # the chain's settings as told
        reader.burn_in, reader.thin, reader.miss = burn_in, thin, miss
    shares: dict[str, list[float]] = {"uniform": [], **{method: [] for method in readers}}
    for game in range(games):
        state = family.new_state(rules, seed + game)
        agents = [reads.hero(), *(make_agent(field, family.name, True, True) for _ in range(rules.players - 1))]
        for seat, agent in enumerate(agents):
            agent.reset(seat, seat)
        while (mover := state.to_move) is not None:
            view = state.view(mover)
            legal = state.legal_actions()
            if mover == 0:
                knowledge = agents[0].read(view)  # type: ignore[attr-defined]
                if len(knowledge.decisions) >= MIN_DECISIONS and len(legal) > 1:
                    sampler = reads.sampler(view, knowledge)
                    methods: dict[str, Deals] = {"uniform": sampler.sample}
                    for method, reader in readers.items():
                        methods[method] = reader.posterior(view, knowledge, sampler)
                    rng = random.Random(game)
                    for method, deals in methods.items():
                        shares[method].append(
                            statistics.mean(placed_right(deals(rng), state, sampler) for _ in range(samples))
                        )
            agent = agents[mover]
            state.apply(agent.act(view if agent.needs_view else None, legal))
    return {
        "preset": preset,
        "players": rules.players,
        "field": field,
        "games": games,
        "decisions": len(shares["uniform"]),
        "methods": list(shares),
        **{method: round(statistics.mean(values), 4) if values else None for method, values in shares.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=None, help="the table's size (default: the preset's)")
    parser.add_argument("--field", default="heuristic", help="the other seats' agent or level")
    parser.add_argument("--samples", type=int, default=20)
    search = ShichinarabeSearch()  # the chain's settings default to the search agent's
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
    try:
        report = measure(
            args.preset,
            args.games,
            args.samples,
            args.burn_in,
            args.thin,
            args.miss,
            args.seed,
            args.players,
            args.field,
        )
    except (ValueError, RulesError) as error:
        parser.error(str(error))
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"{args.preset}, {report['players']} players, field {args.field}: {report['decisions']} decisions of "
            f"seat 0 in {args.games} games; share of hidden cards placed with their real holder: "
            + ", ".join(f"{method} {report[method]}" for method in report["methods"])
        )


if __name__ == "__main__":
    main()
