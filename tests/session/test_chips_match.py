"""A Seven Twenty-Seven session as the front-ends play it (sevens.session.match.ChipsMatch), deal by deal: who
was dealt in, who went broke and who sat out, the ranking with the absent last, people's stars, and when the
session ends. Survivors of ``bench/mutation.py session`` (issue 43): the other tests played such sessions but
checked none of this."""

from __future__ import annotations

from typing import Any

from seven27.helpers import aggressive
from sevens.games.registry import families
from sevens.games.seven27 import Rules
from sevens.session.match import ABSENT, ChipsMatch, make_match
from sevens.session.session import Seat

SEATS = [Seat("Aiko", human=True), Seat("b"), Seat("c")]


def test_each_deal_ranks_the_dealt_in_first_and_marks_the_broke_and_the_absent() -> None:
    rules = Rules.preset("seven27", players=3, stack=12, deals=None)
    match = ChipsMatch(rules, SEATS, seed=4, rounds=None)
    seen: set[str] = set()
    stars_of_a_computer = stars_of_aiko = 0
    while not match.is_over():
        plan = match.next_plan()
        state: Any = plan.state
        assert plan.extra == {"starting_stacks": [state.start_stack(s) for s in range(state.players)],
                              "session_seats": list(plan.seats)}  # fmt: skip
        while not state.is_over():
            state.apply(aggressive(state))
        result = match.record(plan, state)
        assert result.number == plan.number
        dealt = set(plan.seats)
        assert sorted(result.ranking) == [0, 1, 2] and set(result.ranking[: len(dealt)]) == dealt  # absent last
        stacks = match.session.stacks
        assert result.outcomes == tuple(
            ABSENT if p not in dealt else "broke" if stacks[p] == 0 else "finished" for p in range(3)
        )
        assert sum(result.points) == 0 and all(result.points[p] == 0 for p in range(3) if p not in dealt)
        assert all(result.stars[p] == 0 for p in range(3) if p not in dealt)
        stars_of_a_computer += result.stars[1] + result.stars[2]
        stars_of_aiko += result.stars[0]
        seen.update(result.outcomes)
    assert seen == {"finished", "broke", ABSENT}  # this seed has all three
    assert stars_of_a_computer == 0 and stars_of_aiko > 0  # the person earns stars while dealt in
    assert sorted(match.session.stacks) == [0, 0, 36]  # one player holds every chip: the session is over


def test_a_session_of_people_who_are_all_broke_ends_when_asked_to() -> None:
    family = families()["seven27"]
    rules = Rules.preset("seven27", players=3, stack=12, deals=None)
    ends = make_match(family, "seven27", rules, SEATS, seed=4, rounds=None, default_rounds=1, human_broke_ends=True)
    goes_on = make_match(family, "seven27", rules, SEATS, seed=4, rounds=None, default_rounds=1)
    assert isinstance(ends, ChipsMatch) and isinstance(goes_on, ChipsMatch)
    while not ends.is_over():
        for match in (ends, goes_on):
            plan = match.next_plan()
            state: Any = plan.state  # a Seven Twenty-Seven state (the match's plans are typed for every family)
            while not state.is_over():
                state.apply(aggressive(state))
            match.record(plan, plan.state)
    # this seed: Aiko, the only person, goes broke while the two computers still have chips
    assert ends.session.stacks[0] == 0 and sorted(ends.session.stacks)[1] > 0 and not ends.session.is_over()
    assert not goes_on.is_over() and goes_on.session.stacks == ends.session.stacks
