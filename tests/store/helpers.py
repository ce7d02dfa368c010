"""Helpers for the store tests: real 七並べ rounds and their E2 points / E3 stars."""

from __future__ import annotations

from sevens.games.shichinarabe import Rules, State
from sevens.session.scoring import points_for_round
from sevens.store import Store

SEATS = [("Hana", True), ("Taro", True), ("heuristic", False), ("random", False)]


def new_session(store: Store, seed: int = 7, seats: list[tuple[str, bool]] | None = None) -> int:
    """A standard 4-seat 七並べ session."""
    rules = Rules.preset("standard")
    return store.create_session(
        "shichinarabe", "standard", rules.to_dict(), seed, seats or SEATS, {"turn_seconds": None, "rounds": 3}
    )


def deal(seed: int, dealer: int = 3) -> State:
    return State.new(Rules.preset("standard"), seed=seed, dealer=dealer)


def play_first_legal(state: State, store: Store | None = None, round_id: int | None = None) -> None:
    """Play ``legal_actions()[0]`` until the round is over, storing each action if a store is given."""
    while not state.is_over():
        state.apply(state.legal_actions()[0])
        if store is not None and round_id is not None:
            store.append_action(round_id, len(state.actions), str(state.actions[-1]))


def stars_for(state: State) -> list[int]:
    """E3: 1 for not being eliminated, +1 for the top half, +1 for first place."""
    result = state.result()
    stars = []
    for seat in range(state.players):
        place = result.rank(seat)
        earned = 0 if result.outcomes[seat] == "eliminated" else 1
        earned += int(place <= state.players // 2)
        earned += int(place == 1)
        stars.append(earned)
    return stars


def points_for(state: State) -> list[int]:
    result = state.result()
    return points_for_round(result.ranking, result.outcomes)


def finish(store: Store, round_id: int, state: State) -> None:
    store.finish_round(round_id, state.result().to_dict(), points_for(state), stars_for(state))
