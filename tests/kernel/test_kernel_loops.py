"""The fast loop for rules without jokers (``engine.play_plain``: random and heuristic play, the search's
rollouts, the vector env's opponents) plays the general loop's games exactly (issue 41, item 6): every game's
final row, ranking, points and number of actions, with noise and per-seat weights, from deals and from
positions in the middle of a round, for every rule without jokers."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from sevens.agents.shichinarabe import HARD_WEIGHTS, NORMAL_WEIGHTS
from sevens.games.shichinarabe import Rules, State
from sevens.kernel import Batch
from sevens.kernel.batch import Policy
from sevens.policy_weights import DEFAULT_WEIGHTS

VARIANTS = [
    ("standard", {}),
    ("standard", {"pass_limit": 0}),
    ("standard", {"pass_limit": None}),  # B11 stalemates
    ("standard", {"voluntary_pass": False}),
    ("tunnel", {}),
    ("tunnel", {"tunnel": "end"}),
    ("ak_link", {}),
    ("fan_tan", {}),
    ("english", {}),
    ("kids", {}),
]


def same_games(left: Batch, right: Batch, policy: Policy, **play: Any) -> int:
    """Play ``left`` on the fast loop and ``right`` on the general one; assert the same games; their actions."""
    fast = left.play(policy, loop="fast", **play)
    general = right.play(policy, loop="general", **play)
    assert (left.state == right.state).all()
    for name in ("ranking", "outcome", "points", "steps"):
        assert (getattr(fast, name) == getattr(general, name)).all(), name
    return int(fast.steps.sum())


@pytest.mark.parametrize(("preset", "changes"), VARIANTS)
@pytest.mark.parametrize("players", [2, 4, 7])
def test_the_fast_loop_plays_the_general_loops_games(preset: str, changes: dict[str, object], players: int) -> None:
    rules = Rules.preset(preset, players=players, **changes)
    games = 300
    steps = 0
    plays: tuple[tuple[Policy, float], ...] = (("random", 0.0), ("heuristic", 0.0), ("heuristic", 0.4))
    for policy, noise in plays:
        steps += same_games(
            Batch.blank(rules, games), Batch.blank(rules, games), policy, seed=players, deal=True, noise=noise
        )  # fmt: skip
    seats = [DEFAULT_WEIGHTS, HARD_WEIGHTS, NORMAL_WEIGHTS] * players
    per_seat: dict[str, Any] = {"weights": seats[:players], "noise": [0.1 * s for s in range(players)]}
    fresh = Batch.blank(rules, games), Batch.blank(rules, games)
    steps += same_games(*fresh, "heuristic", seed=3, deal=True, **per_seat)
    assert steps > 4 * games * 10  # whole games were compared


def test_from_positions_in_the_middle_of_a_round_too() -> None:
    rules = Rules.preset("standard")
    walk = np.random.default_rng(1)
    states = []
    for seed in range(120):
        state = State.new(rules, seed)
        for _ in range(int(walk.integers(0, 40))):
            if state.is_over():
                break
            legal = state.legal_actions()
            state.apply(legal[int(walk.integers(len(legal)))])
        states.append(state)
    policies: tuple[Policy, ...] = ("random", "heuristic")
    for policy in policies:
        same_games(Batch.from_states(states), Batch.from_states(states), policy, seed=7, noise=0.3)


def test_an_unknown_loop_is_refused() -> None:
    with pytest.raises(ValueError, match="allowed: fast, general"):
        Batch.blank(Rules.preset("standard"), 2).play("random", loop="quick")  # type: ignore[arg-type]
