"""Determinizations agree with everything the seat may know; public deductions are sound; the true deal
explains heuristic opponents' choices better than random deals do."""

from __future__ import annotations

import random

import pytest

from sevens.agents.common.sampling import with_hands
from sevens.agents.killer import HeuristicAgent
from sevens.agents.killer.knowledge import Knowledge
from sevens.agents.killer.policy import DEFAULT_WEIGHTS
from sevens.agents.killer.sampling import OpponentModel, Sampler, build_state
from sevens.cards import ALL_CARDS
from sevens.games.killer import Rules

from ..common import absences_proved, sampled, walks
from .support import VARIANTS, game_by, random_positions

RULES = [rules.replace(players=n) for rules in VARIANTS for n in (3, 5)]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.text()}-{r.players}")
def test_public_deductions_never_exclude_a_card_the_seat_holds(rules: Rules) -> None:
    for seed in range(4):
        for state in random_positions(rules, seed, every=2):
            for seat in range(state.players):
                knowledge = Knowledge.fresh(state.view(seat)).update(state.view(seat))
                for other in range(state.players):
                    assert not knowledge.excluded[other] & state.hand(other), state.position()


def test_passes_without_voluntary_pass_do_prove_absences() -> None:
    proved = absences_proved(walks(random_positions, Rules(voluntary_pass=False), range(10), 4), Knowledge.fresh)
    assert proved > 0


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.text()}-{r.players}")
def test_samples_are_consistent_with_the_view(rules: Rules) -> None:
    rng = random.Random(5)
    views = sampled(walks(random_positions, rules, range(3), 3), Knowledge.fresh, Sampler)
    for state, seat, view, knowledge, sampler in views:
        hidden = ALL_CARDS & ~view.table & ~view.dead_positions & ~view.hand
        for _ in range(3):
            deal = sampler.sample(rng)
            assert deal[seat] == view.hand
            union = 0
            for s in range(state.players):
                assert not deal[s] & (view.table | view.dead_positions), "a card out or dead was dealt"
                assert deal[s].bit_count() == view.hand_counts[s]
                assert not deal[s] & union, "a card was dealt twice"
                union |= deal[s]
                if s != seat:
                    assert not deal[s] & knowledge.excluded[s], "a proved absence was ignored"
            assert union & ~view.hand == hidden
            determinized = build_state(view, knowledge, deal)
            again = determinized.view(seat)
            for name in ("hand", "table", "dead_positions", "dead_counts", "dead_piles", "kills", "hand_counts",
                         "passes_used", "statuses", "to_move", "legal_actions", "playable_positions"):  # fmt: skip
                assert getattr(again, name) == getattr(view, name), name
            assert with_hands(determinized, deal) == determinized


def test_the_true_deal_explains_heuristic_opponents_perfectly() -> None:
    better = total = 0
    for seed in range(8):
        state = game_by(HeuristicAgent, Rules.preset("killer"), seed, 20)
        if state.to_move is None:
            continue
        view = state.view(state.to_move)
        knowledge = Knowledge.fresh(view).update(view)
        model = OpponentModel(view, knowledge, DEFAULT_WEIGHTS)
        assert model.moments
        truth = tuple(state.hand(s) for s in range(state.players))
        assert model.log_weight(truth) == 0.0
        sampler = Sampler(view, knowledge)
        rng = random.Random(seed)
        samples = [model.log_weight(sampler.sample(rng)) for _ in range(20)]
        better += sum(samples) / len(samples) < 0.0
        total += 1
    assert total > 0
    assert better >= total * 3 // 4
