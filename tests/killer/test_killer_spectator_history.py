"""C3/C7 with hidden dead cards: a spectator reads the log as any other seat reads a death, never with the
dead cards of the seat who lost them (the server's replays and public views ask for ``public_history(None)``)."""

from __future__ import annotations

import random

from sevens.games.killer import Rules, State


def test_a_spectator_reads_every_death_as_a_stranger_does() -> None:
    rules = Rules.preset("killer", players=4).replace(dead_cards_visible=False)
    deaths_seen = 0
    for seed in range(12):
        state = State.new(rules, seed=seed)
        chooser = random.Random(seed)
        while not state.is_over():
            state.apply(chooser.choice(state.legal_actions()))
        spectator = state.public_history(None)
        by_seat = [state.public_history(s) for s in range(state.players)]
        for index, (logged_by, text) in enumerate(spectator):
            stranger = next(s for s in range(state.players) if s != logged_by)
            assert text == by_seat[stranger][index][1]
            if text != by_seat[logged_by][index][1]:  # a death its own seat reads with the cards
                deaths_seen += 1
    assert deaths_seen > 0, "the random games should include deaths that only their seat may read"
