"""Hypothesis strategies for any rules of a family, shared by the conformance tests and the agents' tests."""

from __future__ import annotations

from hypothesis import strategies as st

from sevens.games.killer import Rules as KillerRules
from sevens.games.killer.geometry import Death, geometry
from sevens.games.seven27 import Rules as Seven27Rules
from sevens.games.shichinarabe import Rules


@st.composite
def shichinarabe_rules(draw: st.DrawFn) -> Rules:
    """Any combination of Part B parameters, 2–20 players."""
    ak_link = draw(st.booleans())
    return Rules(
        players=draw(st.integers(2, 20)),
        opening=draw(st.sampled_from(["sevens_placed", "fan_tan"])),
        first_player=draw(st.sampled_from(["diamond_seven", "dealer_left"])),
        ak_link=ak_link,
        tunnel=draw(st.sampled_from(["off", "cross", "end"])) if ak_link else "off",
        jokers=draw(st.integers(0, 2)),
        joker_exchange=draw(st.sampled_from(["forced", "optional", "none"])),
        pass_limit=draw(st.none() | st.integers(0, 5)),
        voluntary_pass=draw(st.booleans()),
    )


@st.composite
def killer_rules(draw: st.DrawFn) -> KillerRules:
    """Any combination of Part C parameters, 2–20 players, enclosures up to the largest group that can close."""
    death: Death = draw(st.sampled_from(["orthogonal", "horizontal", "all_eight"]))
    wrap = draw(st.booleans())
    largest = geometry(death, wrap).start_group - 1
    return KillerRules(
        players=draw(st.integers(2, 20)),
        first_player=draw(st.sampled_from(["diamond_seven", "dealer_left"])),
        pass_limit=draw(st.none() | st.integers(0, 4)),
        voluntary_pass=draw(st.booleans()),
        death=death,
        enclosure=draw(st.none() | st.integers(1, 4) | st.integers(1, largest)),
        wrap=wrap,
        dead_cards_visible=draw(st.booleans()),
        tiebreak=draw(st.sampled_from(["earlier_exit", "most_kills"])),
    )


seven27_rules = st.builds(
    lambda players, stack, ante, **rest: Seven27Rules(players=players, stack=stack, ante=min(ante, stack - 1), **rest),
    players=st.integers(2, 10),
    stack=st.integers(2, 120),
    ante=st.integers(0, 3),
    deal=st.sampled_from(["down_up", "up_down", "two_down_one_up"]),
    small_bet=st.integers(1, 6),
    big_bet=st.integers(1, 12),
    raise_cap=st.integers(0, 4),
    draw_face=st.sampled_from(["up", "down"]),
    refusal_limit=st.none() | st.integers(1, 4),
    ten_half=st.booleans(),
    tie_rule=st.sampled_from(["under_wins", "equal"]),
    bust=st.booleans(),
)
"""Any Seven Twenty-Seven rules (Part D), 2–10 players, the ante always below the stack."""
