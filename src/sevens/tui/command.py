"""The ``sevens play``, ``sevens history`` and stored-replay commands as plain functions with typer options.

The command line registers them (``app.command("play")(user_errors(play))``); they hold no logic of their own
beyond reading options: :func:`sevens.tui.app.run_app`, :func:`sevens.tui.history.print_history`,
:func:`sevens.tui.history.print_replay` and :func:`sevens.tui.app.run_replay` do the work.
"""

from __future__ import annotations

from typing import Annotated

import typer

from sevens.cli.common import DatabaseOption, LangOption
from sevens.i18n import parse_lang
from sevens.tui.app import BOT_DELAY, run_app, run_replay
from sevens.tui.history import print_history, print_replay
from sevens.tui.options import parse_bots
from sevens.tui.text import tr


def play(
    preset: Annotated[str | None, typer.Option("--preset", "-p", help="Preset; without one, the menu opens.")] = None,
    players: Annotated[int | None, typer.Option("--players", "-n", help="Number of players (you and bots).")] = None,
    setting: Annotated[list[str] | None, typer.Option("--set", "-s", help="Variant: key=value (repeatable).")] = None,
    bots: Annotated[
        str | None, typer.Option("--bots", help="Agents for the computer seats: one for all, or one per seat (a,b,c).")
    ] = None,
    seconds: Annotated[float | None, typer.Option("--time", help="Seconds per turn; then the default move.")] = None,
    lang: LangOption = None,
    hints: Annotated[bool | None, typer.Option("--hints/--no-hints", help="Show playable cards (E5).")] = None,
    name: Annotated[str | None, typer.Option("--name", help="Your player name (stars are kept per name).")] = None,
    rounds: Annotated[
        int | None, typer.Option("--rounds", help="Rounds in the session (default: one per seat).")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the session (default: random).")] = None,
    resume: Annotated[int | None, typer.Option("--resume", help="Resume the saved session with this id.")] = None,
    continue_last: Annotated[bool, typer.Option("--continue", help="Resume the newest unfinished session.")] = False,
    menu: Annotated[bool, typer.Option("--menu", help="Open the menu even when a preset is given.")] = False,
    db: DatabaseOption = None,
    bot_delay: Annotated[float, typer.Option("--bot-delay", help="Seconds between computer moves.")] = BOT_DELAY,
) -> None:
    """Play in the terminal: sessions of several rounds, points, stars, a turn timer; every move is saved."""
    language = pick_lang(lang)
    played = run_app(
        preset=preset, settings=setting or (), players=players, bots=parse_bots(bots or ""), turn_seconds=seconds,
        lang=language if lang else None, hints=hints, name=name, rounds=rounds, seed=seed, resume=resume,
        continue_last=continue_last, menu=menu, db_url=db, bot_delay=bot_delay,
    )  # fmt: skip
    if played is not None:
        typer.echo(tr("session_done" if played.finished else "saved", language, id=played.session_id))


def history(
    limit: Annotated[int, typer.Option("--limit", help="How many sessions, newest first.")] = 20,
    lang: LangOption = None,
    db: DatabaseOption = None,
) -> None:
    """List past sessions: id, date, game, players, rounds played, and whether they can be resumed."""
    print_history(db, limit, pick_lang(lang))


def replay_session(
    session: Annotated[int, typer.Option("--session", help="Session id (see `sevens history`).")],
    number: Annotated[int, typer.Option("--round", help="Round number, from 1.")] = 1,
    step: Annotated[bool, typer.Option("--step/--print", help="Step through it on screen, or print it.")] = False,
    lang: LangOption = None,
    db: DatabaseOption = None,
) -> None:
    """Replay a stored round exactly (checking its stored result) and draw its table."""
    if step:
        run_replay(session, number, db, pick_lang(lang))
    else:
        print_replay(session, number, db, pick_lang(lang))


pick_lang = parse_lang


__all__ = ["history", "pick_lang", "play", "replay_session"]
