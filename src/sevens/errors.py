"""Errors every layer raises. Each says what was wrong and what is allowed, in English; front-ends may
translate them through :mod:`sevens.i18n` by their ``key`` and ``params``."""

from __future__ import annotations


class SevensError(ValueError):
    """Base class: bad input that was refused without changing anything."""

    key = "error"

    def __init__(self, message: str, **params: object) -> None:
        super().__init__(message)
        self.params = params


class NotationError(SevensError):
    """Text that is not a card, an action, a position or a rules setting."""

    key = "notation"


class RulesError(SevensError):
    """An unknown preset or parameter, a bad value, or an impossible combination."""

    key = "rules"


class IllegalActionError(SevensError):
    """An action that is not legal in this state; the state is unchanged."""

    key = "illegal"

    def __init__(self, message: str, reason: str = "illegal", **params: object) -> None:
        super().__init__(message, **params)
        self.reason = reason


class RecordError(SevensError):
    """A record that cannot be read or does not replay to its stored result."""

    key = "record"
