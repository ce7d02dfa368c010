"""The reading of a view and the opponent model built on it."""

from __future__ import annotations

import random
from collections import Counter

from sevens.agents.seven27.hands import Scoring, half_shares
from sevens.agents.seven27.inference import DownModel
from sevens.agents.seven27.reading import read_table
from sevens.agents.seven27.rule import RulePolicy
from sevens.games.seven27 import Rules, State, evaluate, parse_action
from sevens.games.seven27.evaluate import HIGH, LOW, hand_of

from .support import random_positions


def test_hand_scores_agree_with_the_engine() -> None:
    for rules in (Rules(), Rules(ten_half=True, bust=True), Rules(tie_rule="equal")):
        scoring = Scoring.of(rules)
        for state in random_positions(rules.replace(players=6), 9):
            for seat in range(6):
                hand = state.hand(seat)
                e = evaluate(hand, ten_half=rules.ten_half, tie_rule=rules.tie_rule, bust=rules.bust)
                base, aces = scoring.hand(hand)
                assert (scoring.best_low(base, aces), scoring.best_high(base, aces)) == (e.low, e.high)
                assert (scoring.score(base, aces, LOW) is None) == (e.low is None)
                assert (scoring.score(base, aces, HIGH) is None) == (e.high is None)


def test_half_shares_split_ties_and_pass_an_empty_half_on() -> None:
    assert half_shares({0: 0, 1: 0, 2: 4}, {0: 9, 1: 9, 2: 1}) == {0: 0.25, 1: 0.25, 2: 0.5}
    assert half_shares({0: None, 1: None}, {0: None, 1: None}) == {0: 0.5, 1: 0.5}


def test_choices_record_what_was_faced() -> None:
    state = State.new(Rules.preset("seven27", players=3), seed=4)
    for text in ("bet", "raise", "call", "call", "take", "stand"):
        state.apply(parse_action(text))
    table = read_table(state.view(2))
    seen = [(c.seat, c.kind_name, c.to_call, c.raises) for c in table.choices]
    assert seen == [(0, "bet", 0, 0), (1, "raise", 5, 0), (0, "call", 5, 1), (0, "take", 0, 0), (1, "stand", 0, 0)]
    assert table.took_before and table.card_round
    taken = state.up_cards(0) & ~table.choices[3].up  # seat 0's up cards before its take, then the card taken
    assert taken.bit_count() == 1 and table.choices[4].up == state.up_cards(1)


def test_a_rule_player_who_stood_on_a_king_is_read_as_holding_five_to_seven() -> None:
    """The rule policy stands on a king only with 5½ to 8 for the 7-half: a down card of 5, 6 or 7 (and as it
    checked first, not a 6: with 6½ it would have bet)."""
    rules = Rules.preset("seven27", players=3)
    kings = hand_of("Ks Kh Kd Kc")
    deal = next(d for d in (State.new(rules, seed) for seed in range(500)) if d.up_cards(1) & kings and d.to_move == 0)
    for text in ("check", "check", "check", "take", "stand"):  # seat 1, showing a king, stands
        deal.apply(parse_action(text))
    table = read_table(deal.view(2))
    scoring = Scoring.of(rules)
    rng = random.Random(3)
    counts: Counter[int | None] = Counter()
    model = DownModel(table, RulePolicy(), miss=0.01)
    for _ in range(400):
        for seat, cards in model.draw(rng):
            assert cards & table.pool == cards
            if seat == 1:
                low = scoring.best_low(*scoring.hand(cards | deal.up_cards(1)))
                counts[low] += 1
    assert sum(counts[t] for t in (11, 13, 15)) > 0.8 * 400
    assert counts[13] < 0.1 * 400
