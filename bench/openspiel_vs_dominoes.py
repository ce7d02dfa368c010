"""Random rollouts of the OpenSpiel games against OpenSpiel's pure-Python ``python_team_dominoes``, per action,
in one run (issue 31).

    python bench/openspiel_vs_dominoes.py [--seconds 2] [--rounds 3] [--json]

Every game plays whole games from ``new_initial_state()``: at a chance node a uniformly random outcome of
``chance_outcomes()``, else a uniformly random legal action; an action is one ``apply_action`` (chance outcomes
included: both deal their cards one at a time as chance). Ours are 4-player ``sevens`` (``standard``),
``sevens_killer`` and ``sevens_seven27``. The games alternate ``--rounds`` times; each ratio reported is the
median of the rounds' ratios to ``python_team_dominoes``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

GAMES = {
    "python_team_dominoes": {},
    "sevens": {"players": 4},
    "sevens_killer": {"players": 4},
    "sevens_seven27": {"players": 4},
}
YARDSTICK = "python_team_dominoes"


def actions_per_second(game: Any, seconds: float, seed: int = 0) -> float:
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
    return actions / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    import pyspiel
    from open_spiel.python.games import team_dominoes  # noqa: F401 (registers python_team_dominoes)

    import sevens.envs.openspiel  # noqa: F401 (registers the sevens games)

    games = {name: pyspiel.load_game(name, params) for name, params in GAMES.items()}
    rates: dict[str, list[float]] = {name: [] for name in games}
    for _ in range(args.rounds):
        for name, game in games.items():
            rates[name].append(actions_per_second(game, args.seconds))
    report: dict[str, float] = {name: statistics.median(values) for name, values in rates.items()}
    for name in games:
        if name != YARDSTICK:
            ratios = [ours / theirs for ours, theirs in zip(rates[name], rates[YARDSTICK], strict=True)]
            report[f"{name} / {YARDSTICK}"] = statistics.median(ratios)
    if args.json:
        print(json.dumps(report))
        return
    for key, value in report.items():
        print(f"{key:40} {value:,.2f}")


if __name__ == "__main__":
    main()
