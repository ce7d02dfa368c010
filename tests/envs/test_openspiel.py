"""The OpenSpiel games meet OpenSpiel's own standard: random simulation with serialization for every family at
2, 4 and 8 players, names that load again, a deal one card at a time with exact probabilities, information-state
tensors as fine as the information states, pickling, and IS-MCTS through ``evaluate_bots`` and the arena."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from sevens.cli.app import app
from sevens.errors import IllegalActionError, RulesError
from sevens.games.registry import families
from sevens.games.shichinarabe import Rules, State

pyspiel = pytest.importorskip("pyspiel")

from sevens.envs.openspiel import GAME_NAMES, load_for_rules  # noqa: E402

FAMILIES = {"sevens": "shichinarabe", "sevens_killer": "killer", "sevens_seven27": "seven27"}
CASES = [
    (name, preset, players)
    for name, family in FAMILIES.items()
    for preset in families()[family].presets
    for players in (2, 4, 8)
]


@pytest.mark.parametrize(("name", "preset", "players"), CASES)
def test_random_simulation_with_serialization_passes(name: str, preset: str, players: int) -> None:
    game = pyspiel.load_game(name, {"preset": preset, "players": players})
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "family"), FAMILIES.items())
def test_every_preset_and_setting_loads_again_from_the_games_own_name(name: str, family: str) -> None:
    for preset in families()[family].presets:
        game = pyspiel.load_game(name, {"preset": preset})
        assert pyspiel.load_game(str(game)).rules == game.rules
    settings = {
        "sevens": "jokers=2,pass_limit=none,ak_link=true",
        "sevens_killer": "pass_limit=none",
        "sevens_seven27": "ante=2",
    }[name]
    game = pyspiel.load_game(name, {"players": 6, "settings": settings})
    again = pyspiel.load_game(str(game))
    assert again.rules == game.rules and again.rules != game.rules.replace(players=5)
    assert str(again) == str(game) and load_for_rules(game.rules).rules == game.rules


def test_the_joker_preset_with_settings_round_trips() -> None:
    game = pyspiel.load_game("sevens", {"preset": "joker", "players": 6, "settings": "jokers=2"})
    assert pyspiel.load_game(str(game)).num_players() == 6


def test_the_deal_is_one_card_at_a_time_with_exact_probabilities() -> None:
    game = pyspiel.load_game("sevens", {"preset": "standard", "players": 4})
    state = game.new_initial_state()
    rng = random.Random(3)
    deck = []
    for left in range(52, 0, -1):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == left and all(p == 1.0 / left for _, p in outcomes)
        card = rng.choice(outcomes)[0]
        deck.append(card)
        state.apply_action(card)
    assert not state.is_chance_node()
    assert state.game_state == State.new(Rules.preset("standard"), 0, deck=deck)


def test_a_seats_own_hand_does_not_reveal_the_others() -> None:
    """Two deals that give seat 0 the same cards and the others different ones look the same to seat 0."""
    game = pyspiel.load_game("sevens", {"preset": "standard", "players": 4})
    first = list(range(52))
    second = first.copy()
    second[1], second[2] = second[2], second[1]  # two cards swapped between seats 1 and 2
    states = []
    for deck in (first, second):
        state = game.new_initial_state()
        for card in deck:
            state.apply_action(card)
        states.append(state)
    assert states[0].information_state_string(0) == states[1].information_state_string(0)
    assert states[0].information_state_tensor(0) == states[1].information_state_tensor(0)
    assert states[0].information_state_string(1) != states[1].information_state_string(1)


def test_actions_that_are_not_legal_are_refused() -> None:
    game = pyspiel.load_game("sevens", {"players": 4})
    state = game.new_initial_state()
    with pytest.raises(IllegalActionError, match="not a card left in the deck"):
        state.apply_action(52)
    state.apply_action(5)
    with pytest.raises(IllegalActionError, match="not a card left in the deck"):
        state.apply_action(5)
    for card in range(52):
        if card != 5:
            state.apply_action(card)
    with pytest.raises(RulesError, match="out of range"):
        state.apply_action(len(game.table.space))


def _random_states(game: Any, games: int, rng: random.Random) -> list[Any]:
    states = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return states


@pytest.mark.parametrize(("name", "games"), [("sevens", 40), ("sevens_killer", 40), ("sevens_seven27", 120)])
def test_distinct_information_states_have_distinct_tensors(name: str, games: int) -> None:
    players = 3
    game = pyspiel.load_game(name, {"players": players})
    seen: dict[bytes, str] = {}
    strings = set()
    for state in _random_states(game, games, random.Random(7)):
        for player in range(players):
            text = state.information_state_string(player)
            strings.add(text)
            key = np.asarray(state.information_state_tensor(player), np.float32).tobytes()
            assert seen.setdefault(key, text) == text
    assert len(strings) > 2000


@pytest.mark.parametrize("name", ["sevens", "sevens_killer"])
def test_resampling_keeps_what_the_player_knows_and_deals_the_rest_again(name: str) -> None:
    """Hidden cards never reach a seat: a resampled state has the same information state for that seat."""
    game = pyspiel.load_game(name, {"players": 4})
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    others = set()
    for k in range(5):
        sample = state.resample_from_infostate(player, lambda k=k: (k + 0.5) / 5)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.information_state_tensor(player) == state.information_state_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        others.add(str(sample))
    assert len(others) > 1


@pytest.mark.parametrize("name", list(FAMILIES))
def test_games_and_states_serialize_and_pickle(name: str) -> None:
    game = pyspiel.load_game(name, {"players": 3})
    state = _random_states(game, 1, random.Random(4))[10]
    text = pyspiel.serialize_game_and_state(game, state)
    game_again, state_again = pyspiel.deserialize_game_and_state(text)
    assert str(game_again) == str(game) and str(state_again) == str(state)
    assert state_again.information_state_tensor(0) == state.information_state_tensor(0)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    unpickled = pickle.loads(pickle.dumps(state))
    assert str(unpickled) == str(state) and unpickled.history() == state.history()


def test_a_preset_of_another_family_is_refused() -> None:
    with pytest.raises(RulesError, match="is killer, not a preset of shichinarabe"):
        pyspiel.load_game("sevens", {"preset": "killer"})


def test_games_load_from_any_rules() -> None:
    rules = Rules.preset("tunnel", players=5).replace(pass_limit=None)
    game = load_for_rules(rules)
    assert game.get_type().short_name == GAME_NAMES["shichinarabe"]
    assert game.num_players() == 5
    assert game.table.rules == rules


def test_ismcts_plays_through_openspiels_evaluate_bots() -> None:
    """OpenSpiel's IS-MCTS bot, resampling through ``resample_from_infostate``, plays whole games, deal included."""
    from open_spiel.python.algorithms import evaluate_bots, mcts
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    from sevens.envs.ismcts import ISMCTSBot

    game = pyspiel.load_game("sevens", {"players": 3})
    numpy_rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numpy_rng)
    search = ISMCTSBot(game, evaluator, 10.0, 20, random_state=numpy_rng)
    bots = [search, UniformRandomBot(1, numpy_rng), UniformRandomBot(2, numpy_rng)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, numpy_rng)
    assert len(returns) == 3 and max(returns) == 10.0 and min(returns) < 0


def test_ismcts_plays_against_sevens_agents_in_the_arena() -> None:
    result = CliRunner().invoke(app, ["arena", "--agents", "ismcts,heuristic", "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.stdout)["agents"]}
    assert rows["ismcts"]["games"] == 2 and rows["ismcts"]["moves"] > 0


def test_registering_again_as_a_module_reload_does_keeps_every_game_loadable() -> None:
    """The games are registered at import (before a test can watch it): registering again must work, and each
    name then loads its own family's game."""
    from sevens.envs import openspiel

    openspiel._register()
    for family, name in GAME_NAMES.items():
        assert name in pyspiel.registered_names()
        assert pyspiel.load_game(name).table.family.name == family


def test_a_resample_is_drawn_from_the_sampler_given_or_from_the_global_generator_without_one() -> None:
    game = pyspiel.load_game("sevens", {"players": 4})
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(70):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    same = {str(state.resample_from_infostate(player, lambda: 0.375)) for _ in range(3)}
    assert len(same) == 1  # the sampler's draw decides the deal
    random.seed(11)
    first = str(state.resample_from_infostate(player))
    random.seed(11)
    assert str(state.resample_from_infostate(player)) == first  # without a sampler: Python's own generator
