"""The kernel's public API: batches, policies, playouts, bad input, and the bench command (issue 22)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

import numba

from sevens.agents.common.search import seat_points
from sevens.errors import IllegalActionError, WrongTypeError
from sevens.games.killer import Rules as KillerRules
from sevens.games.shichinarabe import Result, Rules, State
from sevens.kernel import OUTCOME_NAMES, Batch, UnsupportedRulesError, playout, supports
from sevens.kernel.batch import PARALLEL_FROM, Policy
from sevens.policy_weights import DEFAULT_WEIGHTS

STANDARD = Rules.preset("standard")


def test_the_same_seed_gives_the_same_games_on_any_number_of_threads() -> None:
    """One thread and every thread give the same games (a batch large enough for the thread pool)."""
    games = PARALLEL_FROM + 100
    runs = []
    most = numba.config.NUMBA_NUM_THREADS
    try:
        for threads in (1, most):
            numba.set_num_threads(threads)
            out = Batch.blank(STANDARD, games).play("heuristic", seed=5, deal=True, noise=0.5)
            runs.append((out.ranking.copy(), out.points.copy(), out.steps.copy()))
    finally:
        numba.set_num_threads(most)
    assert all((a == b).all() for a, b in zip(runs[0], runs[1], strict=True))
    other = Batch.blank(STANDARD, games).play("heuristic", seed=6, deal=True, noise=0.5)
    assert (other.steps != runs[0][2]).any()


@pytest.mark.parametrize("preset", ["standard", "english", "kids", "joker"])
def test_playing_and_tracing_make_the_same_choices(preset: str) -> None:
    """The checked path (trace) and the fast path (play) of the random policy are the same games."""
    rules = Rules.preset(preset)
    played = Batch.from_seeds(rules, range(40)).play("random", seed=9)
    for g in range(40):
        _, traced = Batch.from_seeds(rules, range(40)).trace(g, "random", seed=9)
        assert traced.ranking[g].tolist() == played.ranking[g].tolist()
        assert traced.steps[g] == played.steps[g]


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 20),
    preset=st.sampled_from(["standard", "tunnel", "kids", "english", "fan_tan", "ak_link", "joker"]),
    policy=st.sampled_from(["random", "heuristic"]),
    seed=st.integers(0, 2**64 - 1),
)
def test_results_are_rankings_with_their_e2_points(players: int, preset: str, policy: Policy, seed: int) -> None:
    """Every ranking is a permutation of the seats and every seat's points are E2's for that result."""
    out = Batch.blank(Rules.preset(preset, players=players), 20).play(policy, seed=seed, deal=True)
    for g in range(20):
        ranking = out.ranking[g].tolist()
        assert sorted(ranking) == list(range(players))
        result = Result(tuple(ranking), out.outcome_names(g), (0,) * players)
        assert out.points[g].tolist() == [seat_points(result, s) for s in range(players)]
        firsts = [s for s in range(players) if out.points[g][s] == 10]
        if result.outcomes[ranking[0]] in ("finished", "left", "stalemate"):
            assert firsts == [ranking[0]]  # exactly one first place, the winner
        else:
            assert firsts == []  # everyone went out eliminated or joker-stuck (B8c)


@pytest.mark.parametrize("players", [3, 4, 20])
def test_random_deals_deal_every_card_once_from_the_dealers_left(players: int) -> None:
    """B2: one card at a time from the dealer's left (the last seat deals), so earlier seats get the extra."""
    batch = Batch.dealt(Rules.preset("fan_tan", players=players), 1000, seed=1)
    hands = batch.hands().tolist()
    for row in hands:
        union = 0
        for cards in row:
            assert not union & cards
            union |= cards
        assert union == (1 << 52) - 1
        sizes = [cards.bit_count() for cards in row]
        assert sizes == [len(range(s, 52, players)) for s in range(players)]
    assert len({tuple(row) for row in hands}) == 1000
    # every card reaches every seat over the deals (not a fixed pattern)
    per_seat = [0] * players
    for row in hands:
        for s, cards in enumerate(row):
            per_seat[s] |= cards
    assert all(cards == (1 << 52) - 1 for cards in per_seat)


def test_playout_from_a_state_leaves_the_state_unchanged() -> None:
    state = State.new(Rules.preset("tunnel", players=5), seed=11)
    before = state.position()
    points = playout(state, "heuristic", n=16, seed=3, noise=0.3)
    assert points.shape == (16, 5)
    assert state.position() == before
    assert set(points.ravel().tolist()) <= {10, 5, 2, 0, -5, -10}
    many = playout([state, state.clone()], "random", n=4, seed=3)
    assert many.shape == (2, 4, 5)
    assert set(np.unique(many.sum(axis=2)).tolist()) <= set(range(-40, 18))


def test_noise_free_heuristic_playouts_are_all_the_same() -> None:
    state = State.new(STANDARD, seed=4)
    points = playout(state, "heuristic", n=8, seed=9)
    assert (points == points[0]).all()


def test_other_families_are_refused_with_a_clear_error() -> None:
    killer = KillerRules.preset("killer")
    assert not supports(killer) and supports(Rules.preset("joker"))
    with pytest.raises(UnsupportedRulesError, match=r"七並べ \(Part B\) rules only, not killer.*Python engine"):
        Batch.blank(killer, 10)  # type: ignore[arg-type]  # wrong on purpose


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([[1, 2]], r"shape \(games, 4\)"),
        ([[(1 << 52) - 1, 1, 0, 0]], "dealt twice"),
        ([[1, 2, 4, 8]], "all 52 cards"),
    ],
)
def test_bad_hands_are_refused(hands: list[list[int]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Batch.from_hands(STANDARD, hands)


def test_a_dealer_must_be_a_seat() -> None:
    with pytest.raises(ValueError, match="dealer=4 is not a seat; allowed: 0 to 3"):
        Batch.from_seeds(STANDARD, [1], dealer=4)


def test_jokers_dealt_must_match_the_rules() -> None:
    hands = [[(1 << 13) - 1, ((1 << 13) - 1) << 13, ((1 << 13) - 1) << 26, ((1 << 13) - 1) << 39]]
    with pytest.raises(ValueError, match="0 jokers dealt, the rules have 1"):
        Batch.from_hands(Rules.preset("joker"), hands)
    with pytest.raises(ValueError, match="shape of hands"):
        Batch.from_hands(Rules.preset("joker"), hands, jokers=[[1, 0]])
    batch = Batch.from_hands(Rules.preset("joker"), hands, jokers=[[0, 1, 0, 0]])
    assert batch.play("random", seed=1).ranking.shape == (1, 4)


def test_bad_policy_seed_and_sizes_are_refused() -> None:
    batch = Batch.from_seeds(STANDARD, [1])
    with pytest.raises(ValueError, match="unknown policy 'greedy'; allowed: random, heuristic"):
        batch.play("greedy")  # type: ignore[arg-type]  # wrong on purpose
    with pytest.raises(ValueError, match="seed must be"):
        batch.play("random", seed=-1)
    with pytest.raises(ValueError, match="at least one game"):
        Batch.blank(STANDARD, 0)
    with pytest.raises(ValueError, match="n must be at least 1"):
        playout(State.new(STANDARD, seed=1), n=0)


def test_outcome_names_are_the_python_engines() -> None:
    assert OUTCOME_NAMES == ("finished", "left", "stalemate", "eliminated", "joker_stuck")


@pytest.mark.parametrize("preset", ["standard", "tunnel", "fan_tan", "english", "joker"])
def test_applying_an_action_by_its_number_matches_the_python_engine(preset: str) -> None:
    """Batch.apply(k) is legal_actions()[k] applied by the Python engine (B3–B11 as the preset plays them)."""
    rules = Rules.preset(preset)
    checked = 0
    for seed in range(60):
        state = State.new(rules, seed)
        walk = np.random.default_rng(seed)
        for _ in range(int(walk.integers(0, 40))):
            if state.is_over():
                break
            legal = state.legal_actions()
            state.apply(legal[int(walk.integers(len(legal)))])
        if state.is_over():
            continue
        legal = state.legal_actions()
        batch = Batch.from_states([state] * len(legal))
        batch.apply(range(len(legal)))
        for k, action in enumerate(legal):
            after = state.clone()
            after.apply(action)
            assert batch.state[k].tolist() == Batch.from_states([after]).state[0].tolist(), f"seed {seed}, {action}"
            checked += 1
    assert checked > 100


def test_apply_rejects_indices_of_the_wrong_shape() -> None:
    batch = Batch.from_seeds(STANDARD, [1, 2])
    with pytest.raises(ValueError, match="one entry per game"):
        batch.apply([0])
    with pytest.raises(IllegalActionError, match="game 1: action number -1 is not legal; allowed: 0 to"):
        batch.apply([0, -1])


def test_apply_refuses_an_action_number_beyond_the_legal_count_and_changes_nothing() -> None:
    """Issue 31: 99 used to play an (illegal) pass; now it is refused, naming the allowed range."""
    rules = Rules.preset("standard", voluntary_pass=False)
    batch = Batch.from_seeds(rules, [0, 1])
    before = batch.state.copy()
    counts = batch.legal_counts()
    state = State.new(rules, 1)
    assert counts[1] == len(state.legal_actions())
    with pytest.raises(
        IllegalActionError, match=rf"game 1: action number 99 is not legal; allowed: 0 to {counts[1] - 1}"
    ):
        batch.apply(np.array([0, 99]))
    with pytest.raises(IllegalActionError, match=rf"allowed: 0 to {counts[0] - 1}"):
        batch.apply(counts)  # one past the last legal number in every game
    assert (batch.state == before).all()


@pytest.mark.parametrize("indices", [np.array([0.9, 0.0]), [0.9, 0], [True, False], ["0", "1"]])
def test_apply_refuses_action_numbers_that_are_not_integers(indices: object) -> None:
    batch = Batch.from_seeds(STANDARD, [0, 1])
    before = batch.state.copy()
    with pytest.raises(WrongTypeError, match="action numbers must be integers"):
        batch.apply(indices)  # type: ignore[arg-type]  # wrong on purpose
    assert (batch.state == before).all()


def test_games_already_over_ignore_their_entry() -> None:
    batch = Batch.from_seeds(STANDARD, [3, 4])
    batch.play("random", seed=1)
    assert batch.legal_counts().tolist() == [0, 0]
    before = batch.state.copy()
    batch.apply([5, 0])
    assert (batch.state == before).all()


@pytest.mark.parametrize("build", ["from_seeds", "from_hands"])
def test_every_constructor_refuses_other_families_with_the_project_error(build: str) -> None:
    killer = KillerRules.preset("killer")
    with pytest.raises(UnsupportedRulesError, match=r"七並べ \(Part B\) rules only, not killer"):
        if build == "from_seeds":
            Batch.from_seeds(killer, [1])  # type: ignore[arg-type]  # wrong on purpose
        else:
            Batch.from_hands(killer, [[1, 2, 4, 8]])  # type: ignore[arg-type]  # wrong on purpose


def test_per_seat_weights_noise_and_streams_are_checked() -> None:
    batch = Batch.from_seeds(STANDARD, [1, 2])
    with pytest.raises(ValueError, match="one Weights or one per seat"):
        batch.play("heuristic", weights=[DEFAULT_WEIGHTS] * 3)
    with pytest.raises(ValueError, match="shape"):
        batch.play("heuristic", weights=np.zeros((2, 3, 19)))
    with pytest.raises(ValueError, match="one game row or one per game"):
        batch.play("heuristic", weights=np.zeros((3, 4, 19)))
    with pytest.raises(ValueError, match="one number or one per seat"):
        batch.play("heuristic", noise=[0.1, 0.2])
    with pytest.raises(ValueError, match="one entry per game"):
        batch.play("heuristic", streams=[7])


def test_games_given_the_same_stream_play_the_same_noisy_game() -> None:
    """Common random numbers: the same position and stream give the same game, another stream another."""
    state = State.new(STANDARD, 3)
    out = Batch.from_states([state] * 3).play("heuristic", seed=4, noise=2.0, streams=[9, 9, 10])
    assert out.ranking[0].tolist() == out.ranking[1].tolist() and out.steps[0] == out.steps[1]
    others = Batch.from_states([state] * 8).play("heuristic", seed=4, noise=2.0, streams=range(10, 18))
    games = {(tuple(r), int(s)) for r, s in zip(others.ranking.tolist(), others.steps, strict=True)}
    assert len(games) > 1
