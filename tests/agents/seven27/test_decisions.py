"""Decision scenarios, each set up in one line of position text (seat 0 to act; ``*`` deals the rest)."""

from __future__ import annotations

import pytest

from sevens.agents.seven27 import MonteCarloAgent, RuleAgent, RulePolicy
from sevens.agents.seven27.hands import Scoring
from sevens.agents.seven27.rule import DRAWING, MADE, STRONG, WEAK
from sevens.games.seven27 import Rules, State, parse_position
from sevens.games.seven27.evaluate import hand_of

OTHERS_DOWN = "3d/2c/Kd"
OTHERS_UP = "Th/5c/8d"


def card_round(down: str, up: str) -> State:
    """Four players, the first card round, seat 0 (down ``down``, up ``up``) to take or stand."""
    return parse_position(
        f"seven27 3 1 c0 {down}/{OTHERS_DOWN} {up}/{OTHERS_UP} 99,99,99,99 1,1,1,1 0,0,0,0 0,0,0,0 - *"
    )


def facing_a_bet(down: str, up: str, others_up: str = "8h/4c/Qd") -> State:
    """Four players, the third betting round (bets of 10): seat 1 bet, seats 2 and 3 called, seat 0 to act."""
    return parse_position(
        f"seven27 3 3 b0 {down}/{OTHERS_DOWN} {up}/{others_up} 84,74,74,74 16,26,26,26 0,10,10,10 0,0,0,0 - *"
    )


def choose(agent: RuleAgent | MonteCarloAgent, state: State) -> str:
    agent.reset(0, 1)
    return str(agent.act(state.view(0), state.legal_actions()))


def mc() -> MonteCarloAgent:
    return MonteCarloAgent(rollouts=400)


@pytest.mark.parametrize(
    ("down", "up", "expected"),
    [
        ("4s", "3h", "stand"),  # exactly 7
        ("6s", "Kh", "stand"),  # 6½
        ("2s", "Kh", "take"),  # 2½: far under 7
        ("Ts", "9h", "take"),  # 19: on the way to 27
        ("Ts", "9s8s", "stand"),  # exactly 27
        ("As", "Ks", "take"),  # 1½ (or 11½)
    ],
)
def test_rule_takes_and_stands(down: str, up: str, expected: str) -> None:
    assert choose(RuleAgent(), card_round(down, up)) == expected


@pytest.mark.parametrize(
    ("hand", "strength"),
    [("4s 3h", STRONG), ("9s 9h 8c", STRONG), ("5s Ah Ad", STRONG), ("4s 4h", MADE), ("Ts 9h", DRAWING),
     ("Ts 9h 8c 5d", WEAK)],
)  # fmt: skip
def test_rule_strength(hand: str, strength: int) -> None:
    scoring = Scoring.of(Rules())
    assert RulePolicy().strength(scoring, *scoring.hand(hand_of(hand))) == strength


def test_rule_folds_junk_facing_a_bet_and_raises_a_strong_hand() -> None:
    assert choose(RuleAgent(), facing_a_bet("Ts", "9h8c5d")) == "fold"  # 32, far past 27
    assert choose(RuleAgent(), facing_a_bet("Ts", "9h8c")) == "raise"  # 27
    assert choose(RuleAgent(), facing_a_bet("4s", "4h")) == "call"  # 8: made


def test_rule_bets_strong_and_checks_the_rest() -> None:
    opening = "seven27 3 1 b0 {}/3d/2c/Kd {}/Th/5c/8d 99,99,99,99 1,1,1,1 0,0,0,0 0,0,0,0 - *"
    assert choose(RuleAgent(), parse_position(opening.format("4s", "3h"))) == "bet"
    assert choose(RuleAgent(), parse_position(opening.format("Ts", "9h"))) == "check"


def last_to_act(down: str, up: str) -> State:
    """Four players, seat 0 last in the card round and nobody has taken a card: standing ends the deal. The
    others show small up cards (5, 6, 4)."""
    return parse_position(f"seven27 0 1 c0 {down}/{OTHERS_DOWN} {up}/5c/6d/4h 99,99,99,99 1,1,1,1 0,0,0,0 1,0,1,1 - *")


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        (card_round("4s", "3h"), "stand"),  # a made 7: any card spoils it
        (card_round("Ts", "9s8s"), "stand"),  # 27
        (last_to_act("2s", "Kh"), "take"),  # 2½, far from 7: standing now loses both halves
        (last_to_act("As", "Ks"), "take"),  # 1½ or 11½
        (last_to_act("Ts", "9h"), "stand"),  # 19: against small up cards that wins the 27-half now
    ],
    ids=["7", "27", "2.5-last", "A-K-last", "19-last"],
)
def test_montecarlo_draws_from_far_totals_and_stands_on_made_hands(state: State, expected: str) -> None:
    agent = mc()
    assert choose(agent, state) == expected
    take, stand = agent.last_estimate
    assert abs(take - stand) > 0.1


def test_montecarlo_folds_junk_and_raises_a_hand_that_wins_both_halves() -> None:
    assert choose(mc(), facing_a_bet("Ts", "9h8c5d")) == "fold"
    assert choose(mc(), facing_a_bet("Ah", "Ad5s")) == "raise"  # 7 and 27 at once


def test_montecarlo_calls_when_the_pot_odds_are_right() -> None:
    agent = mc()
    # 6½ against three players whose up cards are far from 7: a fair share of the 7-half at least
    assert choose(agent, facing_a_bet("6s", "Kh", others_up="9h8h/Tc9c/QdJd9d")) in ("call", "raise")
    equity = agent.last_estimate[0]
    assert equity > 10 / (16 + 3 * 26 + 10)
