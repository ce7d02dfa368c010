"""The OpenSpiel games pass OpenSpiel's own random-simulation test; IS-MCTS plays in ``sevens arena``."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

from sevens.cli.app import app
from sevens.errors import RulesError
from sevens.games.shichinarabe import Rules, State

pyspiel = pytest.importorskip("pyspiel")

from sevens.envs.openspiel import GAME_NAMES, load_for_rules  # noqa: E402

CASES = [
    ("sevens", {"preset": "standard", "players": 2}),
    ("sevens", {"preset": "tunnel", "players": 4, "settings": "pass_limit=none"}),
    ("sevens", {"preset": "joker", "players": 8}),
    ("sevens_killer", {"players": 4}),
    ("sevens_seven27", {"players": 4}),
    ("sevens_seven27", {"players": 8}),
]


@pytest.mark.parametrize(("name", "params"), CASES)
def test_random_simulation_test_passes(name: str, params: dict[str, object]) -> None:
    game = pyspiel.load_game(name, params)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_players() == params["players"]
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_chance_outcome_k_deals_what_sevens_deals_from_seed_k() -> None:
    game = pyspiel.load_game("sevens", {"preset": "standard", "players": 4, "deals": 100})
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 100
    state.apply_action(42)
    assert str(state) == State.new(Rules.preset("standard"), 42).position()


def _play_randomly(state: Any, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", ["sevens", "sevens_killer"])
def test_resampling_keeps_what_the_player_knows_and_deals_the_rest_again(name: str) -> None:
    """Hidden cards never reach a seat: a resampled state has the same information state for that seat."""
    game = pyspiel.load_game(name, {"players": 4})
    state = game.new_initial_state()
    state.apply_action(3)
    _play_randomly(state, random.Random(1), 20)
    player = state.current_player()
    others = set()
    for k in range(5):
        sample = state.resample_from_infostate(player, lambda k=k: (k + 0.5) / 5)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.information_state_tensor(player) == state.information_state_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        others.add(str(sample))
    assert len(others) > 1


def test_the_information_state_string_recalls_every_action_and_the_observation_does_not() -> None:
    game = pyspiel.load_game("sevens", {"players": 3})
    state = game.new_initial_state()
    state.apply_action(5)
    _play_randomly(state, random.Random(2), 6)
    recall = state.information_state_string(0)
    assert recall.count(":") > state.observation_string(0).count(":")
    assert recall.split(" | ")[1].split() == [entry for entry in state.public]


def test_a_preset_of_another_family_is_refused() -> None:
    with pytest.raises(RulesError, match="is killer, not a preset of shichinarabe"):
        pyspiel.load_game("sevens", {"preset": "killer"})


def test_games_load_from_any_rules() -> None:
    rules = Rules.preset("tunnel", players=5).replace(pass_limit=None)
    game = load_for_rules(rules)
    assert game.get_type().short_name == GAME_NAMES["shichinarabe"]
    assert game.num_players() == 5
    assert game.table.rules == rules


def test_ismcts_plays_against_sevens_agents_in_the_arena() -> None:
    result = CliRunner().invoke(app, ["arena", "--agents", "ismcts,heuristic", "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.stdout)["agents"]}
    assert rows["ismcts"]["games"] == 2 and rows["ismcts"]["moves"] > 0
