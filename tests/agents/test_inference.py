"""Reading opponents' choices: past hands are reconstructed exactly, and true deals explain them best."""

from __future__ import annotations

import random

import pytest

from sevens.agents.shichinarabe import HeuristicAgent
from sevens.agents.shichinarabe.inference import OpponentModel, posterior_deals
from sevens.agents.shichinarabe.knowledge import Knowledge
from sevens.agents.shichinarabe.policy import DEFAULT_WEIGHTS
from sevens.agents.shichinarabe.sampling import Deal, Sampler
from sevens.games.shichinarabe import Rules, State


def _heuristic_game(rules: Rules, seed: int, moves: int) -> tuple[State, list[tuple[int, int, int]]]:
    """A game of heuristic players cut after ``moves`` actions, with (seat, hand, jokers) before each one."""
    state = State.new(rules, seed)
    agents = [HeuristicAgent() for _ in range(rules.players)]
    for seat, agent in enumerate(agents):
        agent.reset(seat, seat)
    before = []
    while state.to_move is not None and len(before) < moves:
        seat = state.to_move
        before.append((seat, state.hand(seat), state.jokers_in_hand(seat)))
        state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
    return state, before


@pytest.mark.parametrize("preset", ["standard", "joker", "tunnel", "english"])
def test_past_hands_are_the_present_hand_plus_what_was_put_out_since(preset: str) -> None:
    for seed in range(3):
        state, before = _heuristic_game(Rules.preset(preset), seed, 30)
        if state.to_move is None:
            continue
        view = state.view(state.to_move)
        knowledge = Knowledge.fresh(view).update(view)
        assert len(knowledge.decisions) == len(before)
        for decision, (seat, hand, jokers) in zip(knowledge.decisions, before, strict=True):
            assert decision.seat == seat
            if state.status(seat) != "in":
                continue
            put_out_since = knowledge.put_out[seat] & ~decision.put_out_before
            assert state.hand(seat) | put_out_since == hand
            balance_since = knowledge.joker_balance[seat] - decision.joker_balance_before
            assert state.jokers_in_hand(seat) + balance_since == jokers


def test_no_decisions_means_every_deal_is_as_likely() -> None:
    state = State.new(Rules.preset("standard"), 1)
    view = state.view(state.to_move or 0)
    knowledge = Knowledge.fresh(view).update(view)
    model = OpponentModel(view, knowledge, DEFAULT_WEIGHTS)
    assert model.moments == []
    assert model.log_weight(Sampler(view, knowledge).sample(random.Random(0))) == 0.0


def test_the_true_deal_explains_heuristic_opponents_better_than_random_deals() -> None:
    better = total = 0
    for seed in range(8):
        state, _ = _heuristic_game(Rules.preset("standard"), seed, 24)
        if state.to_move is None:
            continue
        view = state.view(state.to_move)
        knowledge = Knowledge.fresh(view).update(view)
        model = OpponentModel(view, knowledge, DEFAULT_WEIGHTS)
        truth = Deal(
            tuple(state.hand(s) for s in range(state.players)),
            tuple(state.jokers_in_hand(s) for s in range(state.players)),
        )
        sampler = Sampler(view, knowledge)
        rng = random.Random(seed)
        samples = [model.log_weight(sampler.sample(rng)) for _ in range(30)]
        better += model.log_weight(truth) >= sum(samples) / len(samples)
        total += 1
    assert better >= total * 3 // 4


def _share_placed_right(deal: Deal, state: State, seats: list[int], hidden: int) -> float:
    right = sum((deal.hands[s] & state.hand(s) & hidden).bit_count() for s in seats)
    return right / hidden.bit_count()


def test_posterior_deals_place_more_cards_right_than_uniform_deals() -> None:
    """Against heuristic opponents the chain reads their hands: more hidden cards with their real holder."""
    uniform = posterior = 0.0
    for seed in range(6):
        state, _ = _heuristic_game(Rules.preset("standard"), seed, 28)
        if state.to_move is None:
            continue
        view = state.view(state.to_move)
        knowledge = Knowledge.fresh(view).update(view)
        sampler = Sampler(view, knowledge)
        model = OpponentModel(view, knowledge, DEFAULT_WEIGHTS, miss=0.05)
        deals = posterior_deals(sampler, model, burn_in=300, thin=10)
        rng = random.Random(seed)
        for _ in range(20):
            uniform += _share_placed_right(sampler.sample(rng), state, sampler.seats, sampler.hidden)
            posterior += _share_placed_right(deals(rng), state, sampler.seats, sampler.hidden)
    assert posterior > uniform * 1.05


def test_seat_weights_add_up_to_the_deal_weight() -> None:
    state, _ = _heuristic_game(Rules.preset("joker"), 3, 30)
    view = state.view(state.to_move or 0)
    knowledge = Knowledge.fresh(view).update(view)
    model = OpponentModel(view, knowledge, DEFAULT_WEIGHTS)
    deal = Sampler(view, knowledge).sample(random.Random(1))
    seats = sorted(model.by_seat)
    assert seats and view.seat not in seats
    parts = [model.seat_log_weight(s, deal.hands[s], deal.jokers[s]) for s in seats]
    assert model.log_weight(deal) == pytest.approx(sum(parts))
