"""Card rounds (D5): take or stand, face up or down, refusal limit, more rounds, deck exhaustion."""

from __future__ import annotations

from sevens.cards import parse_card
from sevens.games.seven27 import Rules, State, parse_action
from sevens.games.seven27.actions import CALL_ACTION, CHECK_ACTION, TAKE_ACTION

from .helpers import at, legal, play

# Four players after a called bet in round 1: a card round, seat 0 first; the next cards are 7h then 5c.
CARDS = "seven27 3 1 c0 5s/9h/Kc/2d AhAd/Th/Qd/3c 94,94,94,94 6,6,6,6 0,0,0,0 0,0,0,0 - 7h5c*"


def test_d5_take_deals_one_card_face_up() -> None:
    state = at(CARDS, "take")
    assert state.up_cards(0) == (1 << parse_card("Ah")) | (1 << parse_card("Ad")) | (1 << parse_card("7h"))
    assert state.history[-1].text() == "p0 take 7h up"
    assert state.to_move == 1 and state.card_taken
    assert "7h" in str(state.view(3).to_dict()["seats"][0]["up"])


def test_d5_draw_face_down_keeps_the_extra_card_hidden() -> None:
    state = at(CARDS.replace("seven27", "seven27,draw_face=down", 1), "take")
    assert state.down_cards(0) == (1 << parse_card("5s")) | (1 << parse_card("7h"))
    assert state.history[-1].text(reveal=False) == "p0 take ?? down"
    assert state.view(1).to_dict()["seats"][0]["down"] == ["??", "??"]
    assert state.view(0).to_dict()["seats"][0]["down"] == ["5s", "7h"]
    assert "7h" not in str(state.view(1).to_dict())


def test_d5_card_round_goes_clockwise_from_the_dealers_left() -> None:
    state = at(CARDS.replace(" 3 1 c0 ", " 1 1 c2 "))  # dealer 1: seats 2, 3, 0, 1
    order = []
    while state.phase == "card":
        order.append(state.to_move)
        state.apply(parse_action("stand"))
    assert order == [2, 3, 0, 1]


def test_d5_nobody_takes_a_card_then_the_showdown() -> None:
    state = at(CARDS, "stand stand stand stand")
    assert state.is_over() and not state.result().fold_out
    kinds = [op.kind for op in state.history]
    assert kinds[kinds.index("show") :] == ["show"] * 4 + ["win"] * (len(kinds) - kinds.index("show") - 4)


def test_d5_a_card_taken_means_another_betting_round_then_another_card_round() -> None:
    state = at(CARDS, "stand take stand stand")
    assert (state.phase, state.betting_round, state.to_move) == ("bet", 2, 0)
    state = at(state.position(), "check check check check")
    assert (state.phase, state.to_move, state.card_taken) == ("card", 0, False)


def test_d5_standing_does_not_stop_a_later_take() -> None:
    state = at(CARDS, "stand take stand stand check check check check take")
    assert state.stands(0) == 1
    assert state.up_cards(0) >> parse_card("5c") & 1  # the second card of the deck


def test_d5_refusal_limit_after_that_many_stands_no_more_cards() -> None:
    rules = Rules.preset("seven27", refusal_limit=1)
    state = play(State.new(rules, seed=4), "check check check check stand take stand stand check check check check")
    assert (state.phase, state.to_move) == ("card", 1)  # seats 0, 2, 3 have stood once: they are skipped
    state.apply(parse_action("stand"))
    assert state.is_over()


def test_d5_refusal_limit_in_a_position() -> None:
    text = CARDS.replace("seven27", "seven27,refusal_limit=2", 1).replace("0,0,0,0 - ", "2,0,0,0 - ")
    state = at(text.replace(" c0 ", " c1 "))
    assert not state.can_take(0) and state.can_take(1)


def test_d5_deck_exhaustion_nobody_can_take_a_card() -> None:
    state = State.new(Rules.preset("seven27", players=10, deal="two_down_one_up"), seed=8)
    while not state.is_over():
        if state.phase == "card":
            state.apply(TAKE_ACTION)
        else:
            state.apply(CALL_ACTION if CALL_ACTION in state.legal_actions() else CHECK_ACTION)
    assert state.deck_size == 0
    assert sum(op.kind == "take" for op in state.history) == 52 - 30
    state.check_invariants()


def test_d5_last_card_of_the_deck_mid_round() -> None:
    # The seats hold 50 cards; Qs and Ad are left: seats 0 and 1 take them, so seat 2 cannot take.
    down = "Ah2h3h4h5h6h7h8h9hThJhQhKh/2d3d4d5d6d7d8d9dTdJdQdKd/Ac2c3c4c5c6c7c8c9cTcJcQcKc"
    up = "As2s3s4s5s6s7s8s9sTsJsKs/-/-"
    state = at(f"seven27 2 1 c0 {down} {up} 94,94,94 6,6,6 0,0,0 0,0,0 - QsAd", "take")
    assert legal(state) == ["take", "stand"]
    state.apply(TAKE_ACTION)
    assert (state.deck_size, state.phase, state.betting_round) == (0, "bet", 2)
    state = at(state.position(), "check check check")
    assert state.is_over()  # the next card round has nobody who can take a card
