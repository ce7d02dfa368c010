"""RULES.md E2 with C7/C8: Killer sevens has no ビリ. Cards held at a stalemate already count as dead (C7), so a
player who did not go out scores by their rank (C8) like everyone else; only elimination scores −5."""

from __future__ import annotations

from sevens.games.killer import FAMILY, Rules, State
from sevens.session.scoring import round_points


def stalemate_from_seed_793() -> State:
    """Seed 793, ``killer,pass_limit=none``, 4 players: the first legal card for 43 actions, then every
    player passes whenever a pass is legal, until everyone still in has passed in a row (C7)."""
    state = State.new(Rules.parse_text("killer,pass_limit=none", players=4), seed=793)
    for step in range(200):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[0] if step < 43 and len(legal) > 1 else legal[-1])
    return state


def test_e2_c8_a_player_holding_cards_at_a_stalemate_scores_by_rank_not_as_biri() -> None:
    state = stalemate_from_seed_793()
    result = state.result()
    assert state.is_stalemate()
    assert result.ranking == (3, 1, 2, 0)
    assert result.outcomes == ("finished", "stalemate", "stalemate", "finished")
    # Seat 2 held cards at the stalemate and ranks 3rd (fewer dead cards than seat 0, who went out): +2 by its
    # rank, not −10 as a ビリ; seat 0, last, scores 0.
    assert result.dead_cards[2] < result.dead_cards[0]
    assert round_points(FAMILY, state) == [0, 5, 2, 10]
    assert result.points() == [0, 5, 2, 10]


def test_e2_elimination_still_scores_minus_five_in_killer() -> None:
    state = State.new(Rules.preset("killer", pass_limit=0), seed=7)
    while not state.is_over():
        state.apply(state.legal_actions()[-1])
    result = state.result()
    assert result.ranking == (2, 0, 1, 3) and result.outcomes[3] == "eliminated"
    assert round_points(FAMILY, state) == [5, 2, 10, -5]
