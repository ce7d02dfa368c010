"""What the state classes of every family share: copying, equality by position, and the turn.

A family's ``State`` inherits :class:`StateBase` (no fields, empty slots), lists its own ``__slots__``, keeps
``_turn`` (the seat to move, -1 when over) and defines ``_key`` (what makes two states the same position),
``refusal`` (why an action is not legal: a catalogue key and its parameters), ``legal_actions`` and ``position``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, ClassVar, Self

from sevens.games.refusals import Refusal, refusal_text


class StateBase:
    """The shared methods of a family's ``State``."""

    __slots__ = ()

    _ALL_SLOTS: ClassVar[tuple[str, ...]] = ()  # every slot along the class's bases, set for each subclass
    _COPY: ClassVar[Callable[[Any], Any]]  # copies every slot, lists as new lists (see _copier)

    players: int
    dealer: int
    _turn: int  # the seat to move, -1 once the game is over

    # What a family's State defines as methods:
    refusal: Callable[[Any], Refusal | None]  # None if an action is legal, else why not: a catalogue key and its values
    legal_actions: Callable[[], list[Any]]
    position: Callable[[], str]
    _key: Callable[[], tuple[Any, ...]]  # what makes two states the same position (history aside)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._ALL_SLOTS = tuple(name for base in reversed(cls.__mro__) for name in base.__dict__.get("__slots__", ()))
        cls._COPY = staticmethod(_copier(cls))

    def clone(self) -> Self:
        """An independent copy (history included)."""
        other: Self = type(self)._COPY(self)
        return other

    # copy.copy and copy.deepcopy are clone: a shallow copy of the slots would share the hands' lists (a move on
    # the copy would change the original), and everything clone does not copy is immutable
    def __copy__(self) -> Self:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.clone()

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` when the game is over."""
        return None if self._turn < 0 else self._turn

    def is_over(self) -> bool:
        return self._turn < 0

    def is_legal(self, action: Any) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: Any) -> str | None:
        """``None`` if ``action`` is legal, else a sentence saying why and what is legal now."""
        refusal = self.refusal(action)
        return None if refusal is None else refusal_text(refusal, self._legal_texts(action))

    def _legal_texts(self, action: Any) -> list[str] | None:
        """The legal actions listed after refusing ``action`` (none once the game is over)."""
        return None if self._turn < 0 else [str(a) for a in self.legal_actions()]

    def __eq__(self, other: object) -> bool:
        """Same position (history aside): equal :meth:`_key`."""
        return isinstance(other, type(self)) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.position()!r})"


def _copier(cls: type[StateBase]) -> Callable[[Any], Any]:
    """A function that copies an instance of ``cls`` slot by slot, written out once for the class (as
    :mod:`dataclasses` writes ``__init__``): cloning is the hot loop of every search agent. A slot annotated
    ``list[…]`` gets a new list; one without an annotation is checked when copied."""
    hints = {name: hint for base in reversed(cls.__mro__) for name, hint in inspect.get_annotations(base).items()}
    lines = ["def copy(self):", "    other = new(cls)"]
    for name in cls._ALL_SLOTS:
        hint = str(hints.get(name, ""))
        if hint.startswith("list["):
            lines.append(f"    other.{name} = self.{name}.copy()")
        elif hint:
            lines.append(f"    other.{name} = self.{name}")
        else:
            lines.append(f"    value = self.{name}; other.{name} = value.copy() if isinstance(value, list) else value")
    lines.append("    return other")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # the text is built above from slot names only
    copy: Callable[[Any], Any] = namespace["copy"]
    return copy
