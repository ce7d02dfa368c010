"""``sevens watch`` (bots play one game, drawn move by move) and ``sevens replay FILE``."""

# No `from __future__ import annotations` here: typer reads the commands' annotations on every start, and string
# ones it must evaluate (twice), which cost every command ~0.01 s of CPU (tests/test_cli_speed.py).

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from sevens.cli import common
from sevens.command_options import MAX_ID, DatabaseOption, LangOption, seed_option
from sevens.errors import RecordError, SevensError
from sevens.i18n import Lang, t

if TYPE_CHECKING:
    from rich.console import Group

    from sevens.agents.base import Agent
    from sevens.games.base import Family, GameState

MAX_DELAY = 60.0
"""The longest pause between moves ``--delay`` allows (a minute a move is already a game nobody watches)."""


@common.app.command()
@common.user_errors
def watch(
    preset: common.PresetOption = "standard",
    players: common.PlayersOption = None,
    seed: Annotated[int, seed_option("Seed of the deal.")] = 0,
    setting: common.SetOption = None,
    agents: Annotated[str, typer.Option(help="One agent for all seats, or one per seat.")] = "random",
    delay: Annotated[
        float, typer.Option(min=0, max=MAX_DELAY, help="Seconds between moves when drawing live (0: no pause).")
    ] = 0.3,
    save: Annotated[Path | None, typer.Option(help="Write the game's record (JSON) to this file.")] = None,
    lang: LangOption = None,
) -> None:
    """Computer players play one game; the table is drawn move by move."""
    from rich.live import Live

    from sevens.agents.base import make_agent
    from sevens.rng import derive_seed

    language = common.pick_lang(lang)
    if save is not None:
        common.writable_file(save, "--save")  # refused before the game is drawn, not after
    family, built = common.build_rules(preset, players, setting)
    names = [a.strip() for a in agents.split(",") if a.strip()]
    names = names * built.players if len(names) == 1 else names
    if len(names) != built.players:
        raise SevensError(f"{len(names)} agents for {built.players} players; give one, or one per seat")
    bots = [make_agent(name, family.name) for name in names]  # the agents of the game being watched
    state = family.new_state(built, seed)
    for seat, bot in enumerate(bots):
        bot.reset(seat, derive_seed(seed, seat + 1))
    log = _log_lines(family, state, language)
    if common.console.is_terminal and delay > 0:
        with Live(_frame(family, state, log, language), console=common.console.real(), auto_refresh=False) as live:
            while state.to_move is not None:
                _bot_move(state, bots)
                log = _log_lines(family, state, language)
                live.update(_frame(family, state, log, language), refresh=True)
                time.sleep(delay)  # pacing for a human watcher, not synchronisation
        # Live leaves its last frame on screen: the final table is there once, not drawn again below it
    else:
        for line in log:
            common.console.print(line)
        while state.to_move is not None:
            _bot_move(state, bots)
            lines = _log_lines(family, state, language)
            for line in lines[len(log) :]:
                common.console.print(line)
            log = lines
        common.console.print(_frame(family, state, [], language))  # the log is printed line by line already
    _print_result(state, language)
    if save is not None:
        common.write_file(save, "--save", json.dumps(family.to_record(state), ensure_ascii=False, indent=1))


def _bot_move(state: "GameState", bots: "list[Agent]") -> None:
    """Let the seat to move choose from its own view, and play it."""
    seat = state.to_move
    assert seat is not None
    bot = bots[seat]
    state.apply(bot.act(state.view(seat) if bot.needs_view else None, state.legal_actions()))


def _log_lines(family: "Family", state: "GameState", lang: "Lang") -> list[str]:
    """The public move log so far, in ``lang``, seats counted from 1 (:mod:`sevens.session.log`)."""
    from sevens.session.log import format_entry, log_entries, pretty_card

    viewer: Any = None if family.name == "seven27" else 0  # Seven Twenty-Seven's spectator; else seat 0's log
    entries = log_entries(family.name, state.view(viewer).to_dict())
    return [format_entry(entry, lang, card_name=pretty_card) for entry in entries]


def _frame(family: "Family", state: "GameState", log: list[str], lang: "Lang") -> "Group":
    from rich.console import Group
    from rich.text import Text

    from sevens.render import render_table

    return Group(render_table(family.name, state, lang), Text("\n".join(log[-6:]), style="dim"))


def _print_result(state: "GameState", lang: "Lang") -> None:
    from sevens.render.outcome import outcome_text

    result = state.result().to_dict()
    common.console.print(f"[bold]{t('ranking', lang)}[/bold]")
    outcomes = result.get("outcomes")
    for place, seat in enumerate(result["ranking"], start=1):
        outcome = f" ({outcome_text(outcomes[seat], lang, place)})" if outcomes else ""
        common.console.print(f"  {place}. {t('log.seat', lang, number=seat + 1)}{outcome}")


@common.app.command()
@common.user_errors
def replay(
    file: Annotated[
        Path | None, typer.Argument(help="A record written by `sevens watch --save` or any front-end.")
    ] = None,
    session: Annotated[
        int | None, typer.Option(min=1, max=MAX_ID, help="Or a stored session's id (see `sevens history`).")
    ] = None,
    number: Annotated[int, typer.Option("--round", min=1, help="With --session: the round, from 1.")] = 1,
    step: Annotated[bool, typer.Option(help="With --session: step through it on screen.")] = False,
    db: DatabaseOption = None,
    lang: LangOption = None,
    moves: Annotated[bool, typer.Option(help="List every move.")] = True,
) -> None:
    """Replay a recorded game (a file or a stored round) exactly, check its stored result, draw the final table."""
    from sevens.render import render_table

    language = common.pick_lang(lang)
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
            common.console.print(f"{number:3}. {action}")
    common.console.print(render_table(family.name, state, language))
    if state.is_over():
        _print_result(state, language)
        if record.get("result") is not None:
            common.console.print(t("replay_ok", language))


RECORD_HELP = "a record is a JSON file written by `sevens watch --save` or any front-end"


def _load_record(path: Path) -> dict[str, Any]:
    """The record in ``path``; anything else is one line saying what the file is and what a record is."""
    if path.is_dir():
        raise RecordError(f"{path} is a folder; give a record file ({RECORD_HELP})")
    if not path.exists():
        raise RecordError(f"there is no file {path}; give a record file ({RECORD_HELP})")
    try:
        text = path.read_text(encoding="utf-8")
    except PermissionError:
        raise RecordError(f"{path} cannot be read (no permission)") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a record: it is not text ({RECORD_HELP})") from None
    except OSError as exc:
        raise RecordError(f"{path} cannot be read: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not a record: not JSON (line {exc.lineno}: {exc.msg}; {RECORD_HELP})") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path} is not a record: it holds a JSON {type(data).__name__}, not an object")
    return data


def _family_of_record(record: dict[str, Any]) -> "Family":
    from sevens.games.registry import families

    game = record.get("game")
    allowed = ", ".join(families())
    if not isinstance(game, str) or not game:
        raise RecordError(f'the record does not say its game (a "game" field: one of {allowed})')
    found = families().get(game)
    if found is None:
        raise RecordError(f"the record's game {game!r} is unknown; allowed: {allowed}")
    return found
