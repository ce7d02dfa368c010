"""C4: the variants — ``enclosure`` groups, ``dead_cards_visible`` and the limits on ``enclosure``.
(``death`` and ``wrap`` are exercised beside C3 in ``test_killer_c3_death``; ``tiebreak`` beside C8.)"""

from __future__ import annotations

import pytest

from sevens.errors import RulesError
from sevens.games.conformance import cards_in
from sevens.games.killer import Rules, State
from sevens.games.killer.geometry import Death

from .helpers import cards, do, position

# Seed 000's example: with A♥ 4♥ 2♠ 3♠ 2♦ 3♦ out, 2♥ and 3♥ die together (A♠ is out too: otherwise it would
# already be dead in its corner).
AROUND_2H_3H = "As 2s 3s Ah 4h 2d"


def test_c4_enclosure_3_kills_2h_and_3h_together() -> None:
    state = position(AROUND_2H_3H, ["3d 2c", "2h 3h Kc", "*"], rules="killer,enclosure=3")
    do(state, "3d")
    assert state.dead_positions == cards("2h 3h")
    assert state.dead_pile(1) == cards("2h 3h")
    assert state.kills(0) == 2


def test_c4_enclosure_1_leaves_a_pair_alive() -> None:
    state = position(AROUND_2H_3H, ["3d 2c", "2h 3h Kc", "*"])
    do(state, "3d")
    assert state.dead_positions == 0
    do(state, "2h")  # playing one of the pair kills the other (seed 001)
    assert state.dead_positions == cards("3h")
    assert state.dead_pile(1) == cards("3h") and state.kills(1) == 1


CLUBS_POCKET = "8c Kc 9d Td Jd"  # 9♣…Q♣ are closed off once Q♦ is out


@pytest.mark.parametrize(
    ("enclosure", "dies"),
    [("1", ""), ("3", ""), ("4", "9c Tc Jc Qc"), ("none", "9c Tc Jc Qc")],
)
def test_c4_enclosure_sizes_of_a_four_position_pocket(enclosure: str, dies: str) -> None:
    state = position(CLUBS_POCKET, ["Qd 2s", "*"], rules=f"killer,enclosure={enclosure}")
    do(state, "Qd")
    assert state.dead_positions == cards(dies)


def test_c4_enclosure_none_spares_the_open_field() -> None:
    # Every group of empty positions is bounded by cards or walls; only those whose every position already
    # touches a card die. Before the first move nothing does, and the wide top-right area stays open.
    rules = Rules.preset("killer", enclosure=None)
    assert State.new(rules, seed=1).dead_positions == 0
    state = position(CLUBS_POCKET, ["Qd 2s", "*"], rules="killer,enclosure=none")
    do(state, "Qd")
    assert not state.dead_positions & cards("8s 9s Ts Js Qs Ks 8h 9h Th Jh Qh Kh 8d Kd")


@pytest.mark.parametrize(
    ("death", "wrap", "largest"),
    [("orthogonal", False, 23), ("orthogonal", True, 47), ("horizontal", False, 5), ("horizontal", True, 11),
     ("all_eight", False, 23), ("all_eight", True, 47)],
)  # fmt: skip
def test_c4_enclosure_must_not_kill_before_the_first_move(death: Death, wrap: bool, largest: int) -> None:
    assert Rules(death=death, wrap=wrap, enclosure=largest).enclosure == largest
    with pytest.raises(RulesError, match=f"enclosure={largest + 1} is out of range; allowed: 1 to {largest}"):
        Rules(death=death, wrap=wrap, enclosure=largest + 1)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"enclosure": 0}, "enclosure=0 is out of range"),
        ({"enclosure": True}, "enclosure=True must be an integer or none"),
        ({"death": "diagonal"}, "death='diagonal' is not allowed; allowed: orthogonal, horizontal, all_eight"),
        ({"tiebreak": "luck"}, "tiebreak='luck' is not allowed; allowed: earlier_exit, most_kills"),
        ({"wrap": "yes"}, "wrap='yes' must be true or false"),
        ({"dead_cards_visible": 1}, "dead_cards_visible=1 must be true or false"),
        ({"players": 21}, "players=21 is out of range; allowed: 2 to 20"),
        ({"pass_limit": -1}, "pass_limit=-1 is negative"),
        ({"opening": "fan_tan"}, "unknown rules parameter 'opening'"),
    ],
)
def test_c4_bad_rules_say_what_is_allowed(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("(", r"\(")):
        Rules.preset("killer", **changes)


def test_c4_hidden_dead_cards_stay_out_of_others_views() -> None:
    state = position("Th 9d Jd", ["Tc 2s", "Td 2h", "*"], rules="killer,dead_cards_visible=false")
    do(state, "Tc")
    td = cards("Td")
    mover, owner = state.view(0), state.view(1)
    assert mover.dead_piles[1] is None and mover.dead_counts[1] == 1
    assert owner.dead_piles[1] == td  # a player always sees their own dead pile
    assert state.hidden_from(0) & td and not state.hidden_from(1) & td
    assert not cards_in(mover.to_dict()) & td
    assert cards_in(owner.to_dict()) & td
    assert (1, "dead ?? by 0") in mover.history and (1, "dead Td by 0") in owner.history
    assert mover.grid[2] == "......7.9xJ.."  # the position itself is public: it stays empty


def test_c4_visible_dead_cards_are_public() -> None:
    state = position("Th 9d Jd", ["Tc 2s", "Td 2h", "*"])
    do(state, "Tc")
    assert state.view(0).dead_piles[1] == cards("Td")
    assert not state.hidden_from(0) & cards("Td")
    assert (1, "dead Td by 0") in state.view(2).history
