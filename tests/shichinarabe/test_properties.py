"""Property tests over random games of every preset and the main variants."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.errors import IllegalActionError
from sevens.games.shichinarabe import Rules, State, parse_action, parse_position, replay, to_record
from sevens.games.shichinarabe.actions import PASS_ACTION, Action, ghost_swap, joker_play, play, swap

VARIANTS = [
    *(Rules.preset(name) for name in ("standard", "ak_link", "tunnel", "joker", "fan_tan", "english", "kids")),
    Rules.preset("tunnel", tunnel="end", jokers=2, joker_exchange="optional"),
    Rules.preset("joker", jokers=2, joker_exchange="none", ak_link=True),
    Rules.preset("fan_tan", first_player="diamond_seven", jokers=1, pass_limit=2, ghost=True),
    Rules.preset("standard", ghost=True, voluntary_pass=False, pass_limit=1),
]
EVERY_ACTION = [PASS_ACTION, *(f(c) for c in range(52) for f in (play, swap))]
EVERY_ACTION += [joker_play(c, side) for c in range(52) for side in (-1, 1)]

games = st.tuples(
    st.sampled_from(VARIANTS), st.integers(2, 20), st.integers(0, 2**32), st.integers(0, 19), st.integers(0, 2**32)
)
SETTINGS = settings(max_examples=40, deadline=None)


def random_game(
    variant: Rules, players: int, seed: int, dealer: int, choices: int
) -> Iterator[tuple[State, random.Random]]:
    """Yield each state of a random game (the same object, advanced), with its random source."""
    rng = random.Random(choices)
    state = State.new(variant.replace(players=players), seed=seed, dealer=dealer % players)
    while True:
        yield state, rng
        if state.is_over():
            return
        ghosts = [s for s in range(players) if state.status(s) == "eliminated"]
        speakers = [s for s in range(players) if state.status(s) == "in"]
        if variant.ghost and ghosts and rng.random() < 0.1:
            state.apply(ghost_swap(rng.choice(ghosts), rng.choice(speakers)))
        else:
            state.apply(rng.choice(state.legal_actions()))


@SETTINGS
@given(games)
def test_position_text_round_trips_at_every_step(game: tuple[Rules, int, int, int, int]) -> None:
    for state, _ in random_game(*game):
        text = state.position()
        again = parse_position(text)
        assert again == state and again.position() == text
        assert again.legal_actions() == state.legal_actions()
        state.check_cards_conserved()


@SETTINGS
@given(games)
def test_legal_actions_sorted_unique_and_their_text_parses_back(game: tuple[Rules, int, int, int, int]) -> None:
    for state, _ in random_game(*game):
        legal = state.legal_actions()
        assert legal == sorted(set(legal), key=Action.sort_key)
        assert all(parse_action(str(a)) == a for a in legal)
        assert state.is_over() == (legal == [])
    result = state.result()
    assert sorted(result.ranking) == list(range(state.players))


@SETTINGS
@given(games)
def test_clone_is_independent(game: tuple[Rules, int, int, int, int]) -> None:
    for state, rng in random_game(*game):
        if state.is_over() or rng.random() < 0.7:
            continue
        before = state.position()
        copy = state.clone()
        assert copy == state
        copy.apply(rng.choice(copy.legal_actions()))
        assert state.position() == before and len(copy.history) > len(state.history)


@SETTINGS
@given(games)
def test_illegal_actions_change_nothing(game: tuple[Rules, int, int, int, int]) -> None:
    for state, rng in random_game(*game):
        before, history = state.position(), state.history
        legal = set(state.legal_actions())
        for action in rng.sample(EVERY_ACTION, 8):
            if action in legal:
                continue
            try:
                state.apply(action)
            except IllegalActionError as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{action} was applied but is not in {sorted(map(str, legal))}")
            assert state.position() == before and state.history == history


@SETTINGS
@given(games)
def test_record_replays_to_the_same_state(game: tuple[Rules, int, int, int, int]) -> None:
    *_, (state, _) = random_game(*game)
    assert state.is_over() and replay(to_record(state)) == state
