"""Scenario tests of what the Killer agents know about the game (positions written as position text).

Fields: RULES ROWS HANDS DEAD KILLS TURN PASSES EXITS DEALER STREAK (see :mod:`sevens.games.killer.position`).
In the positions below 6s and 6d are out beside the 7s, so 6h's only empty orthogonal neighbour is 5h:
whoever plays 5h kills 6h (C3).
"""

from __future__ import annotations

from sevens.agents.killer import GreedyAgent, HeuristicAgent, SearchAgent

from .support import choice, rows

BOXED = rows("6s 6d")


def test_heuristic_takes_a_kill() -> None:
    # The opponent holds 6h; 5h closes its last neighbour.
    assert choice(HeuristicAgent(), f"killer {BOXED} 5h8c/* - 0,0 0 0,0 - 1 0") == "5h"


def test_heuristic_avoids_killing_its_own_card() -> None:
    # I hold both 5h and 6h: 5h would kill my own 6h.
    assert choice(HeuristicAgent(), f"killer {BOXED} 5h6h8c/* - 0,0 0 0,0 - 1 0") != "5h"


def test_heuristic_saves_a_card_the_opponent_can_kill() -> None:
    # The opponent holds 5h and can kill my 6h next turn: play 6h now.
    assert choice(HeuristicAgent(), f"killer {BOXED} 6h8c9c/* - 0,0 0 0,0 - 1 0") == "6h"


def test_heuristic_plays_rather_than_waiting_for_a_sure_self_kill() -> None:
    # 5h and 6h guard each other; nobody else can fill either, so passing only delays.
    text = f"killer {rows('6s 6d 4h 5s 5d')} 5h6h/* - 0,0 0 0,0 - 1 0"
    assert choice(HeuristicAgent(), text) != "pass"


def test_greedy_never_passes_while_it_can_play() -> None:
    assert choice(GreedyAgent(), f"killer {rows()} 8c/* - 0,0 0 0,0 - 1 0") == "8c"


def test_greedy_prefers_the_play_that_opens_its_own_cards() -> None:
    # 8s makes 9h playable (eight neighbours, C2); 6c opens nothing of mine.
    assert choice(GreedyAgent(), f"killer {rows()} 8s9hKd6c/* - 0,0 0 0,0 - 1 0") == "8s"


def test_search_takes_a_certain_win() -> None:
    # My last card is playable: playing it leaves the round with no card left to die.
    assert choice(SearchAgent(rollouts=4), f"killer {rows()} 8c/* - 0,0 0 0,0 - 1 0") == "8c"


def test_search_takes_a_kill_that_wins_the_ranking() -> None:
    # Two players; killing the opponent's 6h with 5h, then playing 8c, leaves me with no dead card.
    assert choice(SearchAgent(rollouts=16), f"killer {BOXED} 5h8c/* - 0,0 0 0,0 - 1 0") == "5h"
