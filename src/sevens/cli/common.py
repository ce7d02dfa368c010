"""What every ``sevens`` command shares: the typer app, common options, rules building and error reporting.

Every command turns bad input into one line on stderr (``error: …`` saying what was wrong and what is
allowed) and exit code 2; it never prints a traceback for a user's mistake.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console

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

app = typer.Typer(
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
