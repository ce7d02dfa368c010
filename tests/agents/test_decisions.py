"""Scenario tests of what the agents know about the game (positions written as position text)."""

from __future__ import annotations

from sevens.agents.base import Agent
from sevens.agents.shichinarabe import GreedyAgent, HeuristicAgent, SearchAgent
from sevens.agents.shichinarabe.board import row_lanes
from sevens.games.shichinarabe import parse_position

from .common import choice_in

SEVENS = "......7....../......7....../......7....../......7......"


def _choice(agent: Agent, text: str) -> str:
    return choice_in(agent, parse_position(text))


def test_heuristic_plays_its_own_lane_before_a_gate() -> None:
    # 8s blocks every other spade; 6h leads to my 5h: keep the block (止める), play hearts.
    assert _choice(HeuristicAgent(), f"standard {SEVENS} 8s6h5h/* 0 0,0 - 1 0") == "6h"


def test_heuristic_holds_a_pure_gate_with_passes_to_spare() -> None:
    assert _choice(HeuristicAgent(), f"standard {SEVENS} 8s2h/* 0 0,0 - 1 0") == "pass"


def test_heuristic_plays_the_gate_when_no_pass_is_left() -> None:
    assert _choice(HeuristicAgent(), f"standard {SEVENS} 8s2h/* 0 3,0 - 1 0") == "8s"


def test_heuristic_never_strands_a_joker() -> None:
    # Playing 8s would leave only the joker: joker-stuck (B8c) is the worst outcome.
    assert _choice(HeuristicAgent(), f"joker {SEVENS} 8sJk/* 0 0,0 - 1 0") == "pass"


def test_heuristic_buries_an_opponents_card_under_a_joker_without_exchange() -> None:
    text = f"joker,joker_exchange=none {SEVENS} 9sJk2h3h/* 0 0,0 - 1 0"
    assert _choice(HeuristicAgent(), text) == "Jk+9s"


def test_search_takes_a_certain_win() -> None:
    # My last card is playable: playing it wins at once, passing can only lose ground.
    assert _choice(SearchAgent(rollouts=4), f"standard {SEVENS} 8s/* 0 0,0 - 1 0") == "8s"


def test_greedy_never_passes_while_it_can_play() -> None:
    assert _choice(GreedyAgent(), f"standard {SEVENS} 8s2h/* 0 0,0 - 1 0") == "8s"


def test_greedy_prefers_the_play_that_opens_its_own_cards() -> None:
    assert _choice(GreedyAgent(), f"standard {SEVENS} 8s6h5h/* 0 0,0 - 1 0") == "6h"


def test_lanes_follow_the_tunnel() -> None:
    # Spades 7…K and A out with the cross tunnel: the 6 end is closed, the run grows 2, 3, … (B7 example).
    assert row_lanes(0b1111111000001, True, "cross") == ((1, 2, 3, 4, 5),)
    assert row_lanes(0b1111111000001, True, "off") == ((1, 2, 3, 4, 5), (5, 4, 3, 2, 1))
