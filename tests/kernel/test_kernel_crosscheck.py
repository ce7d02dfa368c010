"""The compiled kernel against the Python engine, move for move (issue 22): same deals, same choice indices,
the same legal actions at every step, the same rankings (B12) and E2 points. A few hundred games per variant
here; ``bench/kernel_crosscheck.py`` runs the thousands."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from bench_scripts import load_bench_script
from sevens.agents.shichinarabe import HARD_WEIGHTS, NORMAL_WEIGHTS
from sevens.agents.shichinarabe.policy import DEFAULT_WEIGHTS, Weights
from sevens.games.shichinarabe import Rules, State, parse_position
from sevens.kernel.batch import Batch

crosscheck = load_bench_script("kernel_crosscheck")  # the checker lives in bench/: it reads the agents' policy
Mismatch, check_batch_game = crosscheck.Mismatch, crosscheck.check_batch_game
check_games, check_state = crosscheck.check_games, crosscheck.check_state

R7 = "......7......"

VARIANTS = {
    "standard": Rules.preset("standard"),  # B1–B12 defaults
    "pass_limit_0": Rules.preset("standard", pass_limit=0),  # B9: eliminated at the first stuck turn
    "pass_limit_none": Rules.preset("standard", pass_limit=None),  # B9, B11 stalemate with voluntary passes
    "kids": Rules.preset("kids"),  # B9 voluntary pass off, unlimited, B11 stalemate
    "voluntary_off": Rules.preset("standard", voluntary_pass=False),  # B9
    "ak_link": Rules.preset("ak_link"),  # B6
    "tunnel_cross": Rules.preset("tunnel"),  # B7 cross
    "tunnel_end": Rules.preset("tunnel", tunnel="end"),  # B7 end
    "fan_tan": Rules.preset("fan_tan"),  # B3 fan_tan, B4 dealer_left
    "english": Rules.preset("english"),  # B3, B4 diamond_seven opening with 7♦
    "joker": Rules.preset("joker"),  # B8a–d, forced exchange
    "jokers_2_optional": Rules.preset("joker", jokers=2, joker_exchange="optional"),  # B8b optional (swaps)
    "jokers_2_none_tunnel": Rules.preset("tunnel", jokers=2, joker_exchange="none"),  # B8b none, B7 beyond
}


@pytest.mark.parametrize("name", VARIANTS)
def test_random_play_matches_the_python_engine(name: str) -> None:
    rules = VARIANTS[name]
    total = 0
    for players, games in ((4, 300), (2, 100), (5, 100), (9, 60), (20, 40)):
        report = check_games(rules.replace(players=players), range(games), "random")
        assert report.games == games
        total += report.steps
    assert total > 10_000  # the games were played, step by step


@pytest.mark.parametrize("name", VARIANTS)
def test_heuristic_play_chooses_as_the_python_policy(name: str) -> None:
    for players in (3, 4, 6):
        report = check_games(VARIANTS[name].replace(players=players), range(100), "heuristic")
        assert report.games == 100


@pytest.mark.parametrize("name", ["standard", "tunnel_cross", "kids", "fan_tan", "joker", "jokers_2_optional"])
def test_play_from_a_python_position_matches(name: str) -> None:
    for midgame in (1, 12, 30):
        check_games(VARIANTS[name], range(30), "random", midgame=midgame)
    check_games(VARIANTS[name], range(20), "heuristic", midgame=10, noise=0.3)


# the levels' policies (agents/shichinarabe/__init__.py), seated differently per seat as expert's mixture plays them
LEVEL_SEATS = (
    (DEFAULT_WEIGHTS, HARD_WEIGHTS, NORMAL_WEIGHTS, DEFAULT_WEIGHTS),
    (NORMAL_WEIGHTS, NORMAL_WEIGHTS, HARD_WEIGHTS, DEFAULT_WEIGHTS),
    (HARD_WEIGHTS, DEFAULT_WEIGHTS, NORMAL_WEIGHTS, Weights(progress=2.5, open_gap=0.0, pass_threshold=0.5)),
)


PER_SEAT_VARIANTS = ["standard", "pass_limit_none", "tunnel_cross", "fan_tan", "joker", "jokers_2_optional"]


@pytest.mark.parametrize("name", PER_SEAT_VARIANTS)
@pytest.mark.parametrize("seats", range(len(LEVEL_SEATS)))
def test_heuristic_with_per_seat_weights_chooses_as_each_seats_python_policy(name: str, seats: int) -> None:
    """Each seat's choice is policy.score_actions with that seat's weights (B1–B12 as in the variant)."""
    weights = LEVEL_SEATS[seats]
    check_games(VARIANTS[name], range(40), "heuristic", weights=weights)
    check_games(VARIANTS[name], range(10), "heuristic", midgame=10, weights=weights)


def test_per_seat_weights_reach_their_seat_only() -> None:
    """Against the default policy, only the seats given other weights choose differently."""
    rules = VARIANTS["standard"]
    weights = (NORMAL_WEIGHTS, DEFAULT_WEIGHTS, HARD_WEIGHTS, DEFAULT_WEIGHTS)
    differ = [0] * 4
    for seed in range(40):
        state = State.new(rules, seed)
        trace, _ = Batch.from_seeds(rules, [seed]).trace(0, "heuristic", weights=weights)
        for choice in trace[:, 5].tolist():
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions()
            try:
                crosscheck._check_heuristic(state, legal, choice, [DEFAULT_WEIGHTS] * 4, "")
            except Mismatch:
                differ[seat] += 1
            state.apply(legal[choice])
    assert differ[0] > 0 and differ[2] > 0
    assert differ[1] == differ[3] == 0


def test_b10_eliminated_hand_is_laid_out_with_its_gaps() -> None:
    # seat 1 has no pass left and nothing to play: eliminated, Qs Ks laid out beyond an empty 9s–Js
    state = parse_position(f"standard {R7}/{R7}/{R7}/{R7} 6sKc/QsKs/* 0 0,3,0 - 2 0")
    assert check_state(state, "random", seed=1) > 0
    assert state.status(1) == "eliminated"


def test_b11_stalemates_rank_by_cards_left() -> None:
    rules = Rules.preset("standard", pass_limit=None, players=3)
    stalemates = 0
    for seed in range(60):
        state = State.new(rules, seed)
        check_state(state, "random", seed=seed)
        stalemates += state.is_stalemate()
    assert stalemates > 10  # random voluntary passes end many of these rounds in a stalemate


def test_e2_a_survivor_who_outlasts_everyone_scores_first_place() -> None:
    # seats 2 then 0 have no pass left and no play: both eliminated, seat 1 alone holds cards and ranks 1st
    state = parse_position(f"standard {R7}/{R7}/{R7}/{R7} QsKs/*/QhKh 1 3,0,3 - 2 0")
    check_state(state, "random", seed=2)
    result = state.result()
    assert result.ranking == (1, 0, 2) and result.outcomes[1] == "left"


def test_a_kernel_that_disagrees_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a kernel playing pass_limit=1 against a Python engine playing 3 is refused."""
    wrong = Rules.preset("standard", pass_limit=1)
    real = Batch.from_seeds
    monkeypatch.setattr(crosscheck.Batch, "from_seeds", lambda rules, seeds: real(wrong, seeds))
    with pytest.raises(Mismatch, match="seed"):
        check_games(Rules.preset("standard"), range(50), "random")


@pytest.mark.parametrize("preset", ["standard", "fan_tan", "joker"])
def test_b1_b2_any_dealer_deals_and_starts_as_the_python_engine(preset: str) -> None:
    rules = Rules.preset(preset, players=5)
    for dealer in range(5):
        for seed in range(20):
            state = State.new(rules, seed, dealer=dealer)
            batch = Batch.from_seeds(rules, [seed], dealer=dealer)
            assert check_batch_game(batch, state, "random", seed, 0.0, f"dealer {dealer}") > 0
