"""What every ``sevens`` command shares: the typer app, common options, rules building and error reporting.

Every command turns bad input into one line on stderr (``error: …`` saying what was wrong and what is
allowed) and exit code 2; it never prints a traceback for a user's mistake.

This module is imported by ``sevens --help`` and every command, so it imports typer and nothing heavy: the
games, rich's console and everything else a command needs are imported when that command runs.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ParamSpec, TypeVar

import typer
from typer.core import TyperGroup

from sevens.errors import SevensError
from sevens.i18n import parse_lang

if TYPE_CHECKING:
    from rich.console import Console

    from sevens.games.base import Family, FamilyOutline


class OneLineErrors(TyperGroup):
    """The command group: a usage mistake (unknown option, a value out of range …) is one ``error: …`` line
    and exit code 2 like every other bad input, not a usage box; plain switches show no ``<bool>`` in help."""

    def main(self, *args: Any, **extra: Any) -> Any:
        standalone = extra.pop("standalone_mode", True)
        extra["standalone_mode"] = False  # errors come back here instead of being printed as a box
        if not standalone:
            return super().main(*args, **extra)
        try:
            code = super().main(*args, **extra)
        except typer.Abort:
            typer.echo("error: aborted", err=True)
            sys.exit(1)
        except Exception as exc:
            if not _is_usage_error(exc):
                raise
            ctx = getattr(exc, "ctx", None)
            if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
                typer.echo(ctx.get_help())  # bare `sevens`: the help, as before
            else:
                typer.echo(f"error: {' '.join(exc.format_message().split())}", err=True)  # type: ignore[attr-defined]
            sys.exit(2)
        sys.exit(code if isinstance(code, int) else 0)

    def get_params(self, ctx: Any) -> Any:
        params = super().get_params(ctx)
        _tidy(params)
        return params

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _tidy(command.get_params(ctx))
        return command


def _tidy(params: Any) -> None:
    """Plain switches show no value in help, ranges show their type (``<int>``, not ``<int range>``), and
    options the command line leaves out cost nothing (:func:`_coerce_when_given`)."""
    for param in params:
        if getattr(param, "is_flag", False):
            param.metavar = ""
        elif param.metavar is None and getattr(getattr(param, "type_descriptor", None), "is_ranged", False):
            param.metavar = f"<{param.type_descriptor.ranged_type_name}>"
        _coerce_when_given(param)


def _coerce_when_given(param: Any) -> None:
    """Typer (0.29) turns each option's value into its type with a pydantic adapter that it builds even for an
    option that was not given, and importing pydantic alone takes half of the 0.15 s of CPU ``sevens --help``
    may spend. The adapter is built here on first use instead: an option left out costs nothing, and a text or a
    switch (which the adapter returns as it is) never needs one. If typer's internals change, nothing is done
    (the command line is only slower; tests/test_cli_speed.py says so)."""
    try:
        from typer._coercion import RuntimeParam, build_runtime_param
    except ImportError:  # pragma: no cover - another typer
        return
    descriptor: Any = getattr(param, "type_descriptor", None)
    if descriptor is None or getattr(param, "_runtime_param", "absent") is not None:
        return

    class WhenGiven(RuntimeParam):
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if type(value) is descriptor.annotation in (str, bool) and descriptor.parameter_info.parser is None:
                return value  # what typer's adapter returns for a text or a switch, without importing pydantic
            real = build_runtime_param(descriptor)
            param._runtime_param = real
            return real._coerce_value(value, param=param, ctx=ctx)

    param._runtime_param = WhenGiven(descriptor.parameter_info, descriptor.annotation)


def _is_usage_error(exc: Exception) -> bool:
    """Click's (or typer's own copy of click's) errors about the command line, found by their shape since typer
    may vendor click."""
    return any(cls.__name__ == "ClickException" for cls in type(exc).__mro__)


app = typer.Typer(
    cls=OneLineErrors,
    help="七並べ (Sevens / Fan Tan) with its Japanese local rules, Killer Sevens and Seven Twenty-Seven.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,  # click's plain help: typer's rich help alone costs more CPU than the 0.15 s budget
)


class _Console:
    """rich's console for the commands' output, made when a command first prints (not on import)."""

    _console: Console | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real(), name)

    def real(self) -> Console:
        """The console itself, for what must be given a :class:`~rich.console.Console` (rich's ``Live`` enters
        it as a context manager, which this stand-in, looked up by attribute, cannot be)."""
        if _Console._console is None:
            from rich.console import Console

            _Console._console = Console()
        return _Console._console


console: Any = _Console()

P = ParamSpec("P")
R = TypeVar("R")

PresetOption = Annotated[str, typer.Option("--preset", "-p", help="Preset name; `sevens rules` lists them.")]
PlayersOption = Annotated[int | None, typer.Option("--players", "-n", help="Number of players (default 4).")]
SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", "-s", metavar="<key=value>", help="Change a rules parameter: key=value (repeatable)."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]

MAX_GAMES = 10_000_000
"""The most games one command plays: more would run for days, so it is refused as a likely typo."""
MAX_WORKERS = 256
"""The most worker processes or threads a command starts."""


def games_option(help: str) -> Any:
    """``--games``/``-k``: from 1 to :data:`MAX_GAMES`."""
    return typer.Option("--games", "-k", min=1, max=MAX_GAMES, help=help)


def user_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Report :class:`SevensError` as one line and exit 2."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except SevensError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None

    return wrapper


def writable_file(path: Path, option: str) -> None:
    """Refuse ``path`` for ``option`` (a file the command will write) unless its folder exists and the file can
    be written there; checked before the command does its work, so nothing is computed for nothing."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise SevensError(f"{option} {path} is a folder; give a file name")
    if not folder.is_dir():
        raise SevensError(f"{option} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise SevensError(f"{option} {path} cannot be written (no permission)")


def write_file(path: Path, option: str, text: str) -> None:
    """Write ``text`` to ``path``; a failure is one line saying why, not a traceback."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise SevensError(f"{option} {path} cannot be written: {exc.strerror or exc}") from None


def preset_rules(preset: str, players: int | None, settings: list[str] | None) -> tuple[FamilyOutline, Any]:
    """The outline of the family owning ``preset`` and its rules with the players and ``--set`` changes applied
    (no engine is loaded)."""
    from sevens.games.base import parse_setting
    from sevens.games.registry import outline_of

    outline = outline_of(preset)
    changes = dict(parse_setting(s) for s in settings or [])
    if players is not None:
        changes["players"] = players
    rules = outline.presets[preset]
    return outline, rules.replace(**changes) if changes else rules


def build_rules(preset: str, players: int | None, settings: list[str] | None) -> tuple[Family, Any]:
    """The family owning ``preset`` (its engine loaded) and its rules with the players and ``--set`` changes."""
    from sevens.games.registry import family_of

    rules = preset_rules(preset, players, settings)[1]
    return family_of(preset), rules


pick_lang = parse_lang
