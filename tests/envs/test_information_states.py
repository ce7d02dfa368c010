"""Information states are exact (issue 41): a seat's OpenSpiel information-state string and tensor are equal for
two histories exactly when the seat cannot tell them apart, in every family, with eliminations forced often.

What a seat can tell apart is defined here independently of the games' code under test: the cards dealt to it,
and the sequence of its views (the engine's allowlist) after every action. Pairs of histories come from card
swaps: two cards of the deck are swapped (between two seats) and the same actions replayed while they stay
legal, so the pair shares everything but hidden cards, until an elimination or a death shows them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import sevens.envs.openspiel  # noqa: E402,F401  (registers the games)
from sevens.games.shichinarabe.actions import ghost_swap  # noqa: E402

CONFIGS = [
    ("sevens", {"preset": "standard", "players": 5, "settings": "pass_limit=0"}),
    ("sevens", {"preset": "joker", "players": 6, "settings": "pass_limit=1,jokers=2"}),
    ("sevens", {"preset": "tunnel", "players": 8, "settings": "pass_limit=1"}),
    ("sevens", {"preset": "joker", "players": 5, "settings": "pass_limit=0,ghost=true"}),  # with ghost swaps
    ("sevens_killer", {"preset": "killer", "players": 5, "settings": "pass_limit=0"}),
    ("sevens_killer", {"preset": "killer", "players": 7, "settings": "pass_limit=1,dead_cards_visible=false"}),
    ("sevens_seven27", {"preset": "seven27", "players": 5}),
]
PAIRS = {"sevens": 12, "sevens_killer": 30, "sevens_seven27": 24}
"""Card swaps per table, each replayed to its end (2,000 comparisons or more per family)."""


@dataclass
class Tally:
    states: int = 0  # pairs of states compared
    checked: int = 0  # (state, seat) comparisons
    alike: int = 0  # of which the seat could not tell the two apart
    told_apart: int = 0
    ghost_swaps: int = 0


def deck_with_swap(game: Any, rng: random.Random) -> tuple[list[int], list[int]]:
    size = game.deck_size
    deck = rng.sample(range(size), size)
    n = game.num_players()
    while True:
        i, j = rng.sample(range(size), 2)
        if game.family_name == "seven27" or i % n != j % n:  # the sevens families deal card k to seat k mod n
            break
    other = deck.copy()
    other[i], other[j] = other[j], other[i]
    return deck, other


def dealt(game: Any, deck: list[int]) -> Any:
    state = game.new_initial_state()
    for card in deck:
        state.apply_action(card)
    return state


def seen(state: Any, seat: int) -> Any:
    """What the seat sees now, by the engine's allowlist."""
    return state.game_state.view(seat, history=False).to_dict()


def paired_histories(game: Any, rng: random.Random) -> Iterator[tuple[Any, Any]]:
    """States of two histories that differ by one card swap, after each action both can take (and, where the
    rules have ghosts, after ghost swaps made on the engine's states now and then: they are no action of the
    OpenSpiel game, the server makes them when a player speaks to a ghost)."""
    first, second = (dealt(game, deck) for deck in deck_with_swap(game, rng))
    yield first, second
    while not first.is_terminal() and first.current_player() == second.current_player():
        legal = first.legal_actions()
        action = rng.choice(legal)
        if action not in second.legal_actions():
            return
        first.apply_action(action)
        second.apply_action(action)
        yield first, second
        swap = ghost_swap_in(first, rng)
        if swap is not None and second.game_state.is_legal(swap):
            first.game_state.apply(swap)
            second.game_state.apply(swap)
            yield first, second


def ghost_swap_in(state: Any, rng: random.Random) -> Any:
    """A ghost swap (B13) legal now, chosen at random half the time there is one, else ``None``."""
    engine = state.game_state
    if not getattr(engine.rules, "ghost", False) or engine.is_over() or rng.random() < 0.5:
        return None
    statuses = [engine.status(s) for s in range(engine.players)]
    ghosts = [s for s, status in enumerate(statuses) if status == "eliminated"]
    speakers = [s for s, status in enumerate(statuses) if status == "in"]
    if not ghosts or not speakers:
        return None
    return ghost_swap(rng.choice(ghosts), rng.choice(speakers))


def tensor(state: Any, seat: int) -> bytes:
    return np.asarray(state.information_state_tensor(seat), np.float32).tobytes()


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=lambda c: str(c))
def test_a_seat_tells_two_histories_apart_exactly_when_it_has_seen_a_difference(
    name: str, params: dict[str, Any]
) -> None:
    game = pyspiel.load_game(name, params)
    rng = random.Random(41)
    tally = Tally()
    n = game.num_players()
    for _ in range(PAIRS[name]):
        alike_so_far: list[bool | None] = [None] * n  # set once the deal is complete
        for first, second in paired_histories(game, rng):
            tally.states += 1
            for seat in range(n):
                if alike_so_far[seat] is None:
                    alike_so_far[seat] = sorted(first.dealt_to(seat)) == sorted(second.dealt_to(seat))
                alike = bool(alike_so_far[seat]) and seen(first, seat) == seen(second, seat)
                alike_so_far[seat] = alike
                strings = first.information_state_string(seat), second.information_state_string(seat)
                assert (strings[0] == strings[1]) == alike, (seat, strings)
                assert (tensor(first, seat) == tensor(second, seat)) == alike, (seat, strings)
                if alike and first.current_player() == seat:
                    assert first.legal_actions() == second.legal_actions()
                tally.checked += 1
                tally.alike += alike
                tally.told_apart += not alike
        history = first.game_state.history
        tally.ghost_swaps += sum(isinstance(entry, tuple) and str(entry[1]).startswith("ghost ") for entry in history)
    assert tally.alike > 200 and tally.told_apart > 200, tally
    if "ghost" in params.get("settings", ""):
        assert tally.ghost_swaps > 5, tally
    print(f"{name} {params}: {tally}")  # the figures docs/research.md quotes (pytest -s)


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=lambda c: str(c))
def test_equal_information_states_have_equal_legal_actions_and_tensors(name: str, params: dict[str, Any]) -> None:
    """Over many random histories (not only pairs): one string, one tensor and one set of legal actions."""
    game = pyspiel.load_game(name, params)
    rng = random.Random(7)
    by_string: dict[str, tuple[bytes, list[int]]] = {}
    by_tensor: dict[bytes, str] = {}
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                mover = state.current_player()
                text, vector = state.information_state_string(mover), tensor(state, mover)
                assert by_string.setdefault(text, (vector, state.legal_actions())) == (vector, state.legal_actions())
                assert by_tensor.setdefault(vector, text) == text
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(by_string) > 500
