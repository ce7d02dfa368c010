"""The remembered card scores of the policy are the scores themselves, however often and in whatever order
they are asked, and the rollouts' choice of the best card is the policy's."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.agents.shichinarabe.policy import DEFAULT_WEIGHTS, RowScores, Situation, row_score, score_actions
from sevens.cards import ROW, ROW_MASK
from sevens.games.shichinarabe import Rules, State
from sevens.games.shichinarabe.actions import PLAY_ACTIONS

PRESETS = ["standard", "tunnel", "english", "fan_tan"]


def _position(preset: str, seed: int, moves: int) -> tuple[Rules, int, int, int]:
    """(rules, hand of the seat to move, occupied positions, playable positions) after ``moves`` random moves."""
    rules = Rules.preset(preset)
    state = State.new(rules, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.to_move is None:
            break
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move if state.to_move is not None else 0
    view = state.view(seat)
    return rules, view.hand, view.table | view.joker_positions, view.playable_positions


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10_000), moves=st.integers(0, 40))
def test_a_remembered_score_is_the_score_of_its_row(preset: str, seed: int, moves: int) -> None:
    rules, hand, occupied, playable = _position(preset, seed, moves)
    scores = RowScores(rules, DEFAULT_WEIGHTS, limit=3)  # a tiny memory: starts over often
    cards = hand & playable & ~occupied
    for _ in range(2):  # the second round reads what the first remembered
        for card in range(52):
            if cards >> card & 1:
                suit, rank = divmod(card, ROW)
                expected = row_score(
                    rank, hand >> ROW * suit & ROW_MASK, occupied >> ROW * suit & ROW_MASK, rules, DEFAULT_WEIGHTS
                )
                assert scores(card, hand, occupied) == expected
                assert len(scores._memo) <= 3


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10_000), moves=st.integers(0, 40))
def test_the_best_card_is_the_policys_first_best_play(preset: str, seed: int, moves: int) -> None:
    rules, hand, occupied, playable = _position(preset, seed, moves)
    cards = hand & playable & ~occupied
    if not cards or hand.bit_count() < 2:
        return
    legal = [PLAY_ACTIONS[c] for c in range(52) if cards >> c & 1]
    situation = Situation(rules, hand, 0, occupied, playable, None)
    policy = score_actions(situation, legal, DEFAULT_WEIGHTS)
    best = max(range(len(legal)), key=lambda i: (policy[i], -i))
    assert RowScores(rules, DEFAULT_WEIGHTS).best(cards, hand, occupied) == (legal[best].card, policy[best])
