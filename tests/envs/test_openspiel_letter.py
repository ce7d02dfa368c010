"""OpenSpiel to the letter (issue 41): ``random_sim_test`` with serialization for every settings example in the
docs, public observations that hold nothing private, ``resample_from_infostate`` for every seat, integer-only
actions, legal actions for the seat to move only, and records written relative to the reader; and OpenSpiel's
own IS-MCTS and outcome-sampling MCCFR on games with eliminations (the researcher's script,
``bench/openspiel_algorithms.py``, with small counts)."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from bench_scripts import load_bench_script
from sevens.errors import IllegalActionError

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.observation import make_observation  # noqa: E402

from sevens.envs.openspiel import SevensState  # noqa: E402
from sevens.envs.table import Table  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "research.md"
SOURCE = Path(__file__).resolve().parents[2] / "src" / "sevens" / "envs" / "openspiel.py"
LOADS = re.compile(r"load_game\(\s*\"(\w+)\",\s*(\{[^}]*\"settings\"[^}]*\})\)")


def settings_examples() -> list[tuple[str, dict[str, Any]]]:
    """Every ``load_game(name, {…"settings"…})`` written in docs/research.md and the module's docstring."""
    found = {(m[0], m[1]) for path in (DOCS, SOURCE) for m in LOADS.findall(path.read_text(encoding="utf-8"))}
    return sorted((name, ast.literal_eval(params)) for name, params in found)


EXAMPLES = [
    *settings_examples(),
    ("sevens", {"preset": "tunnel", "players": 5, "settings": "pass_limit=none"}),
    ("sevens", {"preset": "standard", "players": 4, "settings": "jokers=2,pass_limit=none,ak_link=true"}),
    ("sevens", {"preset": "joker", "players": 8, "settings": "jokers=2,pass_limit=0"}),
    ("sevens_killer", {"preset": "killer", "players": 6, "settings": "pass_limit=none"}),
    ("sevens_killer", {"preset": "killer", "players": 5, "settings": "pass_limit=0,dead_cards_visible=false"}),
    ("sevens_seven27", {"preset": "seven27", "players": 6, "settings": "ante=2"}),
]


def test_the_docs_give_settings_examples() -> None:
    assert ("sevens", {"preset": "joker", "players": 6, "settings": "jokers=2"}) in settings_examples()


@pytest.mark.parametrize(("name", "params"), EXAMPLES, ids=str)
def test_random_simulation_with_serialization_passes_for_every_settings_example(
    name: str, params: dict[str, Any]
) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_each_chance_outcome_has_its_own_string() -> None:
    game = pyspiel.load_game("sevens", {"preset": "joker", "players": 6, "settings": "jokers=2"})
    state = game.new_initial_state()
    strings = [state.action_to_string(pyspiel.PlayerId.CHANCE, card) for card, _ in state.chance_outcomes()]
    assert len(set(strings)) == len(strings) == 54 and strings[-2:] == ["deal joker 1", "deal joker 2"]


def observation_types() -> dict[str, Any]:
    none, single = pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.SINGLE_PLAYER
    return {
        "public": pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=none),
        "public recall": pyspiel.IIGObservationType(perfect_recall=True, public_info=True, private_info=none),
        "private": pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=single),
    }


def public_record(state: Any) -> Any:
    """What a spectator has read of the history, by the engine (a seat reads at least this much)."""
    engine = state.game_state
    history = getattr(engine, "public_history", None)
    return tuple(history(None)) if history is not None else engine.view(None).history


def swapped_pair(game: Any, rng: random.Random, seat: int) -> tuple[Any, Any]:
    """Two deals that differ by a swap of a card of ``seat`` with a card of another seat, neither a 7 (the 7s go
    on the table at once, so a swapped 7 changes the hands' sizes, which are public). Seven Twenty-Seven deals
    the first ``n`` cards of the deck face down, one to each seat."""
    size, n = game.deck_size, game.num_players()
    deck = rng.sample(range(size), size)
    other = deck.copy()
    if game.family_name == "seven27":
        i, j = seat, rng.choice([k for k in range(n) if k != seat])
    else:
        hidden = [k for k in range(size) if deck[k] % 13 != 6 or deck[k] >= 52]  # not a 7 (jokers from 52)
        i = rng.choice([k for k in hidden if k % n == seat])
        j = rng.choice([k for k in hidden if k % n != seat])
    other[i], other[j] = other[j], other[i]
    states = []
    for cards in (deck, other):
        state = game.new_initial_state()
        for card in cards:
            state.apply_action(card)
        states.append(state)
    return states[0], states[1]


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("sevens", {"preset": "joker", "players": 4}),
        ("sevens_killer", {"players": 4, "settings": "dead_cards_visible=false"}),
        ("sevens_killer", {"players": 4}),
        ("sevens_seven27", {"players": 4}),
    ],
    ids=str,
)
def test_public_observations_hold_nothing_private(name: str, params: dict[str, Any]) -> None:
    """Two histories with the same public record give every seat the same public observation, string and
    tensor, though the seat's own cards differ (which its private observation shows)."""
    game = pyspiel.load_game(name, params)
    observers = {kind: make_observation(game, kind_type) for kind, kind_type in observation_types().items()}
    rng = random.Random(5)
    compared = differed = 0
    for round_ in range(24):
        seat = round_ % game.num_players()
        first, second = swapped_pair(game, rng, seat)
        while public_record(first) == public_record(second):
            for kind in ("public", "public recall"):
                observer = observers[kind]
                texts = [observer.string_from(s, seat) for s in (first, second)]
                tensors = []
                for state in (first, second):
                    observer.set_from(state, seat)
                    tensors.append(np.array(observer.tensor, copy=True))
                assert texts[0] == texts[1] and np.array_equal(tensors[0], tensors[1]), (kind, texts)
                compared += 1
            private = observers["private"]
            differed += private.string_from(first, seat) != private.string_from(second, seat)
            if first.is_terminal():
                break
            action = rng.choice(first.legal_actions())
            if action not in second.legal_actions():
                break
            first.apply_action(action)
            second.apply_action(action)
    assert compared > 100 and differed > 50


def test_an_observation_type_not_offered_is_refused() -> None:
    game = pyspiel.load_game("sevens", {"players": 4})
    every = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="allowed: public_info=True"):
        game.make_py_observer(every)


@pytest.mark.parametrize("name", ["sevens", "sevens_killer"])
def test_resampling_works_for_every_seat_to_move_or_not(name: str) -> None:
    """Eliminations forced often (pass_limit=1, 5 players): every seat's resample keeps its information state
    and deals a position the rules allow (the seat to move has an action)."""
    game = pyspiel.load_game(name, {"players": 5, "settings": "pass_limit=1"})
    public_recall = make_observation(game, observation_types()["public recall"])
    rng = random.Random(2)
    calls = 0
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node() and rng.random() < 0.3:
                for seat in range(game.num_players()):
                    sample = state.resample_from_infostate(seat, rng.random)
                    assert sample.information_state_string(seat) == state.information_state_string(seat)
                    assert sample.information_state_tensor(seat) == state.information_state_tensor(seat)
                    assert sample.current_player() == state.current_player() and sample.legal_actions()
                    sample.game_state.check_invariants()
                    public = public_recall.string_from(sample, seat)
                    assert public == public_recall.string_from(state, seat)
                    calls += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert calls > 300


@pytest.mark.parametrize("name", ["sevens", "sevens_seven27"])
def test_actions_are_whole_numbers_only(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 4})
    state = game.new_initial_state()
    for refused in (True, np.bool_(True), 1.0):
        with pytest.raises(IllegalActionError, match="whole number"):
            state.apply_action(refused)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = state.history()
    for refused in (True, False, np.bool_(True)):
        with pytest.raises(IllegalActionError, match="whole number"):
            state.apply_action(refused)
    assert state.history() == before
    state.apply_action(np.int64(state.legal_actions()[0]))
    assert len(state.history()) == len(before) + 1


@pytest.mark.parametrize("name", ["sevens", "sevens_killer", "sevens_seven27"])
def test_only_the_seat_to_move_has_legal_actions(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 4})
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        if not state.is_chance_node():
            mover = state.current_player()
            for seat in range(4):
                assert bool(state.legal_actions(seat)) == (seat == mover)
                assert any(state.legal_actions_mask(seat)) == (seat == mover)
                # the Python game's own answer too (pyspiel's C++ asks it for the mover only; Python callers,
                # such as searches over states set up from a view, may ask it for any seat)
                assert bool(state._legal_actions(seat)) == (seat == mover)
                table = Table(game.table.family, game.table.rules)
                table.state = state.game_state
                assert table.observe(seat)["action_mask"].any() == (seat == mover)
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", ["sevens", "sevens_killer", "sevens_seven27"])
def test_the_record_in_the_tensor_names_seats_relative_to_the_reader(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 4})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    mover = state.current_player()
    state.apply_action(state.legal_actions()[0])
    first_slot = game.observation_tensor_size()
    events = len(state.record(mover)) - 1  # the sevens families' events logged before the first action, if any
    assert events >= 0
    for reader in range(4):
        tensor = state.information_state_tensor(reader)
        who = [tensor[first_slot + 3 * slot] for slot in range(len(state.log) + 3 * events)]
        assert ((mover - reader) % 4 + 1) / 4 in who, (reader, who)
        if events == 0:
            assert who[0] == ((mover - reader) % 4 + 1) / 4


ALGORITHMS = load_bench_script("openspiel_algorithms")


@pytest.mark.parametrize(("name", "params"), ALGORITHMS.ISMCTS_TABLES, ids=str)
def test_openspiels_ismcts_plays_whole_games_with_eliminations_through_evaluate_bots(
    name: str, params: dict[str, Any]
) -> None:
    games = 3
    report = ALGORITHMS.ismcts_games(name, params, games=games, simulations=6)
    assert report["errors"] == [] and report["finished"] == games


@pytest.mark.parametrize(("name", "params"), ALGORITHMS.MCCFR_GAMES, ids=str)
def test_outcome_sampling_mccfr_keys_one_legal_action_set_per_information_state(
    name: str, params: dict[str, Any]
) -> None:
    report = ALGORITHMS.mccfr_run(name, params, iterations=100)
    assert report["keys"] > 1000 and report["conflicts"] == 0


def test_the_mccfr_check_sees_two_action_sets_under_one_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: with one key for every state, it counts a conflict."""
    monkeypatch.setattr(SevensState, "information_state_string", lambda state, player=None: "one key")
    keyed = ALGORITHMS.KeyedSets()
    original = keyed.watch()
    try:
        state = pyspiel.load_game("sevens", {"players": 4}).new_initial_state()
        rng = random.Random(1)
        while not state.is_terminal():
            if not state.is_chance_node():
                state.information_state_string()
            state.apply_action(rng.choice(state.legal_actions()))
    finally:
        SevensState.information_state_string = original
    assert list(keyed.sets) == ["one key"] and keyed.conflicts == 1
