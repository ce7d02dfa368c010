"""OpenSpiel's own algorithms on the sevens games, counted (issue 41): IS-MCTS bots in every seat through
``evaluate_bots``, and outcome-sampling MCCFR with a check that every information state it keys maps to one set
of legal actions.

    python bench/openspiel_algorithms.py [--games 200 100] [--simulations 8] [--iterations 300] [--json]

IS-MCTS plays ``--games`` whole games (the deal included) of ``sevens`` at 5 players with ``pass_limit=1``, then
of ``sevens`` at 8 players (standard rules), every seat an :class:`~sevens.envs.ismcts.ISMCTSBot` with
``--simulations`` simulations a move, OpenSpiel's default (consistent action sets required: a key with two sets
raises); any error is counted and its first line kept. MCCFR runs ``--iterations`` of
``outcome_sampling_mccfr.OutcomeSamplingSolver`` on each family at 5 players with ``pass_limit=1``.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts, outcome_sampling_mccfr

import sevens.envs.openspiel  # noqa: F401  (registers the games)
from sevens.envs.ismcts import ISMCTSBot
from sevens.envs.openspiel import SevensState

ISMCTS_TABLES: list[tuple[str, dict[str, Any]]] = [
    ("sevens", {"players": 5, "settings": "pass_limit=1"}),
    ("sevens", {"players": 8}),
]
MCCFR_GAMES: list[tuple[str, dict[str, Any]]] = [
    ("sevens", {"players": 5, "settings": "pass_limit=1"}),
    ("sevens_killer", {"players": 5, "settings": "pass_limit=1"}),
    ("sevens_seven27", {"players": 5}),
]


def ismcts_games(name: str, params: dict[str, Any], games: int, simulations: int, seed: int = 0) -> dict[str, Any]:
    """Whole games with an IS-MCTS bot in every seat: how many ended, and the errors raised."""
    game = pyspiel.load_game(name, params)
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [ISMCTSBot(game, evaluator, 10.0, simulations, random_state=rng) for _ in range(game.num_players())]
    errors: list[str] = []
    finished = 0
    for _ in range(games):
        try:
            returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        except Exception as exc:  # every error is what is measured
            errors.append(f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}")
            continue
        finished += len(returns) == game.num_players()
    return {"game": str(game), "games": games, "finished": finished, "errors": errors}


class KeyedSets:
    """Every information-state key MCCFR asks for, with the legal actions it had each time."""

    def __init__(self) -> None:
        self.sets: dict[str, set[tuple[int, ...]]] = {}

    def watch(self) -> Any:
        original = SevensState.information_state_string
        sets = self.sets

        def information_state_string(state: Any, player: Any = None) -> str:
            mover = state.current_player() if player is None else player
            key: str = original(state, mover)
            if mover == state.current_player():
                sets.setdefault(key, set()).add(tuple(state.legal_actions()))
            return key

        SevensState.information_state_string = information_state_string
        return original

    @property
    def conflicts(self) -> int:
        return sum(len(actions) > 1 for actions in self.sets.values())


def mccfr_run(name: str, params: dict[str, Any], iterations: int, seed: int = 0) -> dict[str, Any]:
    """Outcome-sampling MCCFR: iterations run, information states keyed, keys with more than one action set."""
    game = pyspiel.load_game(name, params)
    np.random.seed(seed)  # outcome sampling draws from numpy's global generator
    keyed = KeyedSets()
    original = keyed.watch()
    try:
        solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
        for _ in range(iterations):
            solver.iteration()
    finally:
        SevensState.information_state_string = original
    return {"game": str(game), "iterations": iterations, "keys": len(keyed.sets), "conflicts": keyed.conflicts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs=2, default=(200, 100), help="games at 5 players, at 8")
    parser.add_argument("--simulations", type=int, default=8)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    for (name, params), games in zip(ISMCTS_TABLES, args.games, strict=True):
        start = time.process_time()
        rows.append({**ismcts_games(name, params, games, args.simulations), "cpu_s": time.process_time() - start})
    for name, params in MCCFR_GAMES:
        start = time.process_time()
        rows.append({**mccfr_run(name, params, args.iterations), "cpu_s": time.process_time() - start})
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for row in rows:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
