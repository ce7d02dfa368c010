"""The remembered card scores of the policy are the scores themselves, however often and in whatever order
they are asked, and the rollouts' choice of the best card is the policy's."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.agents.shichinarabe.policy import DEFAULT_WEIGHTS, RowScores, Situation, row_score, score_actions
from sevens.cards import ROW, ROW_MASK
from sevens.games.shichinarabe import Rules
from sevens.games.shichinarabe.actions import PLAY_ACTIONS

from .support import random_positions

PRESETS = ["standard", "tunnel", "english", "fan_tan"]


def _positions(preset: str, seed: int) -> Iterator[tuple[Rules, int, int, int]]:
    """(rules, hand of the seat to move, occupied positions, playable positions) along one random game."""
    rules = Rules.preset(preset)
    for state in random_positions(rules, seed):
        if state.to_move is not None:
            view = state.view(state.to_move)
            yield rules, view.hand, view.table | view.joker_positions, view.playable_positions


@settings(max_examples=15, deadline=None)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10_000))
def test_a_remembered_score_is_the_score_of_its_row(preset: str, seed: int) -> None:
    for rules, hand, occupied, playable in _positions(preset, seed):
        scores = RowScores(rules, DEFAULT_WEIGHTS, limit=3)  # a tiny memory: starts over often
        cards = hand & playable & ~occupied
        for _ in range(2):  # the second round reads what the first remembered
            for card in range(52):
                if cards >> card & 1:
                    suit, rank = divmod(card, ROW)
                    hand_row, row = hand >> ROW * suit & ROW_MASK, occupied >> ROW * suit & ROW_MASK
                    expected = row_score(rank, hand_row, row, rules, DEFAULT_WEIGHTS)
                    assert scores(card, hand, occupied) == expected
                    assert len(scores._memo) <= 3


@settings(max_examples=15, deadline=None)
@given(preset=st.sampled_from(PRESETS), seed=st.integers(0, 10_000))
def test_the_best_card_is_the_policys_first_best_play(preset: str, seed: int) -> None:
    for rules, hand, occupied, playable in _positions(preset, seed):
        cards = hand & playable & ~occupied
        if not cards or hand.bit_count() < 2:
            continue
        legal = [PLAY_ACTIONS[c] for c in range(52) if cards >> c & 1]
        situation = Situation(rules, hand, 0, occupied, playable, None)
        policy = score_actions(situation, legal, DEFAULT_WEIGHTS)
        best = max(range(len(legal)), key=lambda i: (policy[i], -i))
        assert RowScores(rules, DEFAULT_WEIGHTS).best(cards, hand, occupied) == (legal[best].card, policy[best])
