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


class WrongTypeError(SevensError, TypeError):
    """A value of the wrong type where the engine expects an action of its family, or text to read (an action's
    or a position's): refused before anything changes. It is both a :class:`SevensError` and a ``TypeError``."""

    key = "type"


def expect_text(value: object, what: str, example: str) -> str:
    """``value`` if it is text, else :class:`WrongTypeError` naming what was expected.

    >>> expect_text(None, "an action", "7h")
    Traceback (most recent call last):
    ...
    sevens.errors.WrongTypeError: an action must be text such as '7h', not NoneType (None)
    """
    if not isinstance(value, str):
        raise WrongTypeError(f"{what} must be text such as {example!r}, not {type(value).__name__} ({value!r})")
    return value


def wrong_action(action: object, family: str) -> WrongTypeError:
    """The error for something given to a state as an action that is not one of its family's actions."""
    hint = "; read text with parse_action" if isinstance(action, str) else ""
    return WrongTypeError(
        f"{action!r} ({type(action).__module__}.{type(action).__name__}) is not an action of {family}; "
        f"give one of state.legal_actions(){hint}"
    )


class ArgumentError(SevensError):
    """A value out of what a public function allows (a seat that does not exist, a card number outside the deck,
    a side that is neither below nor above): refused before anything changes."""

    key = "argument"


class RecordError(SevensError):
    """A record that cannot be read or does not replay to its stored result."""

    key = "record"


class MissingExtraError(SevensError):
    """A feature needs an optional package that is not installed; the message names the extra to install."""

    def __init__(self, feature: str, package: str, extra: str) -> None:
        super().__init__(f"{feature} needs the {package} package: pip install 'sevens[{extra}]'")
        self.package = package
        self.extra = extra


def require(module: str, feature: str, extra: str) -> None:
    """Raise :class:`MissingExtraError` unless ``module`` can be imported (checked without importing it).

    >>> require("json", "reading records", "core")
    >>> require("no_such_module_here", "the plot", "plot")
    Traceback (most recent call last):
    ...
    sevens.errors.MissingExtraError: the plot needs the no_such_module_here package: pip install 'sevens[plot]'
    """
    from importlib.util import find_spec

    if find_spec(module) is None:
        raise MissingExtraError(feature, module, extra)
