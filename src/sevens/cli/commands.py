"""``sevens rules``, ``sevens simulate``, ``sevens bench`` and ``sevens check``.

Each command imports the games, agents and rich's tables when it runs, so ``sevens --help`` stays fast."""

# No `from __future__ import annotations` here: typer reads the commands' annotations on every start, and string
# ones it must evaluate (twice), which cost every command ~0.01 s of CPU (tests/test_cli_speed.py).

import json
from typing import Annotated, Any

import typer

from sevens.cli.common import (
    MAX_WORKERS,
    JsonOption,
    PlayersOption,
    PresetOption,
    SetOption,
    app,
    build_rules,
    console,
    games_option,
    pick_lang,
    preset_rules,
    user_errors,
)
from sevens.command_options import LangOption, seed_option
from sevens.errors import SevensError
from sevens.i18n import t

MAX_BENCH_SECONDS = 3600.0
"""The longest ``sevens bench --seconds`` (an hour; longer is a typo, not a measurement)."""


@app.command()
@user_errors
def rules(
    preset: Annotated[str | None, typer.Argument(help="A preset; without it, list every preset.")] = None,
    players: PlayersOption = None,
    setting: SetOption = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Print every parameter of a preset (with --set changes), or list the presets."""
    from rich.table import Table

    from sevens.games.base import format_value
    from sevens.games.registry import outlines
    from sevens.render.names import preset_with_id

    language = pick_lang(lang)
    if preset is None and (players is not None or setting):
        raise SevensError("--players and --set change one preset: give its name, e.g. `sevens rules standard -n 5`")
    if preset is None:
        listing = {
            family.name: {name: t(f"preset.{name}.about", language) for name in family.presets}
            for family in outlines().values()
        }
        if as_json:
            typer.echo(json.dumps(listing, ensure_ascii=False))
            return
        table = Table(title=t("presets_title", language))
        for column in ("family", "preset", "summary"):
            table.add_column(t(column, language), overflow="fold")  # Japanese has no spaces to wrap at: never "…"
        for family in outlines().values():
            for name, summary in listing[family.name].items():
                table.add_row(family.title[language == "ja"], preset_with_id(name, language), summary)
        console.print(table)
        return
    family, built = preset_rules(preset, players, setting)
    params = built.to_dict()
    if as_json:
        typer.echo(json.dumps({"preset": preset, "game": family.name, "rules": params}, ensure_ascii=False))
        return
    table = Table(title=f"{preset_with_id(preset, language)} · {family.title[language == 'ja']}")
    table.add_column(t("parameter", language))
    table.add_column(t("value", language))
    for key, value in params.items():
        table.add_row(key, format_value(value))
    console.print(table)


@app.command()
@user_errors
def simulate(
    preset: PresetOption = "standard",
    players: PlayersOption = None,
    games: Annotated[int, games_option("Number of games.")] = 100,
    seed: Annotated[int, seed_option("Seed of the series; game k uses a seed derived from it.")] = 0,
    setting: SetOption = None,
    agents: Annotated[str, typer.Option(help="One agent for all seats, or one per seat: a,b,c,d.")] = "random",
    as_json: JsonOption = False,
) -> None:
    """Play games between computer players and report wins, ranks and speed."""
    from rich.table import Table

    from sevens.arena.play import simulate as run_simulate

    family, built = build_rules(preset, players, setting)
    names = [a.strip() for a in agents.split(",") if a.strip()]
    summary = run_simulate(family, preset, built, games, seed, names).to_dict()
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False))
        return
    table = Table(title=f"{preset}: {summary['games']} games, {summary['games_per_second']} games/s")
    for column in ("seat", "agent", "wins", "mean rank"):
        table.add_column(column)
    for seat in range(summary["players"]):
        table.add_row(str(seat), summary["agents"][seat], str(summary["wins"][seat]), str(summary["mean_rank"][seat]))
    console.print(table)
    console.print(f"mean turns: {summary['mean_turns']}")


@app.command()
@user_errors
def bench(
    preset: PresetOption = "standard",
    players: PlayersOption = None,
    setting: SetOption = None,
    seconds: Annotated[float, typer.Option(max=MAX_BENCH_SECONDS, help="How long to play random games.")] = 3.0,
    batched: Annotated[
        bool, typer.Option("--batched", help="Use the compiled batched engine (sevens.kernel; the research extra).")
    ] = False,
    threads: Annotated[
        int | None, typer.Option(min=1, max=MAX_WORKERS, help="Threads for --batched (default: every core).")
    ] = None,
    env: Annotated[
        str | None,
        typer.Option(help="Time a research env instead: vector, gymnasium, pettingzoo or openspiel (steps/s)."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Time random games (uniform over legal actions, pass included) through the engine's public API, or
    with --batched through the compiled batched engine, or with --env one research environment."""
    from sevens.arena.bench import bench as run_bench

    family, built = build_rules(preset, players, setting)
    if seconds <= 0:
        raise SevensError(f"--seconds {seconds:g} must be more than 0")
    if env is not None:
        _env_bench(env, preset, built.players, setting, seconds, batched or threads is not None, as_json)
        return
    if threads is not None and not batched:
        raise SevensError("--threads applies only with --batched")
    timing = _batched_bench(family.name, built, seconds, threads) if batched else run_bench(family, built, seconds)
    result = {"preset": preset, "players": built.players, **timing}
    if as_json:
        typer.echo(json.dumps(result))
        return
    engine = f"compiled, {result['threads']} thread(s)" if batched else "Python engine"
    console.print(
        f"{preset}, {built.players} players ({engine}): {result['games']} games in {result['seconds']} s = "
        f"[bold]{result['games_per_second']}[/bold] games/s ({result['steps_per_second']} actions/s)"
    )


@app.command()
@user_errors
def warmup(
    lang: LangOption = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            min=1,
            max=64,
            help="Processes compiling at once (default: one per core, at most one per part of the kernel).",
        ),
    ] = None,
) -> None:
    """Compile the compiled engine (numba) now, once, so that no later command waits for it; it is cached."""
    language = pick_lang(lang)
    try:
        from sevens.kernel.warmup import cache_folder, default_jobs, warm_up
    except ImportError:
        raise SevensError(t("cli.warmup.needs_numba", language)) from None
    typer.echo(t("cli.warmup.start", language))
    parts = warm_up(jobs=default_jobs() if jobs is None else jobs)
    for part in parts:
        typer.echo(t("cli.warmup.part", language, part=part.name, seconds=part.seconds))
    total = round(sum(part.seconds for part in parts), 1)
    typer.echo(t("cli.warmup.done", language, seconds=total, folder=cache_folder()))


def _env_bench(
    env: str, preset: str, players: int, setting: list[str] | None, seconds: float, batched: bool, as_json: bool
) -> None:
    if batched:
        raise SevensError("--env measures an environment; --batched and --threads do not apply")
    try:
        from sevens.envs.bench import bench_env
    except ImportError:
        raise SevensError("--env needs the research extra: pip install 'sevens[research]'") from None
    result = {"preset": preset, "players": players, **bench_env(env, preset, players, setting, seconds)}
    if as_json:
        typer.echo(json.dumps(result))
        return
    console.print(
        f"{env} env, {preset}, {players} players: {result['steps']} {result['counts']} in {result['seconds']} s = "
        f"[bold]{result['steps_per_second']}[/bold]/s ({result['steps_per_cpu_second']} per CPU-second)"
    )


def _batched_bench(family: str, rules: Any, seconds: float, threads: int | None) -> dict[str, Any]:
    if family != "shichinarabe":
        raise SevensError(f"--batched plays 七並べ presets only; {family} has no compiled engine")
    try:
        from sevens.kernel.bench import bench_batched
    except ImportError:
        raise SevensError("--batched needs numba: pip install 'sevens[research]'") from None
    try:
        return bench_batched(rules, seconds, threads)
    except ValueError as exc:
        raise SevensError(str(exc)) from None


@app.command()
@user_errors
def check(
    preset: PresetOption = "standard",
    players: Annotated[str, typer.Option("--players", "-n", help="A number or a range such as 2-20.")] = "4",
    games: Annotated[int, games_option("Games per number of players.")] = 100,
    seed: Annotated[int, seed_option("First seed.")] = 0,
    setting: SetOption = None,
    deep_every: Annotated[int, typer.Option(min=1, help="Round-trip and view checks every N actions.")] = 1,
    as_json: JsonOption = False,
) -> None:
    """Run the public conformance check over random games (every invariant at every step)."""
    from sevens.games.conformance import check_many

    low, _, high = players.partition("-")
    if not low.isdigit() or (high and not high.isdigit()):
        raise SevensError(f"--players {players!r} must be a number or a range such as 2-20")
    counts = range(int(low), int(high or low) + 1)
    if not counts:
        raise SevensError(f"--players {players!r} is an empty range; write the smaller number first, e.g. 2-20")
    games_of = [build_rules(preset, n, setting) for n in counts]  # every count refused before any game is played
    report = []
    for n, (family, built) in zip(counts, games_of, strict=True):
        actions = check_many(family, built, games, seed=seed, deep_every=deep_every)
        report.append({"players": n, "games": games, "actions": actions})
        if not as_json:
            console.print(f"{preset}, {n} players: {games} games, {actions} actions checked, no failure")
    if as_json:
        typer.echo(json.dumps({"preset": preset, "runs": report}))
