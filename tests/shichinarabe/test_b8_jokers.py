"""B8: jokers — joker plays (B8a), the exchange (B8b), joker-stuck (B8c), eliminated jokers (B8d)."""

from __future__ import annotations

import pytest

from sevens.cards import card_text
from sevens.errors import IllegalActionError
from sevens.games.shichinarabe import Event, Rules, State, parse_action

from .helpers import EMPTY, R7, cards, do, legal, parse_position, playable_in


def test_b8a_joker_below_the_card_two_beyond_the_high_end() -> None:
    state = parse_position(f"joker {R7}/{R7}/{R7}/{R7} 2s9hJk/QsKs/* 0 0,0,0 - 2 0")
    assert "Jk+9h" in legal(state)
    assert "Jk+Th" not in legal(state) and "Jk+8h" not in legal(state)  # three steps / one step beyond
    with pytest.raises(IllegalActionError, match="joker's position must be empty"):
        state.apply(parse_action("9h+Jk"))  # the joker would stand on 10♥, three steps beyond


def test_b8a_joker_above_the_card_two_beyond_the_low_end() -> None:
    state = parse_position(f"joker {R7}/{R7}/{R7}/{R7} 5h9sJk/QsKs/* 0 0,0,0 - 2 0")
    assert legal(state) == ["Jk+9s", "5h+Jk", "pass"]  # sorted by card: 9♠ before 5♥


def test_b8a_joker_never_stands_on_a_7() -> None:
    # Fan Tan, no 7♠ yet: 8♠ is "two beyond" nothing, and the joker may not stand for 7♠.
    state = parse_position(f"fan_tan,jokers=1 {EMPTY}/{EMPTY}/{EMPTY}/{EMPTY} 8s6sJk/* 0 0,0 - 1 0")
    assert legal(state) == ["pass"]
    with pytest.raises(IllegalActionError):
        state.apply(parse_action("Jk+8s"))


def test_b8a_beyond_follows_the_ak_link() -> None:
    text = "{rules} ......789TJQ./{r}/{r}/{r} AsJk/* 0 0,0 - 1 0"
    assert "Jk+As" in legal(parse_position(text.format(rules="joker,ak_link=true", r=R7)))  # joker on K♠
    assert "Jk+As" not in legal(parse_position(text.format(rules="joker", r=R7)))
    state = parse_position(f"tunnel,jokers=1 A.....789TJQK/{R7}/{R7}/{R7} 3s5sJk/* 0 0,0 - 1 0")
    assert legal(state) == ["Jk+3s", "pass"]  # `cross` triggered: no joker play on the closed low end (5s+Jk)


def test_b8a_both_cards_join_the_run() -> None:
    # Seat 0 holds G (8♥) itself, so the joker stays on 8♥ (B8b) and the run goes on through it.
    state = parse_position(f"joker {R7}/{R7}/{R7}/{R7} 2s8h9hJk/QsKs/* 0 0,0,0 - 2 0")
    do(state, "Jk+9h")
    assert state.joker_positions == cards("8h") and state.table & cards("9h")
    assert state.hand(0) == cards("2s 8h") and state.jokers_in_hand(0) == 0
    assert playable_in(state, "h") == {"6h", "Th"}
    assert not any(isinstance(e, Event) and e.kind == "exchange" for _, e in state.history)


def test_b8b_forced_exchange_out_of_turn() -> None:
    state = parse_position(f"joker {R7}/{R7}/{R7}/{R7} 2s9hJk/QsKs/* 0 0,0,0 - 2 0")
    assert state.hand(2) & cards("8h")
    do(state, "Jk+9h")
    assert state.table & cards("8h 9h") == cards("8h 9h") and state.joker_positions == 0
    assert state.jokers_in_hand(2) == 1 and not state.hand(2) & cards("8h")
    assert state.to_move == 1  # the exchange is not seat 2's move
    assert [(s, str(x)) for s, x in state.history] == [(0, "Jk+9h"), (2, "exchange 8h")]  # right after the play
    assert [str(a) for a in state.actions] == ["Jk+9h"]


def test_b8b_forced_exchange_of_a_last_card_leaves_only_a_joker() -> None:
    # Decision (read literally): taking the joker for one's last real card leaves only jokers, so B8c applies.
    state = parse_position(f"joker {R7}/{R7}/{R7}/{R7} 2s9hJk/*/8h 0 0,0,0 - 2 0")
    do(state, "Jk+9h")
    assert state.status(2) == "joker_stuck" and state.jokers_in_hand(2) == 1  # B8c
    assert state.exits == ((2, "joker_stuck"),)


def test_b8c_one_action_leaves_two_players_stuck_the_mover_first() -> None:
    # Seat 0 plays Jk+9h and keeps its second joker; the forced exchange hands seat 2 a joker for its last card.
    state = parse_position(f"joker,jokers=2 {R7}/{R7}/{R7}/{R7} 9hJkJk/*/8h 0 0,0,0 - 2 0")
    do(state, "Jk+9h")
    assert state.status(0) == "joker_stuck" and state.status(2) == "joker_stuck"
    assert state.exits == ((0, "joker_stuck"), (2, "joker_stuck"))  # B8c: the mover is stuck first
    assert state.is_over()
    result = state.result()
    assert result.ranking == (1, 2, 0)  # the mover ranks lowest of the two
    assert result.outcomes == ("joker_stuck", "left", "joker_stuck")


def test_b8b_optional_exchange_is_a_move_on_the_holders_turn() -> None:
    state = parse_position(f"joker,joker_exchange=optional {R7}/{R7}/{R7}/{R7} 2s9hJk/QsKs/* 0 0,0,0 - 2 0")
    do(state, "Jk+9h")
    assert state.joker_positions == cards("8h") and state.jokers_in_hand(2) == 0
    assert state.to_move == 1 and "swap 8h" not in legal(state)
    do(state, "pass")
    assert state.to_move == 2 and "swap 8h" in legal(state) and "8h" not in legal(state)
    do(state, "swap 8h")
    assert state.table & cards("8h") and state.joker_positions == 0 and state.jokers_in_hand(2) == 1
    assert state.to_move == 0


def test_b8b_optional_swap_is_a_play_so_no_elimination_b9() -> None:
    state = parse_position(f"joker,joker_exchange=optional {R7}/......7*9..../{R7}/{R7} 6sKc/8hQsKs/* 0 0,3,0 - 2 0")
    do(state, "pass")
    assert state.to_move == 1 and state.status(1) == "in"  # no pass left, but the swap is a legal play
    assert legal(state) == ["swap 8h"]


def _first_joker_play(rules: Rules) -> tuple[State, str, int]:
    """A dealt state whose first mover has a joker play with G held by another seat (first such seed)."""
    for seed in range(500):
        state = State.new(rules, seed=seed)
        p = state.to_move
        for action in state.legal_actions():
            if action.kind_name == "joker":
                gap = action.card + action.side
                holder = next(s for s in range(rules.players) if state.hand(s) >> gap & 1)
                if holder != p:
                    return state, str(action), gap
    raise AssertionError("no seed with a joker play")


def test_b8b_no_exchange_the_joker_stays() -> None:
    state, text, gap = _first_joker_play(Rules.preset("joker", joker_exchange="none"))
    holder = next(s for s in range(4) if state.hand(s) >> gap & 1)
    do(state, text)
    assert state.joker_positions == 1 << gap and state.hand(holder) >> gap & 1
    assert not any(isinstance(e, Event) and e.kind == "exchange" for _, e in state.history)
    while state.to_move != holder:
        do(state, "pass")
    assert not [a for a in legal(state) if a.endswith(_text(gap))]  # neither play nor swap of G
    with pytest.raises(IllegalActionError, match="a joker stands on that position"):
        state.apply(parse_action(_text(gap)))
    with pytest.raises(IllegalActionError, match="joker_exchange=optional"):
        state.apply(parse_action("swap " + _text(gap)))


def test_b8b_no_exchange_position_text() -> None:
    state = parse_position(f"joker,joker_exchange=none {R7}/......7*9..../{R7}/{R7} 2sTh/QsKs/* 0 0,0,0 - 2 0")
    assert legal(state) == ["Th", "pass"]
    assert parse_position(state.position()) == state


def test_b8c_hand_of_only_jokers_is_out_at_once_and_ranks_below_eliminated() -> None:
    state = parse_position(f"joker {R7}/{R7}/{R7}/{R7} 8hJk/-/* 0 0,0,0 1x 2 0")
    do(state, "8h")
    assert state.status(0) == "joker_stuck"
    assert state.is_over()  # only seat 2 still holds cards
    result = state.result()
    assert result.ranking == (2, 1, 0)
    assert result.outcomes == ("joker_stuck", "eliminated", "left")


def test_b8c_joker_stuck_when_the_sevens_are_placed() -> None:
    rules = Rules.preset("joker", players=20)
    for seed in range(3000):
        state = State.new(rules, seed=seed)
        stuck = [s for s in range(20) if state.status(s) == "joker_stuck"]
        if stuck:
            break
    else:
        raise AssertionError("no seed deals a hand of 7s and the joker")
    (seat,) = stuck
    assert state.hand(seat) == 0 and state.jokers_in_hand(seat) == 1
    assert state.actions == () and (seat, Event("joker_stuck")) in state.history  # out before the first turn
    assert state.to_move != seat


def test_b8d_elimination_removes_hand_jokers_and_replaces_table_jokers() -> None:
    # Seat 1 once played Jk+9h holding 8♥ itself, so the joker stayed on 8♥ (B8b); it holds the other joker too.
    state = parse_position(f"joker,jokers=2 {R7}/......7*9..../{R7}/{R7} Qc/8hQsJk/* 0 0,3,0 - 2 0")
    assert state.removed_jokers == 0
    do(state, "pass")
    assert state.status(1) == "eliminated"
    assert state.table & cards("8h Qs") == cards("8h Qs")
    assert state.joker_positions == 0 and state.removed_jokers == 2
    assert (1, Event("jokers_removed", count=2)) in state.history
    state.check_cards_conserved()
    assert playable_in(state, "h") == {"6h", "Th"}


def _text(card: int) -> str:
    return card_text(card)
