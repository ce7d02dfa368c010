"""``sevens arena``: a duplicate-format match between agents, with statistics, ratings and a plot."""

# No `from __future__ import annotations` here: typer reads the commands' annotations on every start, and string
# ones it must evaluate (twice), which cost every command ~0.01 s of CPU (tests/test_cli_speed.py).

import json
from collections.abc import Callable
from contextlib import AbstractContextManager, ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from sevens.cli import common
from sevens.command_options import seed_option
from sevens.errors import SevensError
from sevens.i18n import t

if TYPE_CHECKING:
    from rich.table import Table

    from sevens.arena.tournament import DealMap

LOCAL_RAY = "local"  # what ``--ray`` without an address stands for


def ray_address_optional(args: list[str]) -> list[str]:
    """``--ray`` last or before another option means a local Ray: the address is optional, which typer's
    options cannot say, so the command line gets ``--ray local`` before it is parsed.

    >>> ray_address_optional(["arena", "--ray", "--games", "4"]), ray_address_optional(["arena", "--ray", "h:1"])
    (['arena', '--ray', 'local', '--games', '4'], ['arena', '--ray', 'h:1'])
    """
    out: list[str] = []
    for i, arg in enumerate(args):
        out.append(arg)
        if arg == "--ray" and (i + 1 == len(args) or args[i + 1].startswith("-")):
            out.append(LOCAL_RAY)
    return out


@common.app.command()
@common.user_errors
def arena(
    preset: common.PresetOption = "standard",
    players: common.PlayersOption = None,
    agents: Annotated[str, typer.Option(help="One agent per seat, e.g. search,heuristic,heuristic,heuristic.")] = (
        "random"
    ),
    games: Annotated[int, common.games_option("Games (rounded up to whole rotations).")] = 100,
    seed: Annotated[int, seed_option("Seed of the series of deals.")] = 0,
    seeds: Annotated[
        int,
        typer.Option(
            min=1,
            max=1000,
            help="Repeat the match on this many series of deals (seeds SEED, SEED+1, …): mean and 95% "
            "interval across seeds.",
        ),
    ] = 1,
    setting: common.SetOption = None,
    workers: Annotated[
        int, typer.Option(min=1, max=common.MAX_WORKERS, help="Worker processes (results do not depend on it).")
    ] = 1,
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray",
            metavar="[ADDRESS]",
            help="Run the deals on the Ray cluster at ADDRESS, or on a small local Ray without one (same results).",
        ),
    ] = None,
    deterministic: Annotated[
        bool,
        typer.Option(
            "--deterministic",
            help="Searching agents think in samples, not CPU time, as in the server's rooms: the same results on "
            "any machine under any load.",
        ),
    ] = False,
    samples: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=1_000_000,
            help="Searching agents think in this many samples a move (implies --deterministic): every search "
            "on the same budget, e.g. to compare two experts at the same CPU a move.",
        ),
    ] = None,
    plot: Annotated[Path | None, typer.Option(help="Write a PNG of win rates with 95% intervals.")] = None,
    as_json: common.JsonOption = False,
) -> None:
    """Agents play in rotation on the same deals; report wins, intervals, points, timings and ratings."""
    from rich.console import Console
    from rich.progress import Progress

    from sevens.agents.base import make_agent
    from sevens.arena.seeds import seed_series
    from sevens.arena.tournament import Match, run_match, summarise

    if plot is not None:
        common.writable_file(plot, "--plot")
        _plotting()  # a missing matplotlib is said before the games are played
    names = [a.strip() for a in agents.split(",") if a.strip()]
    family, built = common.build_rules(preset, players if players is not None else None, setting)
    if players is None and len(names) > 1:
        built = built.replace(players=len(names))
    names = names * built.players if len(names) == 1 else names
    if len(names) != built.players:
        raise SevensError(f"{len(names)} agents for {built.players} players; give one per seat")
    for name in dict.fromkeys(names):
        make_agent(name, family.name, research=True)  # a measuring tool: oracle too; unknown names fail here
    per_seed: list[list[dict[str, Any]]] = []
    errors = Console(stderr=True)
    with ExitStack() as stack:
        executor = None if ray_address is None else stack.enter_context(_ray(ray_address))
        bar = stack.enter_context(Progress(console=errors, disable=not errors.is_terminal, transient=True))
        task = bar.add_task("games", total=games * seeds)
        for series in seed_series(seed, seeds):
            match = Match(family.name, built, tuple(names), series, deterministic or samples is not None, samples)
            outcomes = run_match(match, games, workers, progress=lambda k: bar.advance(task, k), executor=executor)
            per_seed.append(summarise(names, outcomes))
    if seeds > 1:
        _report_seeds(preset, built.players, seed_series(seed, seeds), per_seed, as_json)
        return
    rows = per_seed[0]
    if plot is not None:
        try:
            _plotting()(rows, built.players, f"{preset}, {built.players} players, {len(outcomes)} games", plot)
        except OSError as exc:
            raise SevensError(f"--plot {plot} cannot be written: {exc.strerror or exc}") from None
    if as_json:
        typer.echo(json.dumps({"preset": preset, "players": built.players, "games": len(outcomes), "agents": rows}))
        return
    title = f"{preset}, {built.players} players, {len(outcomes)} games (duplicate format)"
    common.console.print(results_table(rows, title, chips=family.name == "seven27"))
    if any(None in row["mean_points_95"] for row in rows):
        common.console.print(t("cli.arena.no_interval", "en"))


def results_table(rows: list[dict[str, Any]], title: str, chips: bool) -> "Table":
    """The arena's results, made to fit 80 columns: ranges are written ``low–high`` and an unknown one ``–``."""
    from rich.table import Table

    table = Table(title=title, box=None, collapse_padding=True, pad_edge=False, header_style="bold underline")
    headers = ("agent", "games", "wins", "win", "95%", "rank", "chips/deal" if chips else "points", "95%",
               "ms/move", "p95", "rating")  # fmt: skip
    for index, column in enumerate(headers):
        table.add_column(column, justify="left" if index == 0 else "right", no_wrap=True)
    for row in rows:
        table.add_row(
            row["name"], str(row["games"]), str(row["wins"]),
            f"{row['win_rate']:.3f}", _interval(row["win_rate_95"], 2),
            f"{row['mean_rank']:.2f}", f"{row['mean_points']:+.2f}", _interval(row["mean_points_95"], 1),
            f"{row['seconds_per_move'] * 1000:.1f}", f"{row['p95_seconds_per_move'] * 1000:.1f}",
            f"{row['rating']:.1f}",
        )  # fmt: skip
    return table


def _report_seeds(
    preset: str, players: int, series: list[int], per_seed: list[list[dict[str, Any]]], as_json: bool
) -> None:
    """The evaluation over several seeds: per agent, the mean over seeds and its 95% interval across seeds."""
    from rich.table import Table

    from sevens.arena.seeds import across_seeds

    rows = across_seeds(per_seed)
    if as_json:
        body = {"preset": preset, "players": players, "seeds": series, "agents": rows, "per_seed": per_seed}
        typer.echo(json.dumps(body))
        return
    title = f"{preset}, {players} players, seeds {series[0]}–{series[-1]}: mean over {len(series)} seeds"
    table = Table(title=title, box=None, collapse_padding=True, pad_edge=False, header_style="bold underline")
    for index, column in enumerate(("agent", "seeds", "games", "win", "95% (seeds)", "points", "95% (seeds)")):
        table.add_column(column, justify="left" if index == 0 else "right", no_wrap=True)
    for row in rows:
        table.add_row(
            row["name"], str(row["seeds"]), str(row["games"]),
            f"{row['win_rate']:.3f}", _interval(row["win_rate_95"], 3),
            f"{row['mean_points']:+.2f}", _interval(row["mean_points_95"], 2),
        )  # fmt: skip
    common.console.print(table)


def _plotting() -> Callable[..., None]:
    """The plot writer (``--plot``): matplotlib is the ``plot`` extra; its absence is one clear error, said
    before any game is played."""
    from sevens.errors import require

    require("matplotlib", "--plot", "plot")
    from sevens.arena.plot import plot_win_rates

    return plot_win_rates


def _ray(address: str) -> "AbstractContextManager[DealMap]":
    """The Ray executor (``--ray``): a clear error when Ray is not installed."""
    try:
        from sevens.arena.ray_executor import ray_executor
    except ImportError:
        raise SevensError("--ray needs Ray: pip install 'sevens[research]'") from None
    return ray_executor(None if address == LOCAL_RAY else address)


def _interval(bounds: list[float | None], digits: int) -> str:
    """``low–high``; ``–`` when an end is unbounded (too few deals to tell)."""
    if None in bounds:
        return "–"
    low, high = bounds
    return f"{low:.{digits}f}–{high:.{digits}f}"
