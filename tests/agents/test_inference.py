"""Reading opponents' choices: past hands are reconstructed exactly, and true deals explain them best."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from sevens.agents.shichinarabe import HARD_WEIGHTS, LEVEL_MIXTURE, NORMAL_WEIGHTS, HeuristicAgent
from sevens.agents.shichinarabe.knowledge import Knowledge
from sevens.agents.shichinarabe.policy import DEFAULT_WEIGHTS, Weights
from sevens.agents.shichinarabe.sampling import Deal, OpponentModel, Sampler, _Moment, posterior_deals
from sevens.games.shichinarabe import Rules, State
from sevens.games.shichinarabe.view import View


def _heuristic_game(
    rules: Rules, seed: int, moves: int, weights: Weights = DEFAULT_WEIGHTS
) -> tuple[State, list[tuple[int, int, int]]]:
    """A game of heuristic players cut after ``moves`` actions, with (seat, hand, jokers) before each one."""
    state = State.new(rules, seed)
    agents = [HeuristicAgent(weights) for _ in range(rules.players)]
    for seat, agent in enumerate(agents):
        agent.reset(seat, seat)
    before: list[tuple[int, int, int]] = []
    while state.to_move is not None and len(before) < moves:
        seat = state.to_move
        before.append((seat, state.hand(seat), state.jokers_in_hand(seat)))
        state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
    return state, before


def _cut_views(preset: str, seeds: range, moves: int) -> Iterator[tuple[State, View, Knowledge]]:
    """The unfinished heuristic games of ``seeds`` cut after ``moves`` actions: the state, the view of the seat
    to move and that seat's public deductions."""
    for seed in seeds:
        state, _ = _heuristic_game(Rules.preset(preset), seed, moves)
        if state.to_move is not None:
            view = state.view(state.to_move)
            yield state, view, Knowledge.fresh(view).update(view)


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
    for seed, (state, view, knowledge) in enumerate(_cut_views("standard", range(8), 24)):
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


def test_seat_weights_add_up_to_the_deal_weight() -> None:
    _, view, knowledge = next(_cut_views("joker", range(3, 10), 30))
    model = OpponentModel(view, knowledge, DEFAULT_WEIGHTS)
    deal = Sampler(view, knowledge).sample(random.Random(1))
    seats = sorted(model.by_seat)
    assert seats and view.seat not in seats
    parts = [model.seat_log_weight(s, deal.hands[s], deal.jokers[s]) for s in seats]
    assert model.log_weight(deal) == pytest.approx(sum(parts))


def test_loose_jokers_move_between_hands_along_the_chain() -> None:
    for seed, (_, view, knowledge) in enumerate(_cut_views("joker", range(10), 16)):
        sampler = Sampler(view, knowledge)
        model = OpponentModel(view, knowledge, DEFAULT_WEIGHTS, miss=0.05)
        if not sampler.free_jokers or not model.moments:
            continue
        deals = posterior_deals(sampler, model, burn_in=50, thin=10)
        rng = random.Random(seed)
        placements = set()
        for _ in range(40):
            deal = deals(rng)
            loose = sampler.free_jokers + sum(sampler.known_jokers.values())
            assert sum(deal.jokers[s] for s in sampler.seats) == loose
            for s in sampler.seats:
                assert deal.hands[s].bit_count() + deal.jokers[s] == view.hand_counts[s]
            placements.add(deal.jokers)
        assert len(placements) > 1
        return
    pytest.fail("no game had a loose joker to place")


def _joker_free_past_hands(preset: str) -> Iterator[tuple[OpponentModel, _Moment, int]]:
    """(model, past choice, hand then) for every choice made without a joker in hand, under 5 sampled deals
    of each heuristic game of seeds 0–5 cut after 12, 24 and 36 actions; the model reads the opponents as
    the mixture of the levels' policies (with one policy it is the default's: the first of the mixture)."""
    for moves in (12, 24, 36):
        for seed, (_, view, knowledge) in enumerate(_cut_views(preset, range(6), moves)):
            model = OpponentModel(view, knowledge, DEFAULT_WEIGHTS, mixture=LEVEL_MIXTURE)
            sampler = Sampler(view, knowledge)
            rng = random.Random(seed)
            for deal in (sampler.sample(rng) for _ in range(5)):
                for seat, moments in model.by_seat.items():
                    for m in moments:
                        d = m.decision
                        if deal.jokers[seat] + knowledge.joker_balance[seat] - d.joker_balance_before <= 0:
                            yield model, m, deal.hands[seat] | (knowledge.put_out[seat] & ~d.put_out_before)


@pytest.mark.parametrize("preset", ["standard", "tunnel", "english", "joker"])
def test_the_plain_shortcut_reads_every_choice_as_the_full_policy_does(preset: str) -> None:
    """The chain's hot path (no joker in hand: plays and a pass only) must agree with score_actions itself,
    on every past choice of every seat, for many deals, for every policy of the levels' mixture."""
    compared = 0
    for model, m, then in _joker_free_past_hands(preset):
        assert model._explains_plain(m, then) == [model._explains(m, then, 0, w) for w in model.components]
        compared += 1
    assert compared > 500


@pytest.mark.parametrize(("weights", "component"), [(NORMAL_WEIGHTS, 2), (HARD_WEIGHTS, 1), (DEFAULT_WEIGHTS, 0)])
def test_the_mixture_reads_each_level_as_the_policy_it_plays(weights: Weights, component: int) -> None:
    """On the true hands of players who play one policy of the mixture, that policy explains their choices
    as the plain model of it does, and over many games better than the other policies (the agent's reading of
    the log may overrule its policy now and then); the mixture's likelihood is the mean of its policies'."""
    best = [0.0] * len(LEVEL_MIXTURE)
    for seed in range(8):
        state, _ = _heuristic_game(Rules.preset("standard"), seed, 36, weights)
        if state.to_move is None:
            continue
        view = state.view(state.to_move)
        knowledge = Knowledge.fresh(view).update(view)
        mixed = OpponentModel(view, knowledge, DEFAULT_WEIGHTS, miss=0.05, mixture=LEVEL_MIXTURE)
        plain = OpponentModel(view, knowledge, weights, miss=0.05)
        for seat in mixed.by_seat:
            logs = mixed.seat_component_logs(seat, state.hand(seat), 0)
            assert logs[component] == plain.seat_log_weight(seat, state.hand(seat), 0)
            best = [b + x for b, x in zip(best, logs, strict=True)]
            mean = sum(math.exp(x) for x in logs) / len(logs)
            assert mixed.seat_log_weight(seat, state.hand(seat), 0) == pytest.approx(math.log(mean))
    assert best[component] == max(best) > min(best)  # the policies differ: some choices tell them apart
