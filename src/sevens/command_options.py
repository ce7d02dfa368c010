"""Command-line options that several front-ends declare (``sevens play``, ``sevens serve``, ``sevens watch`` …).

They live below the front-ends (DESIGN.md: "options they share live below them") so that the terminal app
and the server declare the same ``--db`` and ``--lang`` without importing the CLI or one another. Only typer's
annotations are here: importing this module costs nothing more than typer itself.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from sevens.rng import MAX_SEED

DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--database", "--db", help="Database URL (default: $SEVENS_DATABASE_URL, else a SQLite file in your data dir)."
    ),
]
LangOption = Annotated[str | None, typer.Option("--lang", help="ja or en (default: from the locale).")]

MAX_ID = 2**63 - 1
"""The largest stored id (a session's): SQL's BIGINT."""


def seed_option(help: str) -> Any:
    """``--seed``: a whole number from 0 to 2**64-1 (RULES.md A3), refused on the command line otherwise."""
    return typer.Option("--seed", min=0, max=MAX_SEED, help=help)


__all__ = ["MAX_ID", "DatabaseOption", "LangOption", "seed_option"]
