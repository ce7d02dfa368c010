"""B7: the tunnel rule (needs ak_link), readings ``cross`` (preset ``tunnel``) and ``end``."""

from __future__ import annotations

import pytest

from sevens.errors import IllegalActionError, RulesError
from sevens.games.shichinarabe import Rules, parse_action

from .helpers import R7, do, legal, parse_position, playable_in


def test_b7_tunnel_needs_ak_link() -> None:
    with pytest.raises(RulesError, match="needs ak_link"):
        Rules(tunnel="cross")
    assert Rules.preset("tunnel").tunnel == "cross"


def test_b7_cross_seed_example_a_played_after_k_closes_the_low_end() -> None:
    state = parse_position(f"tunnel ......789TJQK/{R7}/{R7}/{R7} As2s6s/* 0 0,0 - 1 0")
    assert playable_in(state, "s") == {"As", "6s"}  # reaching K alone does not trigger `cross`
    do(state, "As", "pass")
    assert playable_in(state, "s") == {"2s"}  # 6♠ is no longer playable; 2♠ is
    assert legal(state) == ["2s", "pass"]
    with pytest.raises(IllegalActionError, match="not next to an open end"):
        state.apply(parse_action("6s"))


def test_b7_cross_k_played_after_a_closes_the_high_end() -> None:
    state = parse_position(f"tunnel A234567....../{R7}/{R7}/{R7} 8sKsQs/* 0 0,0 - 1 0")
    assert playable_in(state, "s") == {"8s", "Ks"}
    do(state, "Ks", "pass")
    assert playable_in(state, "s") == {"Qs"}
    assert legal(state) == ["Qs", "pass"]


def test_b7_cross_last_gap_stays_playable() -> None:
    state = parse_position(f"tunnel A2345.789TJQK/{R7}/{R7}/{R7} 6s/* 0 0,0 - 1 0")
    assert playable_in(state, "s") == {"6s"}  # next to both ends
    assert legal(state) == ["6s", "pass"]
    # One step earlier the low end is still closed: only the end through the link grows.
    state = parse_position(f"tunnel A234..789TJQK/{R7}/{R7}/{R7} 5s6s/* 0 0,0 - 1 0")
    assert playable_in(state, "s") == {"5s"}


def test_b7_end_seed_example_reaching_a_closes_8_then_k_down_to_8() -> None:
    state = parse_position(f"tunnel,tunnel=end,pass_limit=none A234567....../{R7}/{R7}/{R7} 8s9sTsJsQsKs/* 0 0,0 - 1 0")
    assert playable_in(state, "s") == {"Ks"}  # 8♠ is no longer playable
    for card, nxt in (("Ks", "Qs"), ("Qs", "Js"), ("Js", "Ts"), ("Ts", "9s"), ("9s", "8s")):
        assert legal(state) == [card, "pass"]
        do(state, card, "pass")
        assert playable_in(state, "s") == {nxt}
    do(state, "8s")  # the last gap
    assert state.is_over() and state.result().ranking == (0, 1)


def test_b7_end_reaching_k_closes_the_low_end() -> None:
    state = parse_position(f"tunnel,tunnel=end ......789TJQK/{R7}/{R7}/{R7} As6s/* 0 0,0 - 1 0")
    assert playable_in(state, "s") == {"As"}
    state = parse_position(f"tunnel,tunnel=end ......789TJQ./{R7}/{R7}/{R7} Ks6s/* 0 0,0 - 1 0")
    assert playable_in(state, "s") == {"Ks", "6s"}  # not yet at K
    do(state, "Ks", "pass")
    assert playable_in(state, "s") == {"As"}


def test_b7_cross_triggered_by_cards_laid_out_by_an_elimination() -> None:
    # Seat 1 has no pass left and no play: it is eliminated and lays out K♠ A♠ past the gap at Q♠ (B10).
    state = parse_position(f"tunnel ......789TJ../{R7}/{R7}/{R7} Qs2h/KsAs/* 0 0,3,0 - 2 0")
    do(state, "pass")
    assert state.status(1) == "eliminated"
    assert playable_in(state, "s") == {"Qs", "6s"}  # laid-out K♠ A♠ are not joined yet
    do(state, "pass", "Qs")  # joins 7…Q with the laid-out K♠ A♠: an end has passed over the link
    assert playable_in(state, "s") == {"2s"}


def test_b7_end_triggered_by_cards_laid_out_by_an_elimination() -> None:
    state = parse_position(f"tunnel,tunnel=end ......789TJ../{R7}/{R7}/{R7} Qs2h/Ks/* 0 0,3,0 - 2 0")
    do(state, "pass")
    assert state.status(1) == "eliminated"
    assert playable_in(state, "s") == {"Qs", "6s"}
    do(state, "pass", "Qs")  # the run now reaches the laid-out K♠
    assert playable_in(state, "s") == {"As"}
