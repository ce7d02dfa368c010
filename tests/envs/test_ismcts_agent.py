"""The IS-MCTS agent (``sevens arena --agents ismcts``): its search starts in the seat's own information state,
and its games repeat from its seed, with or without ``reset`` (issue 43: mutants of both survived every test)."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from sevens.envs.ismcts import ISMCTSAgent, public_log  # noqa: E402
from sevens.games.shichinarabe import Rules, State  # noqa: E402

# the tables IS-MCTS searches, eliminations (B9/B10, Killer's deaths) among them
TABLES = [
    ("sevens", {"players": 4}),
    ("sevens", {"players": 5, "settings": "pass_limit=1"}),
    ("sevens_killer", {"players": 4}),
    ("sevens_killer", {"players": 5, "settings": "pass_limit=1"}),
]


def decisions(name: str, params: dict[str, Any], seed: int) -> list[Any]:
    """The OpenSpiel states of one random game (deal included) at which the seat to move has a choice."""
    rng = random.Random(seed)
    state = pyspiel.load_game(name, params).new_initial_state()
    found = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [action for action, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            found.append(state.clone())
        state.apply_action(rng.choice(legal))
    return found


@pytest.mark.parametrize(("name", "params"), TABLES, ids=str)
def test_the_search_starts_in_the_information_state_of_the_seat_to_move(name: str, params: dict[str, Any]) -> None:
    """Every deal the agent searches from is one the seat cannot tell from the real game: what it sees and
    has read of the history, and its legal actions, are the real game's, whatever else was dealt. (The
    real state also records the order the seat's own cards were dealt in; a deal set up from a view does not
    know it, the same for every deal of one search.)"""
    agent = ISMCTSAgent(simulations=2)
    agent.reset(0, 3)
    checked = 0
    for seed in range(3):
        for real in decisions(name, params, seed):
            seat = real.current_player()
            view = real.game_state.view(seat)
            root, other = agent.deal(view), agent.deal(view)
            assert root.current_player() == seat
            assert root.observation_string(seat) == without_deal(real.observation_string(seat))
            read = root.information_state_string(seat)
            assert without_deal(real.information_state_string(seat)) == read == other.information_state_string(seat)
            assert root.legal_actions() == real.legal_actions()
            checked += 1
    assert checked > 30


def without_deal(information_state: str) -> str:
    """An information state string without the record of the seat's own deal (``dealt to me: …; ``)."""
    head, _, rest = information_state.partition("dealt to me: ")
    return head + rest.partition("; ")[2] if rest else information_state


def test_the_public_log_is_the_real_games_own() -> None:
    """The actions of the seat's public history, numbered as the registered game numbers them, events left out."""
    for real in decisions("sevens", {"players": 5, "settings": "pass_limit=1"}, 1)[-3:]:
        table = real.get_game().table
        view = real.game_state.view(real.current_player())
        assert public_log(view, table) == real.log


def play(agent: ISMCTSAgent, seed: int, reset: bool) -> list[Any]:
    """One 4-player 七並べ game of random seats beside the agent in seat 0: the agent's choices."""
    state = State.new(Rules.preset("standard"), seed)
    others = random.Random(seed)
    if reset:
        agent.reset(0, seed)
    chosen = []
    while not state.is_over():
        legal = state.legal_actions()
        if state.to_move == 0:
            action = agent.act(state.view(0), legal)
            chosen.append(action)
        else:
            action = others.choice(legal)
        state.apply(action)
    return chosen


def test_games_repeat_from_the_seed_given_to_reset() -> None:
    first = play(ISMCTSAgent(simulations=4), seed=7, reset=True)
    again = ISMCTSAgent(simulations=4)
    play(again, seed=99, reset=True)  # what it did before does not matter: reset starts it afresh
    assert play(again, seed=7, reset=True) == first


def test_a_new_agent_plays_the_same_game_without_reset() -> None:
    assert play(ISMCTSAgent(simulations=4), seed=7, reset=False) == play(ISMCTSAgent(simulations=4), 7, False)


def test_a_choice_comes_from_the_search_and_a_lone_action_is_played_at_once() -> None:
    """With a choice, the search decides (a seeded game where it plays other than the first legal action); with
    one legal action, that action."""
    agent = ISMCTSAgent(simulations=4)
    agent.reset(0, 7)
    state = State.new(Rules.preset("standard"), 7)
    departed = 0
    while not state.is_over():
        legal, seat = state.legal_actions(), state.to_move
        assert seat is not None
        action = agent.act(state.view(seat), legal) if len(legal) > 1 else legal[0]
        departed += action != legal[0]
        state.apply(action)
    assert departed > 0, "every choice was the first legal action"
    lone = next_lone_action(State.new(Rules.preset("standard"), 7))
    assert lone.to_move is not None
    assert agent.act(lone.view(lone.to_move), lone.legal_actions()) == lone.legal_actions()[0]


def next_lone_action(state: State) -> State:
    """The first position of a first-legal-action game where the seat to move has one legal action."""
    while len(state.legal_actions()) > 1:
        state.apply(state.legal_actions()[0])
    return state
