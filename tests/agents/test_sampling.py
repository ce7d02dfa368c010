"""Determinizations agree with everything the seat may know, and public deductions are sound."""

from __future__ import annotations

import random

import pytest

from sevens.agents.shichinarabe.knowledge import Knowledge
from sevens.agents.shichinarabe.policy import DEFAULT_WEIGHTS
from sevens.agents.shichinarabe.sampling import OpponentModel, Sampler, build_state, posterior_deals, with_hands
from sevens.cards import ALL_CARDS
from sevens.games.shichinarabe import Rules, State

from .common import absences_proved, sampled, walks
from .support import VARIANTS, random_positions

RULES = [rules.replace(players=n) for rules in VARIANTS for n in (3, 5)]


def _views(state: State) -> list[int]:
    return [s for s in range(state.players) if state.status(s) == "in"]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.text()}-{r.players}")
def test_public_deductions_never_exclude_a_card_the_seat_holds(rules: Rules) -> None:
    for seed in range(6):
        for state in random_positions(rules, seed, every=2):
            for seat in _views(state):
                knowledge = Knowledge.fresh(state.view(seat)).update(state.view(seat))
                for other in range(state.players):
                    assert not knowledge.excluded[other] & state.hand(other), state.position()
                    assert knowledge.known_jokers[other] <= state.jokers_in_hand(other)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.text()}-{r.players}")
def test_samples_are_consistent_with_the_view(rules: Rules) -> None:
    rng = random.Random(5)
    views = sampled(walks(random_positions, rules, range(4), 3), Knowledge.fresh, Sampler)
    for state, seat, view, knowledge, sampler in views:
        hidden = ALL_CARDS & ~view.table & ~view.hand
        loose = rules.jokers - view.joker_positions.bit_count() - view.removed_jokers
        posterior = posterior_deals(sampler, OpponentModel(view, knowledge, DEFAULT_WEIGHTS), 40, 5)
        for deal in [*(sampler.sample(rng) for _ in range(2)), *(posterior(rng) for _ in range(2))]:
            assert deal.hands[seat] == view.hand
            assert deal.jokers[seat] == view.jokers_in_hand
            union = 0
            for s in range(state.players):
                assert not deal.hands[s] & view.table, "a card on the table was dealt"
                assert deal.hands[s].bit_count() + deal.jokers[s] == view.hand_counts[s]
                assert not deal.hands[s] & union, "a card was dealt twice"
                union |= deal.hands[s]
                if s != seat:
                    assert not deal.hands[s] & knowledge.excluded[s], "a proved absence was ignored"
                    assert not deal.hands[s] & view.hand, "another seat got one of my cards"
            assert union & ~view.hand == hidden
            assert sum(deal.jokers) == loose
            determinized = build_state(view, knowledge, deal)
            again = determinized.view(seat)
            for name in ("hand", "jokers_in_hand", "table", "joker_positions", "removed_jokers", "hand_counts",
                         "passes_used", "statuses", "to_move", "legal_actions", "playable_positions"):  # fmt: skip
                assert getattr(again, name) == getattr(view, name), name
            assert with_hands(determinized, deal) == determinized


def test_a_sample_follows_the_known_joker_after_an_exchange() -> None:
    # seat 0 plays Jk+9s; seat 1 holds 8s, so the forced exchange hands it the joker (B8b).
    from sevens.games.shichinarabe import parse_action, parse_position

    state = parse_position("joker ......7....../......7....../......7....../......7...... Jk9s2h/8s3h/* 0 0,0,0 - 2 0")
    state.apply(parse_action("Jk+9s"))
    while state.to_move != 0:
        state.apply(state.legal_actions()[-1])
    view = state.view(0)
    knowledge = Knowledge.fresh(view).update(view)
    assert knowledge.known_jokers[1] == 1
    deal = Sampler(view, knowledge).sample(random.Random(1))
    assert deal.jokers[1] == 1


def test_passes_without_voluntary_pass_do_prove_absences() -> None:
    proved = absences_proved(walks(random_positions, Rules.preset("english"), range(10), 4), Knowledge.fresh)
    assert proved > 0
