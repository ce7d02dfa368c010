"""The shipped ``learned`` agent: its weights load from the package, it plays only legal actions in every 七並べ
preset at 2–20 players from its view alone, the same way every time, and refuses what it cannot play clearly."""

from __future__ import annotations

import json
import random
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import sevens
from sevens.agents.base import agent_names, make_agent
from sevens.agents.shichinarabe.learned import (
    FEATURES,
    POLICY_VARIABLE,
    WEIGHTS_FILE,
    Features,
    LearnedAgent,
    Network,
    observation_of,
)
from sevens.cli.app import app
from sevens.errors import RulesError
from sevens.games.killer import Rules as KillerRules
from sevens.games.killer import State as KillerState
from sevens.games.shichinarabe import PRESETS, Rules, State


def test_the_shipped_weights_load_from_the_package_and_are_small() -> None:
    assert WEIGHTS_FILE.is_file() and WEIGHTS_FILE.stat().st_size < 300_000
    layers = LearnedAgent().network.layers
    assert layers[0][0].shape[0] == FEATURES and layers[-1][0].shape[1] == 209
    assert all(w.dtype == np.float32 and np.isfinite(w).all() for w, _ in layers)


def test_learned_is_an_agent_name_of_shichinarabe_in_play_and_in_research() -> None:
    assert "learned" in agent_names() and "learned" in agent_names(research=True)
    assert make_agent("learned").name == "learned"
    assert "learned" not in agent_names("killer") and "learned" not in agent_names("seven27", research=True)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_it_plays_only_legal_actions_in_every_preset_at_2_to_8_players_and_more(preset: str) -> None:
    agent = LearnedAgent()
    for players in (*range(2, 9), 12, 20):  # trained at 2 to 8; with more it reads the 8 seats from its own
        rules = Rules.preset(preset).replace(players=players)
        if preset == "joker" and players >= 5:
            rules = rules.replace(jokers=2, joker_exchange="optional")
        state = State.new(rules, players)
        agent.reset(0, players)
        while not state.is_over():
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions()
            action = agent.act(state.view(seat), legal)  # every seat is the learned agent
            assert action in legal, f"{preset} {players}: {action} not in {legal}"
            state.apply(action)


def test_it_reads_only_the_view_the_same_view_gives_the_same_move_whatever_the_hidden_hands() -> None:
    """Two deals that differ only in cards swapped between two other seats look the same to seat 0."""
    agent = LearnedAgent()
    walk = random.Random(4)
    for _ in range(20):
        deck = list(range(52))
        walk.shuffle(deck)
        seven_of_diamonds = deck.index(2 * 13 + 6)
        deck[seven_of_diamonds], deck[0] = deck[0], deck[seven_of_diamonds]  # seat 0 holds 7♦: it moves first
        swapped = list(deck)
        i, j = 1 + 4 * walk.randrange(1, 12), 2 + 4 * walk.randrange(1, 12)  # a card of seat 1, one of seat 2
        swapped[i], swapped[j] = swapped[j], swapped[i]
        first, second = State.new(Rules(), 0, deck=deck), State.new(Rules(), 0, deck=swapped)
        assert first.hand(1) != second.hand(1) and first.to_move == second.to_move == 0
        view, other = first.view(0), second.view(0)
        assert (observation_of(view) == observation_of(other)).all()
        assert agent.act(view, first.legal_actions()) == agent.act(other, second.legal_actions())


def test_it_is_deterministic_the_same_seed_gives_the_same_games() -> None:
    def run() -> str:
        result = CliRunner().invoke(
            app, ["arena", "--agents", "learned,easy,normal,random", "--games", "8", "--seed", "3", "--json"]
        )
        assert result.exit_code == 0, result.output
        rows = json.loads(result.stdout)["agents"]
        return json.dumps([{k: v for k, v in row.items() if "seconds" not in k} for row in rows], sort_keys=True)

    assert run() == run()


def test_other_families_are_refused_saying_what_it_plays() -> None:
    killer = KillerState.new(KillerRules.preset("killer"), 1)
    assert killer.to_move is not None
    with pytest.raises(RulesError, match=r"plays 七並べ only \(shichinarabe: standard, .*\), not killer"):
        LearnedAgent().act(killer.view(killer.to_move), killer.legal_actions())  # type: ignore[arg-type]  # on purpose
    with pytest.raises(RulesError, match="plays 七並べ only"):
        Features(KillerRules.preset("killer"))  # type: ignore[arg-type]  # on purpose
    with pytest.raises(RulesError, match="unknown agent 'learned' for killer; allowed:"):
        make_agent("learned", "killer")


def test_another_weights_file_plays_through_the_environment_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = LearnedAgent().network
    *hidden, (last_weights, last_bias) = shipped.layers
    flipped = Network((*hidden, (-last_weights, -last_bias)))
    path = tmp_path / "mine.npz"
    flipped.save(path)
    monkeypatch.setenv(POLICY_VARIABLE, str(path))
    mine = make_agent("learned")
    assert isinstance(mine, LearnedAgent)
    assert np.array_equal(mine.network.layers[-1][0], (-last_weights).astype(np.float16).astype(np.float32))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no learned-agent weights file at"),
        (b"not a zip file at all", "is not a learned-agent weights file"),
        ({"format": np.array(1), "w0": np.zeros((3, 4)), "b0": np.zeros(4)}, r"layer 0 has shapes \(3, 4\)"),
        ({"format": np.array(7)}, "its format is 7"),
        ({"weights": np.zeros((239, 209)), "bias": np.zeros(209)}, "its format is missing"),  # the old linear policy
        ({"format": np.array(1), "w0": np.full((FEATURES, 209), np.nan), "b0": np.zeros(209)}, "not finite"),
    ],
)
def test_a_missing_or_malformed_weights_file_is_one_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: object, message: str
) -> None:
    path = tmp_path / "weights.npz"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, dict):
        np.savez(path, **content)
    monkeypatch.setenv(POLICY_VARIABLE, str(path))
    with pytest.raises(RulesError, match=message):
        make_agent("learned")
    result = CliRunner().invoke(app, ["arena", "--agents", "learned,random", "--games", "2"])
    assert result.exit_code == 2
    assert result.output.strip().startswith("error:") and len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_the_weights_are_package_data() -> None:
    """A wheel carries the weights: pyproject's package data names them."""
    pyproject = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["sevens"]
    package = Path(sevens.__file__).parent
    assert any(fnmatch(WEIGHTS_FILE.relative_to(package).as_posix(), pattern) for pattern in patterns)
