"""``sevens watch`` (bots play one game, drawn move by move) and ``sevens replay FILE``."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Group
from rich.live import Live
from rich.text import Text

from sevens.agents.base import Agent, make_agent
from sevens.cli.common import (
    DatabaseOption,
    LangOption,
    PlayersOption,
    PresetOption,
    SetOption,
    app,
    build_rules,
    console,
    pick_lang,
    user_errors,
)
from sevens.cli.render import render_table
from sevens.errors import RecordError, SevensError
from sevens.games.base import Family, GameState
from sevens.games.registry import families
from sevens.i18n import Lang, t
from sevens.rng import derive_seed


@app.command()
@user_errors
def watch(
    preset: PresetOption = "standard",
    players: PlayersOption = None,
    seed: Annotated[int, typer.Option(help="Seed of the deal.")] = 0,
    setting: SetOption = None,
    agents: Annotated[str, typer.Option(help="One agent for all seats, or one per seat.")] = "random",
    delay: Annotated[float, typer.Option(help="Seconds between moves when drawing live.")] = 0.3,
    save: Annotated[Path | None, typer.Option(help="Write the game's record (JSON) to this file.")] = None,
    lang: LangOption = None,
) -> None:
    """Computer players play one game; the table is drawn move by move."""
    language = pick_lang(lang)
    family, built = build_rules(preset, players, setting)
    names = [a.strip() for a in agents.split(",") if a.strip()]
    names = names * built.players if len(names) == 1 else names
    if len(names) != built.players:
        raise SevensError(f"{len(names)} agents for {built.players} players; give one, or one per seat")
    bots = [make_agent(name, family.name) for name in names]
    state = family.new_state(built, seed)
    for seat, bot in enumerate(bots):
        bot.reset(seat, derive_seed(seed, seat + 1))
    log: list[str] = []
    if console.is_terminal and delay > 0:
        with Live(_frame(family, state, log, language), console=console, auto_refresh=False) as live:
            while state.to_move is not None:
                log.append(_bot_move(state, bots, language))
                live.update(_frame(family, state, log, language), refresh=True)
                time.sleep(delay)  # pacing for a human watcher, not synchronisation
    else:
        while state.to_move is not None:
            console.print(_bot_move(state, bots, language))
    console.print(_frame(family, state, log, language))
    _print_result(state, language)
    if save is not None:
        save.write_text(json.dumps(family.to_record(state), ensure_ascii=False, indent=1), encoding="utf-8")


def _bot_move(state: GameState, bots: list[Agent], lang: Lang) -> str:
    """Let the seat to move choose from its own view; returns the move's log line."""
    seat = state.to_move
    assert seat is not None
    bot = bots[seat]
    action = bot.act(state.view(seat) if bot.needs_view else None, state.legal_actions())
    state.apply(action)
    return f"{t('seat', lang, seat=seat)}: {action}"


def _frame(family: Family, state: GameState, log: list[str], lang: Lang) -> Group:
    return Group(render_table(family.name, state, lang), Text("  ".join(log[-6:]), style="dim"))


def _print_result(state: GameState, lang: Lang) -> None:
    result = state.result().to_dict()
    console.print(f"[bold]{t('ranking', lang)}[/bold]")
    outcomes = result.get("outcomes")
    for place, seat in enumerate(result["ranking"], start=1):
        outcome = f" ({t('status_' + outcomes[seat], lang)})" if outcomes else ""
        console.print(f"  {place}. {t('seat', lang, seat=seat)}{outcome}")


@app.command()
@user_errors
def replay(
    file: Annotated[
        Path | None, typer.Argument(help="A record written by `sevens watch --save` or any front-end.")
    ] = None,
    session: Annotated[int | None, typer.Option(help="Or a stored session's id (see `sevens history`).")] = None,
    number: Annotated[int, typer.Option("--round", help="With --session: the round, from 1.")] = 1,
    step: Annotated[bool, typer.Option(help="With --session: step through it on screen.")] = False,
    db: DatabaseOption = None,
    lang: LangOption = None,
    moves: Annotated[bool, typer.Option(help="List every move.")] = True,
) -> None:
    """Replay a recorded game (a file or a stored round) exactly, check its stored result, draw the final table."""
    language = pick_lang(lang)
    if session is not None:
        from sevens.tui.command import replay_session

        replay_session(session, number, step, language, db)
        return
    if file is None:
        raise SevensError("give a record FILE, or --session ID [--round N] for a stored game")
    record = _load_record(file)
    family = _family_of_record(record)
    state = family.replay(record)
    if moves:
        for number, action in enumerate(state.actions, start=1):
            console.print(f"{number:3}. {action}")
    console.print(render_table(family.name, state, language))
    if state.is_over():
        _print_result(state, language)
        if record.get("result") is not None:
            console.print(t("replay_ok", language))


def _load_record(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"cannot read record {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise RecordError(f"{path} does not hold a record (a JSON object)")
    return data


def _family_of_record(record: dict[str, Any]) -> Family:
    game = record.get("game")
    found = families().get(game) if isinstance(game, str) else None
    if found is None:
        raise RecordError(f"the record's game {game!r} is unknown; allowed: {', '.join(families())}")
    return found
