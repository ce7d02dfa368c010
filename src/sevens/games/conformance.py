"""The public conformance check (DESIGN.md): random games through any family, checked at every step.

At every step it asserts that cards (and chips) are conserved, that legal actions are sorted, unique and
present exactly while the game is on, that a clone and the position text give back an equal state, and that
no view of a seat holds a card hidden from that seat. At the end: the game ended within the family's bound,
the ranking is a permutation of the seats, and the record replays to the same state and result.

>>> from sevens.games.registry import family_of
>>> family = family_of("standard")
>>> state = check_game(family, family.presets["standard"], seed=3)
>>> state.is_over()
True
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from itertools import count
from typing import Any

from sevens.cards import CARD_TEXTS, cards_text, mask_of
from sevens.games.base import Family, GameState

# A card named in a view; ``Jk@6h`` names the position a joker stands on, not the card 6h.
_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9@])([A2-9TJQK][shdc])(?![A-Za-z0-9])")
_CARD_INDEX = {text: i for i, text in enumerate(CARD_TEXTS)}

Chooser = Callable[[GameState, random.Random], Any]


def uniform_choice(state: GameState, rng: random.Random) -> Any:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


class ConformanceError(AssertionError):
    """A family broke its contract; the message names the preset, seed, step and what failed."""


def check_game(
    family: Family, rules: Any, seed: int, choose: Chooser = uniform_choice, deep_every: int = 1
) -> GameState:
    """Play one game with ``choose`` and check the contract; returns the finished state.

    ``deep_every``: run the costlier checks (position and clone round-trips, views) every that many steps."""
    state = family.new_state(rules, seed)
    rng = random.Random(seed)
    bound = family.max_steps(rules)
    try:
        for step in count():
            _check_step(family, state, deep=step % deep_every == 0)
            if state.is_over():
                break
            if step >= bound:
                raise AssertionError(f"the game did not end within its bound of {bound} actions")
            state.apply(choose(state, rng))
        _check_end(family, state)
    except AssertionError as exc:
        raise ConformanceError(f"{family.name} {rules!r} seed={seed} step {step}: {exc}") from exc
    return state


def _check_step(family: Family, state: GameState, deep: bool) -> None:
    state.check_invariants()
    legal = list(state.legal_actions())
    if state.is_over() != (not legal) or state.is_over() != (state.to_move is None):
        raise AssertionError("legal actions must be listed exactly while the game is on and someone is to move")
    if len(set(legal)) != len(legal):
        raise AssertionError(f"legal actions repeat: {[str(a) for a in legal]}")
    if legal != sorted(legal, key=lambda a: a.sort_key()):
        raise AssertionError(f"legal actions are not sorted: {[str(a) for a in legal]}")
    for action in legal:
        if family.parse_action(str(action)) != action:
            raise AssertionError(f"action text {str(action)!r} does not parse back to the same action")
    if deep:
        _check_copies_and_views(family, state)


def _check_copies_and_views(family: Family, state: GameState) -> None:
    """A clone and the position text give the same state back; no view shows a card hidden from its seat."""
    twin = state.clone()
    if twin != state:
        raise AssertionError("a clone differs from its original")
    text = state.position()
    if family.parse_position(text) != state:
        raise AssertionError(f"position text does not read back to the same state: {text}")
    for seat in range(state.players):
        if leaked := cards_in(state.view(seat).to_dict()) & state.hidden_from(seat):
            raise AssertionError(f"the view of seat {seat} shows hidden card(s) {cards_text(leaked)}")


def _check_end(family: Family, state: GameState) -> None:
    ranking = state.result().ranking
    if sorted(ranking) != list(range(state.players)):
        raise AssertionError(f"the ranking {ranking} is not a permutation of the seats")
    record = json.loads(json.dumps(family.to_record(state)))
    again = family.replay(record)
    if again != state or again.result().to_dict() != state.result().to_dict():
        raise AssertionError("replaying the record does not give the same final state and result")


def cards_in(data: Any) -> int:
    """Every card named anywhere in a JSON-ready object, as a bit set."""
    return mask_of(map(_CARD_INDEX.__getitem__, _CARD_TOKEN.findall(json.dumps(data, ensure_ascii=False))))


def check_many(family: Family, rules: Any, games: int, seed: int = 0, deep_every: int = 1) -> int:
    """Run :func:`check_game` over ``games`` seeds; returns the number of actions checked."""
    return sum(len(check_game(family, rules, seed + k, deep_every=deep_every).actions) for k in range(games))
