"""The compiled kernel against the Python engine, move for move, on many games per variant (issue 22).

    python bench/kernel_crosscheck.py [--games 3000] [--json]

For each variant: ``--games`` random games with 4 players and ``--games // 4`` for each of 2, 3, 5, 7 and 12
players; ``--games // 2`` heuristic games with 4 players; ``--games // 4`` random games started from a Python
position 15 actions in. At every step the legal actions must be the same, the heuristic's choice must be the
Python policy's, and every round must end with the same ranking, outcomes and E2 points. The first difference
stops the run with its seed and step.

How a game is checked (the functions below, which tests/kernel also use; they live here, not in the package,
because they read the agents' policy and the kernel sits below the agents):

For each seed both deal the same round (the kernel from ``State.new``'s deal); the kernel plays it recording at
every step its legal actions and its choice; the Python engine is driven with the same choice indices and must
offer exactly the same legal actions at every step and end with the same ranking, outcomes and E2 points. With
``policy="heuristic"`` (no noise) the Python policy's own choice (``score_actions`` and the first best score)
must also be the kernel's, each seat with its own weights when ``weights`` gives them. With ``midgame`` the
kernel starts instead from the Python state after that many random actions
(:meth:`~sevens.kernel.batch.Batch.from_states`).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sevens.agents.common.heuristic import choose_index
from sevens.agents.common.search import seat_points
from sevens.agents.shichinarabe.policy import Situation, score_actions
from sevens.cards import mask_of
from sevens.games.shichinarabe import Rules, State
from sevens.games.shichinarabe.actions import ABOVE, BELOW, JOKER, PASS, PLAY, SWAP, Action
from sevens.kernel.batch import Batch, Policy
from sevens.policy_weights import DEFAULT_WEIGHTS, Weights


class Mismatch(AssertionError):
    """The kernel and the Python engine disagree; the message says where."""


@dataclass(frozen=True, slots=True)
class Report:
    games: int
    steps: int


def check_games(
    rules: Rules,
    seeds: Iterable[int],
    policy: Policy = "random",
    midgame: int = 0,
    noise: float = 0.0,
    weights: Sequence[Weights] | None = None,
) -> Report:
    """Cross-check one game per seed; raises :class:`Mismatch` at the first difference. ``weights``: the
    heuristic's per seat (default: :data:`~sevens.policy_weights.DEFAULT_WEIGHTS` for all)."""
    games = steps = 0
    for seed in seeds:
        state = State.new(rules, seed)
        if midgame:
            walk = random.Random(seed)
            for _ in range(midgame):
                if state.is_over():
                    break
                legal = state.legal_actions()
                state.apply(legal[walk.randrange(len(legal))])
            batch = Batch.from_states([state])
        else:
            batch = Batch.from_seeds(rules, [seed])
        where = f"{rules.text()}, {rules.players} players, seed {seed}"
        steps += check_batch_game(batch, state, policy, seed, noise, where, weights)
        games += 1
    return Report(games, steps)


def check_state(state: State, policy: Policy = "random", seed: int = 0, noise: float = 0.0) -> int:
    """Cross-check the rest of the round from a Python ``state`` (changed: it is played to its end); returns
    the number of steps compared."""
    return check_batch_game(Batch.from_states([state]), state, policy, seed, noise, state.position())


def check_batch_game(
    batch: Batch,
    state: State,
    policy: Policy,
    seed: int,
    noise: float,
    where: str,
    weights: Sequence[Weights] | None = None,
) -> int:
    """Play ``batch``'s first round in the kernel and drive ``state`` (the same round) with its choices."""
    rules = state.rules
    seat_weights = [DEFAULT_WEIGHTS] * rules.players if weights is None else list(weights)
    trace, out = batch.trace(0, policy, seed=seed, noise=noise, weights=seat_weights)
    for k, (cards, below, above, swaps, can_pass, choice) in enumerate(trace.tolist()):
        legal = state.legal_actions()
        python = (
            mask_of(a.card for a in legal if a.kind == PLAY),
            mask_of(a.card for a in legal if a.kind == JOKER and a.side == BELOW),
            mask_of(a.card for a in legal if a.kind == JOKER and a.side == ABOVE),
            mask_of(a.card for a in legal if a.kind == SWAP),
            bool(legal) and legal[-1].kind == PASS,
        )
        kernel = (cards, below, above, swaps, bool(can_pass))
        if python != kernel:
            raise Mismatch(
                f"{where}, step {k}: Python legal {[str(a) for a in legal]} = {python}, kernel {kernel} "
                "(plays, Jk+X, X+Jk, swaps as card sets; pass)"
            )
        if policy == "heuristic" and noise == 0.0:
            _check_heuristic(state, legal, choice, seat_weights, f"{where}, step {k}")
        state.apply(legal[choice])
    if not state.is_over():
        raise Mismatch(f"{where}: the kernel ended after {len(trace)} steps, the Python round goes on")
    result = state.result()
    ranking = tuple(out.ranking[0].tolist())
    outcomes = out.outcome_names(0)
    points = [seat_points(result, s) for s in range(rules.players)]
    if ranking != result.ranking or outcomes != result.outcomes or points != out.points[0].tolist():
        raise Mismatch(
            f"{where}: Python {result.ranking} {result.outcomes} {points}, "
            f"kernel {ranking} {outcomes} {out.points[0].tolist()}"
        )
    return len(trace)


def _check_heuristic(
    state: State, legal: Sequence[Action], choice: int, weights: Sequence[Weights], where: str
) -> None:
    seat = state.to_move
    assert seat is not None
    expected = python_choice(state, weights[seat])
    if expected != choice:
        raise Mismatch(f"{where}: the Python policy plays {legal[expected]}, the kernel {legal[choice]}")


def python_choice(state: State, weights: Weights = DEFAULT_WEIGHTS) -> int:
    """The Python policy's choice for the seat to move: ``score_actions`` and the first best score."""
    seat = state.to_move
    assert seat is not None
    limit = state.rules.pass_limit
    situation = Situation(
        rules=state.rules,
        hand=state.hand(seat),
        jokers=state.jokers_in_hand(seat),
        occupied=state.table | state.joker_positions,
        playable=state.playable_positions,
        passes_left=None if limit is None else limit - state.passes_used(seat),
    )
    return choose_index(score_actions(situation, state.legal_actions(), weights))


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
        plan: list[tuple[Rules, Sequence[int], Policy, int]] = [(rules, seeds, "random", 0)]
        plan += [(rules.replace(players=n), seeds[: games // 4], "random", 0) for n in (2, 3, 5, 7, 12)]
        plan += [(rules, seeds[: games // 2], "heuristic", 0), (rules, seeds[: games // 4], "random", 15)]
        for variant, chosen, policy, midgame in plan:
            report = check_games(variant, chosen, policy, midgame=midgame)
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
