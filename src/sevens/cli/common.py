"""What every ``sevens`` command shares: the typer app, common options, rules building and error reporting.

Every command turns bad input into one line on stderr (``error: …`` saying what was wrong and what is
allowed) and exit code 2; it never prints a traceback for a user's mistake.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from typer.core import TyperGroup

from sevens.errors import SevensError
from sevens.games.base import Family, parse_setting
from sevens.games.registry import family_of
from sevens.i18n import parse_lang

DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--database", "--db", help="Database URL (default: $SEVENS_DATABASE_URL, else a SQLite file in your data dir)."
    ),
]


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

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        for param in command.get_params(ctx) if command is not None else ():
            if getattr(param, "is_flag", False):
                param.metavar = ""  # a switch takes no value: show none
        return command


def _is_usage_error(exc: Exception) -> bool:
    """Click's (or typer's own copy of click's) errors about the command line, found by their shape since typer
    may vendor click."""
    return any(cls.__name__ == "ClickException" for cls in type(exc).__mro__)


app = typer.Typer(
    cls=OneLineErrors,
    help="七並べ (Sevens / Fan Tan) with its Japanese local rules, Killer Sevens and Seven Twenty-Seven.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()

P = ParamSpec("P")
R = TypeVar("R")

PresetOption = Annotated[str, typer.Option("--preset", "-p", help="Preset name; `sevens rules` lists them.")]
PlayersOption = Annotated[int | None, typer.Option("--players", "-n", help="Number of players (default 4).")]
SetOption = Annotated[
    list[str] | None, typer.Option("--set", "-s", help="Change a rules parameter: key=value (repeatable).")
]
LangOption = Annotated[str | None, typer.Option("--lang", help="ja or en (default: from the locale).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


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


def build_rules(preset: str, players: int | None, settings: list[str] | None) -> tuple[Family, Any]:
    """The family owning ``preset`` and its rules with the players and ``--set`` changes applied."""
    family = family_of(preset)
    changes = dict(parse_setting(s) for s in settings or [])
    if players is not None:
        changes["players"] = players
    rules = family.presets[preset]
    return family, rules.replace(**changes) if changes else rules


pick_lang = parse_lang
