"""The strict public API (issue 22): a wrong-type or wrong-family action, text where an action belongs, ``None``,
or a number where position text belongs is refused with a clear error, and the state is unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from sevens.errors import NotationError, SevensError, WrongTypeError
from sevens.games import killer, seven27, shichinarabe
from sevens.games.registry import families

FAMILIES = list(families().values())
FOREIGN: dict[str, list[Any]] = {
    "shichinarabe": [killer.parse_action("7h"), seven27.parse_action("check")],
    "killer": [shichinarabe.parse_action("7h"), seven27.parse_action("bet")],
    "seven27": [killer.parse_action("pass"), shichinarabe.parse_action("pass")],
}


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
@pytest.mark.parametrize("bad", ["7h", None, 3, "pass"], ids=repr)
def test_anything_but_an_action_of_the_family_is_refused_and_changes_nothing(family: Any, bad: Any) -> None:
    state = family.new_state(family.presets[next(iter(family.presets))], 5)
    before, log = state.position(), list(state.actions)
    for verb in (state.apply, state.why_illegal):
        with pytest.raises(WrongTypeError, match="is not an action of") as caught:
            verb(bad)
        assert isinstance(caught.value, TypeError) and isinstance(caught.value, SevensError)
    assert state.position() == before and list(state.actions) == log


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_another_familys_action_is_refused_and_changes_nothing(family: Any) -> None:
    """Killer once took a 7-27 ``bet`` (kind 1, its own ``pass``) as a pass, and the record no longer replayed."""
    state = family.new_state(family.presets[next(iter(family.presets))], 9)
    before = state.position()
    for foreign in FOREIGN[family.name]:
        with pytest.raises(WrongTypeError, match=f"{type(foreign).__module__}"):
            state.apply(foreign)
        assert state.position() == before


@pytest.mark.parametrize(
    ("make", "fields"),
    [
        (killer.Action, (7, 3)),  # once read as a pass
        (killer.Action, (1, 3)),
        (killer.Action, (0, 52)),
        (killer.Action, (1, -5)),
        (shichinarabe.Action, (9,)),
        (shichinarabe.Action, (0, -1)),
        (shichinarabe.Action, (1, 5)),  # a joker play without a side
        (shichinarabe.Action, (3, 5)),
        (seven27.Action, (7,)),
        (seven27.Action, ("bet",)),
    ],
)
def test_actions_that_are_no_action_cannot_be_built(make: Any, fields: tuple[Any, ...]) -> None:
    with pytest.raises(NotationError, match=r"is not a .* action"):
        make(*fields)


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.name)
def test_parse_action_and_parse_position_want_text(family: Any) -> None:
    with pytest.raises(WrongTypeError, match=r"an action must be text such as .*, not NoneType"):
        family.parse_action(None)
    with pytest.raises(WrongTypeError, match=r"a position must be text such as .*, not int"):
        family.parse_position(5)


def test_every_legal_action_can_still_be_built_and_read_back() -> None:
    for family in FAMILIES:
        state = family.new_state(family.presets[next(iter(family.presets))], 1)
        for action in state.legal_actions():
            assert family.parse_action(str(action)) == action
