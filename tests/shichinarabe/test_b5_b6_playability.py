"""B5 (the run and its ends) and B6 (ak_link: A and K are next to each other)."""

from __future__ import annotations

import pytest

from sevens.errors import IllegalActionError
from sevens.games.shichinarabe import parse_action

from .helpers import R7, do, legal, parse_position, playable_in


def test_b5_seed_example_spades_5_to_9_only_4_and_10_playable() -> None:
    state = parse_position(f"standard ....56789..../{R7}/{R7}/{R7} As2s3s4sTsJsQsKs/AhKh/AdKd/* 0 0,0,0,0 - 3 0")
    assert playable_in(state, "s") == {"4s", "Ts"}
    assert legal(state) == ["4s", "Ts", "pass"]
    for text in ("3s", "Js", "As", "Ks"):
        with pytest.raises(IllegalActionError, match="not next to an open end"):
            state.apply(parse_action(text))


def test_b5_card_past_a_gap_makes_nothing_playable_until_the_gap_fills() -> None:
    # J♠ was laid out past the empty 10♠ (B10); Q♠ is not playable yet.
    state = parse_position(f"standard ....56789.J../{R7}/{R7}/{R7} 4sTs/* 0 0,0 - 1 0")
    assert playable_in(state, "s") == {"4s", "Ts"}
    assert legal(state) == ["4s", "Ts", "pass"]
    do(state, "Ts")  # fills the gap: the run now reaches J♠
    assert playable_in(state, "s") == {"4s", "Qs"}
    assert "Qs" in legal(state)


def test_b5_without_ak_link_the_rows_end_at_a_and_k() -> None:
    state = parse_position(f"standard ......789TJQK/{R7}/A234567....../{R7} As6s/* 0 0,0 - 1 0")
    assert playable_in(state, "s") == {"6s"}
    assert playable_in(state, "d") == {"8d"}
    assert legal(state) == ["6s", "pass"]


def test_b6_run_reaching_k_makes_a_playable_then_2() -> None:
    state = parse_position(f"ak_link ......789TJQK/{R7}/{R7}/{R7} As6s/* 0 0,0 - 1 0")
    assert playable_in(state, "s") == {"As", "6s"}
    assert legal(state) == ["As", "6s", "pass"]
    do(state, "As")
    assert playable_in(state, "s") == {"2s", "6s"}


def test_b6_run_reaching_a_makes_k_playable_then_q() -> None:
    state = parse_position(f"ak_link A234567....../{R7}/{R7}/{R7} 8sKs/* 0 0,0 - 1 0")
    assert playable_in(state, "s") == {"8s", "Ks"}
    assert legal(state) == ["8s", "Ks", "pass"]
    do(state, "Ks")
    assert playable_in(state, "s") == {"8s", "Qs"}


def test_b6_both_ends_keep_growing_with_tunnel_off() -> None:
    state = parse_position(f"ak_link,pass_limit=none {R7}/{R7}/{R7}/{R7} As2s3s4s5s6s8s9sTsJsQsKs/* 0 0,0 - 1 0")
    expected = [
        ("8s", {"8s", "6s"}), ("9s", {"9s", "6s"}), ("Ts", {"Ts", "6s"}), ("Js", {"Js", "6s"}),
        ("Qs", {"Qs", "6s"}), ("Ks", {"Ks", "6s"}), ("As", {"As", "6s"}), ("2s", {"2s", "6s"}),
        ("3s", {"3s", "6s"}), ("6s", {"4s", "6s"}), ("5s", {"4s", "5s"}), ("4s", {"4s"}),
    ]  # fmt: skip
    for card, before in expected:
        assert playable_in(state, "s") == before, f"before {card}"
        assert card in legal(state)
        do(state, card)
        if state.to_move == 1:
            do(state, "pass")
    assert playable_in(state, "s") == set()
    assert state.is_over()  # seat 0 emptied its hand
