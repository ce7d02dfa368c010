"""``search``/``expert`` on the compiled kernel against its Python path (issue 20, "speed is strength").

The fingerprint: with no rollout noise, both paths draw the same samples and opponent policies and play the
same games, so every candidate gets the same value and the search makes the same moves. Fixed sample counts
(``rollouts``), never a clock."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

pytest.importorskip("numba")

from sevens.agents.base import Agent
from sevens.agents.common.montecarlo import StoppingRule
from sevens.agents.shichinarabe import LEVEL_MIXTURE, NORMAL_WEIGHTS, HeuristicAgent
from sevens.agents.shichinarabe.policy import DEFAULT_WEIGHTS
from sevens.agents.shichinarabe.sampling import OpponentModel, Sampler
from sevens.agents.shichinarabe.search import SearchAgent
from sevens.games.shichinarabe import Rules, State
from sevens.games.shichinarabe.actions import Action
from sevens.games.shichinarabe.view import View

from .test_inference import _cut_views


class Recording(SearchAgent):
    """A search that keeps the values of every candidate it evaluated."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.evaluations: list[list[list[float]]] = []

    def _evaluate(self, view: View, candidates: list[Action], stop: StoppingRule | None = None) -> list[list[float]]:
        values = super()._evaluate(view, candidates, stop)
        self.evaluations.append(values)
        return values


def fingerprint(rules: Rules, seeds: Sequence[int], kernel: bool, **search: object) -> tuple[list[str], list[object]]:
    """Seat 0 searches, the others play ``normal``; the moves of every game and the values behind them."""
    moves: list[str] = []
    values: list[object] = []
    for seed in seeds:
        state = State.new(rules, seed)
        agent = Recording(rollouts=12, noise=0.0, self_noise=0.0, kernel=kernel, **search)
        players: list[Agent] = [agent, *(HeuristicAgent(NORMAL_WEIGHTS) for _ in range(state.players - 1))]
        for seat, player in enumerate(players):
            player.reset(seat, seed * 10 + seat)
        while (mover := state.to_move) is not None:
            action = players[mover].act(state.view(mover), state.legal_actions())
            moves.append(f"{mover}:{action}")
            state.apply(action)
        values.extend(agent.evaluations)
    return moves, values


@pytest.mark.parametrize(
    ("preset", "seeds"),
    [("standard", range(3)), ("tunnel", range(2)), ("joker", range(2)), ("kids", range(1)), ("fan_tan", range(1))],
)
@pytest.mark.parametrize("mixture", [True, False], ids=["expert", "search"])
def test_kernel_and_python_rollouts_give_the_same_values_and_moves(preset: str, seeds: range, mixture: bool) -> None:
    rules = Rules.preset(preset)
    search: dict[str, object] = {"opponents": LEVEL_MIXTURE} if mixture else {}
    python = fingerprint(rules, seeds, kernel=False, **search)
    compiled = fingerprint(rules, seeds, kernel=True, **search)
    assert python[1], "the search never had a choice to make"
    assert compiled[1] == python[1]
    assert compiled[0] == python[0]


def test_with_noise_the_kernel_path_plays_other_games_but_pairs_its_candidates() -> None:
    """With noise the two generators differ (documented in kernel_playouts), yet every candidate of a
    sample still shares one stream: a candidate equal to another gets equal values on every sample."""
    rules = Rules.preset("standard")
    state = State.new(rules, 4)
    while state.to_move != 0 or len(state.legal_actions()) < 3:
        mover = state.to_move
        assert mover is not None  # a deal of standard does not end before seat 0 has three choices
        state.apply(HeuristicAgent().act(state.view(mover), state.legal_actions()))
    legal = state.legal_actions()
    runs = []
    for kernel in (False, True):
        agent = SearchAgent(rollouts=20, noise=0.3, kernel=kernel)
        agent.reset(0, 1)
        agent.act(state.view(0), legal)  # builds the knowledge of the view
        runs.append(agent._evaluate(state.view(0), [legal[0], legal[1], legal[0]]))
    python, compiled = runs
    assert all(row[0] == row[2] for row in compiled)
    assert compiled != python


@pytest.mark.parametrize("preset", ["standard", "tunnel", "kids", "ak_link"])
def test_the_compiled_reading_counts_the_same_misses_as_the_python_model(preset: str) -> None:
    """The opponent model on the kernel gives every sampled hand the Python model's log-likelihood, per policy
    of the mixture (B9 voluntary passes read in standard/tunnel/ak_link, forced ones in kids)."""
    compared = 0
    for moves in (12, 30):
        for seed, (_, view, knowledge) in enumerate(_cut_views(preset, range(5), moves)):
            python = OpponentModel(view, knowledge, DEFAULT_WEIGHTS, 0.05, LEVEL_MIXTURE)
            compiled = OpponentModel(view, knowledge, DEFAULT_WEIGHTS, 0.05, LEVEL_MIXTURE, compiled=True)
            assert compiled._compiled is not None and python._compiled is None
            sampler, rng = Sampler(view, knowledge), random.Random(seed)
            for _ in range(20):
                deal = sampler.sample(rng)
                for s in python.by_seat:
                    expected = python.seat_component_logs(s, deal.hands[s], 0)
                    assert compiled.seat_component_logs(s, deal.hands[s], 0) == expected
                    compared += any(expected)
    assert compared > 50  # hands some policy fails to explain were among them


def test_jokers_are_read_in_python() -> None:
    _, view, knowledge = next(_cut_views("joker", range(1), 12))
    assert OpponentModel(view, knowledge, DEFAULT_WEIGHTS, compiled=True)._compiled is None


def test_the_switch_falls_back_to_python_without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    from sevens.agents.shichinarabe import kernel as kernel_playouts

    assert SearchAgent(kernel=True).kernel
    assert not SearchAgent(kernel=False).kernel
    monkeypatch.setattr(kernel_playouts, "available", lambda: False)
    assert not SearchAgent(kernel=True).kernel
