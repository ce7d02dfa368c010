"""The ``sevens play``, ``sevens history`` and stored-replay commands as plain functions with typer options.

The command line registers them (``app.command("play")(user_errors(play))``); they hold no logic of their own
beyond reading options: :func:`sevens.tui.app.run_app`, :func:`sevens.tui.history.print_history`,
:func:`sevens.tui.history.print_replay` and :func:`sevens.tui.app.run_replay` do the work. Textual and the store
are imported when a command runs, so ``sevens --help`` does not load them.
"""

# No `from __future__ import annotations` here: typer reads the commands' annotations on every start, and string
# ones it must evaluate (twice), which cost every command ~0.01 s of CPU (tests/test_cli_speed.py).

from typing import Annotated

import typer

from sevens.command_options import MAX_ID, DatabaseOption, LangOption, seed_option
from sevens.i18n import parse_lang

MAX_BOT_DELAY = 60.0
"""The longest pause ``--bot-delay`` allows between computer moves."""
MAX_ROUNDS = 1000
"""The most rounds a session may be started for (one a day for three years)."""
MAX_TURN_SECONDS = 24 * 3600.0
"""The longest turn clock ``--time`` allows (a day)."""
MAX_HISTORY = 10_000
"""The most sessions ``sevens history --limit`` lists."""


def play(
    preset: Annotated[str | None, typer.Option("--preset", "-p", help="Preset; without one, the menu opens.")] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players (you and bots).")] = None,
    setting: Annotated[list[str] | None, typer.Option("--set", "-s", help="Variant: key=value (repeatable).")] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            help="Level of the computer players: beginner, easy, normal (default), hard or expert; one for all, "
            "or one per seat (a,b,c).",
        ),
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option("--time", max=MAX_TURN_SECONDS, help="Seconds per turn; then the default move."),
    ] = None,
    lang: LangOption = None,
    hints: Annotated[bool | None, typer.Option("--hints/--no-hints", help="Show playable cards (E5).")] = None,
    name: Annotated[str | None, typer.Option("--name", help="Your player name (stars are kept per name).")] = None,
    rounds: Annotated[
        int | None,
        typer.Option("--rounds", min=1, max=MAX_ROUNDS, help="Rounds in the session (default: one per seat)."),
    ] = None,
    seed: Annotated[int | None, seed_option("Seed of the session (default: random).")] = None,
    resume: Annotated[
        int | None, typer.Option("--resume", min=1, max=MAX_ID, help="Resume the saved session with this id.")
    ] = None,
    continue_last: Annotated[bool, typer.Option("--continue", help="Resume the newest unfinished session.")] = False,
    menu: Annotated[bool, typer.Option("--menu", help="Open the menu even when a preset is given.")] = False,
    db: DatabaseOption = None,
    bot_delay: Annotated[
        float | None,
        typer.Option("--bot-delay", min=0, max=MAX_BOT_DELAY, help="Seconds between computer moves (default 0.4)."),
    ] = None,
) -> None:
    """Play in the terminal: sessions of several rounds, points, stars, a turn timer; every move is saved."""
    from sevens.tui.app import run_app
    from sevens.tui.options import parse_bots
    from sevens.tui.text import tr

    language = parse_lang(lang)
    played = run_app(
        preset=preset, settings=setting or (), players=players, bots=parse_bots(bots or ""), turn_seconds=seconds,
        lang=language if lang else None, hints=hints, name=name, rounds=rounds, seed=seed, resume=resume,
        continue_last=continue_last, menu=menu, db_url=db, bot_delay=bot_delay,
    )  # fmt: skip
    if played is not None:
        typer.echo(tr("session_done" if played.finished else "saved", language, id=played.session_id))


def history(
    limit: Annotated[
        int, typer.Option("--limit", min=1, max=MAX_HISTORY, help="How many sessions, newest first.")
    ] = 20,
    lang: LangOption = None,
    db: DatabaseOption = None,
) -> None:
    """List past sessions: id, date, game, players, rounds played, and whether they can be resumed."""
    from sevens.tui.history import print_history

    print_history(db, limit, parse_lang(lang))


def replay_session(
    session: Annotated[int, typer.Option("--session", min=1, max=MAX_ID, help="Session id (see `sevens history`).")],
    number: Annotated[int, typer.Option("--round", min=1, help="Round number, from 1.")] = 1,
    step: Annotated[bool, typer.Option("--step/--print", help="Step through it on screen, or print it.")] = False,
    lang: LangOption = None,
    db: DatabaseOption = None,
) -> None:
    """Replay a stored round exactly (checking its stored result) and draw its table."""
    if step:
        from sevens.tui.app import run_replay

        run_replay(session, number, db, parse_lang(lang))
    else:
        from sevens.tui.history import print_replay

        print_replay(session, number, db, parse_lang(lang))


__all__ = ["history", "play", "replay_session"]
