"""What the families' base classes set up when a class is defined (issue 43: mutants of code that runs at import,
before any test, survived every test): a ``StateBase`` subclass's slots along its bases and its written-out
copier (a ``list[…]`` slot gets a new list, another annotated slot is shared, an unannotated one is copied when
it holds a list), and a ``RulesBase`` subclass's choices (its ``Literal`` parameters) and flags (its ``bool``
ones). The classes are defined inside the tests, so the set-up runs again under each mutant."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, Literal

import pytest

from sevens.errors import RulesError
from sevens.games.rules_base import RulesBase
from sevens.games.state_base import StateBase


def state_classes() -> tuple[type[Any], type[Any]]:
    """A base with two slots and a subclass adding three: annotated list, annotated other, unannotated."""

    class Base(StateBase):
        __slots__ = ("_turn", "hands")
        _turn: int
        hands: list[list[int]]

        def _key(self) -> tuple[Any, ...]:
            return (self._turn, self.hands)

    class Child(Base):
        __slots__ = ("log", "table", "loose")
        log: list[str]
        table: tuple[int, ...]

    return Base, Child


def made(cls: type[Any]) -> Any:
    state = object.__new__(cls)
    state._turn, state.hands, state.log, state.table, state.loose = 2, [[1, 2], [3]], ["a"], (4, 5), [6]
    return state


def test_a_state_class_knows_every_slot_along_its_bases_in_order() -> None:
    base, child = state_classes()
    assert base._ALL_SLOTS == ("_turn", "hands")
    assert child._ALL_SLOTS == ("_turn", "hands", "log", "table", "loose")


@pytest.mark.parametrize("copier", [lambda s: s.clone(), copy.copy, copy.deepcopy], ids=["clone", "copy", "deepcopy"])
def test_the_copier_gives_lists_new_lists_and_shares_the_rest(copier: Any) -> None:
    _, child = state_classes()
    state = made(child)
    other = copier(state)
    assert type(other) is child
    assert [getattr(other, name) for name in child._ALL_SLOTS] == [2, [[1, 2], [3]], ["a"], (4, 5), [6]]
    assert other.hands is not state.hands and other.hands[0] is state.hands[0]  # a new outer list (rows: see below)
    assert other.log is not state.log and other.loose is not state.loose  # annotated list, and a list unannotated
    assert other.table is state.table  # immutable: shared
    other.log.append("b")
    other.loose.append(7)
    assert state.log == ["a"] and state.loose == [6]
    state.loose = 8  # an unannotated slot holding something else is shared as it is
    assert copier(state).loose == 8
    assert other == state and other.to_move == 2 and not other.is_over()


def test_a_rules_class_reads_its_choices_and_flags_off_its_types() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Rules(RulesBase):
        players: int = 4
        direction: Literal["left", "right"] = "left"
        tunnel: bool = False
        jokers: int = 0

        def __post_init__(self) -> None:
            self._check_fields()

    Rules._PLAYERS = (2, 8)
    assert Rules._CHOICES == {"direction": ("left", "right")}
    assert Rules._FLAGS == ("tunnel",)
    with pytest.raises(RulesError, match=r"^direction='up' is not allowed; allowed: left, right$"):
        Rules(direction="up")  # type: ignore[arg-type]  # what a caller may pass all the same
    with pytest.raises(RulesError, match=r"^tunnel=1 must be true or false$"):
        Rules(tunnel=1)  # type: ignore[arg-type]
    assert Rules(direction="right", tunnel=True).direction == "right"
