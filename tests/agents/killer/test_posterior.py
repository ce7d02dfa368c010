"""The expert's reading of hidden hands by a posterior chain, and its win-minded playouts.

Positions are position text (:mod:`sevens.games.killer.position`; fields RULES ROWS HANDS DEAD KILLS TURN
PASSES EXITS DEALER STREAK). Rules touched: C3 (kills), C5 (leaving with no card), C8 (ranking), E2 (points).
"""

from __future__ import annotations

import random

import pytest

from sevens.agents.killer import EXPERT, NORMAL_WEIGHTS, HeuristicAgent
from sevens.agents.killer.knowledge import Knowledge
from sevens.agents.killer.policy import DEFAULT_WEIGHTS
from sevens.agents.killer.sampling import SAMPLER_HINT, OpponentModel, Sampler, posterior_deals
from sevens.agents.killer.search import Rollout
from sevens.games.killer import Rules, parse_position

from .support import choice, game_by, rows


@pytest.mark.parametrize(
    "rules", [Rules.preset("killer"), Rules(voluntary_pass=False), Rules(pass_limit=None)], ids=str
)
def test_the_seat_factors_multiply_to_the_deal_likelihood(rules: Rules) -> None:
    # the chain changes two seats' factors per swap: their sum must be the whole deal's log-likelihood
    for seed in range(3):
        state = game_by(lambda: HeuristicAgent(NORMAL_WEIGHTS), rules, seed, 20)
        if state.to_move is None:
            continue
        view = state.view(state.to_move)
        knowledge = Knowledge.fresh(view).update(view)
        model = OpponentModel(view, knowledge, DEFAULT_WEIGHTS, 0.05, 10**6)
        sampler = Sampler(view, knowledge)
        rng = random.Random(seed)
        for _ in range(5):
            deal = sampler.sample(rng)
            by_seat = sum(model.seat_log_weight(s, deal[s]) for s in range(rules.players) if s != view.seat)
            assert by_seat == pytest.approx(model.log_weight(deal))


def test_a_hinted_card_costs_its_holder_the_samplers_factor() -> None:
    state = game_by(lambda: HeuristicAgent(NORMAL_WEIGHTS), Rules.preset("killer"), 1, 12)
    view = state.view(0)
    knowledge = Knowledge.fresh(view).update(view)
    model = OpponentModel(view, knowledge, DEFAULT_WEIGHTS, 0.05, 0, hint_miss=0.5)
    model.hinted[1] = 0b101
    assert model.seat_log_weight(1, 0b111) == pytest.approx(2 * -0.6931471805599453)
    assert model.seat_log_weight(1, 0b010) == 0.0


def test_chain_deals_are_consistent_and_read_normal_players_better_than_uniform_deals() -> None:
    rules = Rules.preset("killer")
    right = {"uniform": 0, "chain": 0}
    # summed over positions early, mid and late in a round (late, with few cards hidden, a chain can stay in a
    # poor mode; over the round it places more cards right)
    for moves, seed in [(m, s) for m in (12, 20, 28) for s in range(4)]:
        state = game_by(lambda: HeuristicAgent(NORMAL_WEIGHTS), rules, seed, moves)
        if state.to_move is None:
            continue
        seat = state.to_move
        view = state.view(seat)
        knowledge = Knowledge.fresh(view).update(view)
        truth = [state.hand(s) for s in range(rules.players)]
        sampler = Sampler(view, knowledge)
        model = OpponentModel(view, knowledge, DEFAULT_WEIGHTS, 0.05, 10**6, hint_miss=SAMPLER_HINT)
        draw = posterior_deals(sampler, model, 200, 10)
        rng = random.Random(seed)
        for name, deals in (
            ("uniform", [sampler.sample(rng) for _ in range(30)]),
            ("chain", [draw(rng) for _ in range(30)]),
        ):
            for deal in deals:
                assert deal[seat] == view.hand
                for s in range(rules.players):
                    assert deal[s].bit_count() == view.hand_counts[s]
                    if s != seat:
                        assert not deal[s] & knowledge.excluded[s]
                right[name] += sum((deal[s] & truth[s]).bit_count() for s in range(rules.players) if s != seat)
    assert right["chain"] > right["uniform"]


def test_a_playout_won_is_worth_the_win_bonus_on_top_of_the_points() -> None:
    # Two players; my last card 8c is playable: playing it leaves the round first (C5), +10 (E2); the other
    # player ranks 2nd (+5) and gets no bonus.
    text = f"killer {rows()} 8c/* - 0,0 0 0,0 - 1 0"
    for seat, bonus, worth in ((0, 0.0, 10.0), (0, 6.0, 16.0), (1, 6.0, 5.0)):
        state = parse_position(text)
        state.apply(next(a for a in state.legal_actions() if str(a) == "8c"))
        assert Rollout(state.rules, win_bonus=bonus).value(state, seat, random.Random(1)) == worth


def test_the_expert_recipe_takes_a_kill_that_wins_the_ranking() -> None:
    # Two players; killing the opponent's 6h with 5h (C3), then playing 8c, leaves me with no dead card (C8).
    agent = EXPERT(rollouts=16)
    assert choice(agent, f"killer {rows('6s 6d')} 5h8c/* - 0,0 0 0,0 - 1 0") == "5h"


def test_the_chain_search_is_deterministic_for_a_seed() -> None:
    state = game_by(lambda: HeuristicAgent(NORMAL_WEIGHTS), Rules.preset("killer"), 2, 16)
    seat = state.to_move
    assert seat is not None
    picks = set()
    for _ in range(2):
        agent = EXPERT(rollouts=6)
        agent.reset(seat, 7)
        picks.add(str(agent.act(state.view(seat), state.legal_actions())))
    assert len(picks) == 1
