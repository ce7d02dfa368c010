"""The ladder of levels at every table size: one script measures the rungs and writes all three figures from the
same rows — docs/ladder.json, the plot docs/ladder.png and the ladder tables of docs/strength.md.

A rung ``hero:field`` at ``n`` players is ``sevens arena --players n --agents hero,field,…,field`` in the duplicate
arena, played on several series of deals (the arena's ``--seeds`` protocol: seeds ``S … S+K-1``). Its figure is
the hero's win rate over all the games of all the seeds, as a multiple of chance (1/n), with the **pooled
Wilson 95% interval over every game** (a row also keeps each seed's win rate; with two or three seeds the
Student-t interval across seeds, which ``sevens arena --seeds`` prints, is too wide to say anything). Each row
carries the exact ``sevens arena`` command that plays its games::

    python bench/ladder.py run --presets standard,tunnel --players 3,4,5,7 --seeds 2   # measure, then write all three
    python bench/ladder.py add expert7.json --command "sevens arena … --json"          # a saved `sevens arena --json`
    python bench/ladder.py render                                                      # rewrite the plot and tables

``run`` plays 1,000 games a rung at 4 players and 400 elsewhere (split over the seeds; ``--games`` overrides).
Rows are kept one per (preset, players, hero, field): a new measurement replaces the old one, rows that were
not measured again stay, and rows carried over from before this protocol are marked ``older`` in every figure.
The tables are written between ``<!-- ladder:begin -->`` and ``<!-- ladder:end -->``; nothing else of the
document is touched.

Targets (issue 30): every rung ≥ 1.2× chance at 3–5 players and ≥ 1.1× at 6 or more; ``expert`` against
``normal`` ≥ 1.5× in ``standard`` and 1.4× elsewhere at 4 players, ≥ 1.3× at 7.
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sevens.arena.tournament import Match, run_match, summarise, wilson_interval
from sevens.errors import SevensError
from sevens.games.registry import family_of

RUNGS = ("easy:beginner", "normal:easy", "hard:normal")
"""The cheap rungs (no search in Shichi-narabe; Killer's ``hard`` searches): ``run`` measures these unless told."""

PRESETS = ("standard", "tunnel", "joker", "killer")
TABLE_SIZES = (3, 4, 5, 7)
GAMES = {4: 1000}
"""Games per rung by table size (all seeds together); 400 where not said."""
DEFAULT_GAMES = 400

BEGIN, END = "<!-- ladder:begin -->", "<!-- ladder:end -->"
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_JSON, DEFAULT_PNG, DEFAULT_DOC = ROOT / "docs/ladder.json", ROOT / "docs/ladder.png", ROOT / "docs/strength.md"


def target(preset: str, players: int, hero: str, field: str) -> float | None:
    """The issue's target for a rung, as a multiple of chance (None: reported only)."""
    if hero == "expert" and field == "normal" and preset != "seven27":
        if players >= 6:
            return 1.3
        return 1.5 if preset == "standard" else 1.4
    if f"{hero}:{field}" in RUNGS:
        return 1.1 if players >= 6 else 1.2
    return None


def parse_rung(text: str) -> tuple[str, str]:
    """``"hard:normal"`` → ``("hard", "normal")``; anything else is refused with the expected form."""
    hero, sep, field = text.partition(":")
    if not sep or not hero or not field or hero == field:
        raise ValueError(f"rung {text!r} is not hero:field with two different agents (e.g. hard:normal)")
    return hero, field


def arena_command(preset: str, players: int, hero: str, field: str, games: int, seed: int, seeds: int) -> str:
    """The ``sevens arena`` command that plays a rung's games (``games`` per seed)."""
    agents = ",".join((hero, *[field] * (players - 1)))
    series = f" --seeds {seeds}" if seeds > 1 else ""
    return (
        f"sevens arena --preset {preset} --players {players} --agents {agents} --games {games} --seed {seed}"
        f"{series} --json"
    )


def make_row(
    preset: str,
    players: int,
    field: str,
    hero_per_seed: Sequence[dict[str, Any]],
    seeds: Sequence[int],
    command: str,
    measured: str,
) -> dict[str, Any]:
    """A ladder row from the hero's line of each seed's arena report (``summarise``), pooled over the seeds."""
    games = sum(int(r["games"]) for r in hero_per_seed)
    wins = sum(int(r["wins"]) for r in hero_per_seed)
    low, high = wilson_interval(wins, games)
    chance = 1 / players
    per_game = [(float(r["mean_points"]), int(r["games"])) for r in hero_per_seed]
    hero = hero_per_seed[0]["name"]
    return {
        "preset": preset,
        "players": players,
        "hero": hero,
        "field": field,
        "command": command,
        "seeds": list(seeds),
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4),
        "win_rate_95": [round(low, 4), round(high, 4)],
        "interval": "pooled Wilson 95% over every game of every seed",
        "win_rates_per_seed": [float(r["win_rate"]) for r in hero_per_seed],
        "ratio": round(wins / games / chance, 3),
        "ratio_95": [round(low / chance, 3), round(high / chance, 3)],
        "target": target(preset, players, hero, field),
        "mean_points": round(sum(p * g for p, g in per_game) / games, 4),
        "seconds_per_move": max(float(r["seconds_per_move"]) for r in hero_per_seed),
        "p95_seconds_per_move": max(float(r["p95_seconds_per_move"]) for r in hero_per_seed),
        "measured": measured,
        "older": False,
    }


def measure(
    preset: str, players: int, rung: str, games: int, seed: int = 1, seeds: int = 1, workers: int = 1
) -> dict[str, Any]:
    """One rung played in the duplicate arena on ``seeds`` series of deals, ``games`` in all (split evenly)."""
    hero, field = parse_rung(rung)
    family = family_of(preset)
    rules = family.presets[preset].replace(players=players)
    names = (hero, *[field] * (players - 1))
    per_seed = -(-games // seeds)
    series = [seed + k for k in range(seeds)]
    heroes = [summarise(names, run_match(Match(family.name, rules, names, s), per_seed, workers))[0] for s in series]
    command = arena_command(preset, players, hero, field, per_seed, seed, seeds)
    return make_row(preset, players, field, heroes, series, command, today())


def from_arena(report: dict[str, Any], command: str, measured: str | None = None) -> dict[str, Any]:
    """The row of a saved ``sevens arena --json`` report of ``hero,field,field,…`` (one seed or ``--seeds K``),
    played by ``command`` (the seed is read from it when the report has one series)."""
    hero, field = report["agents"][0], report["agents"][1]
    if "per_seed" in report:
        seeds = [int(s) for s in report["seeds"]]
        heroes = [rows[0] for rows in report["per_seed"]]
    else:
        found = re.search(r"--seed[ =](-?\d+)", command)
        if found is None:
            raise ValueError(f"the command {command!r} does not say its --seed")
        seeds, heroes = [int(found.group(1))], [hero]
    return make_row(
        report["preset"], int(report["players"]), field["name"], heroes, seeds, command, measured or today()
    )


def today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def key(row: dict[str, Any]) -> tuple[str, int, str, str]:
    return (row["preset"], int(row["players"]), row["hero"], row["field"])


def merge(rows: list[dict[str, Any]], new: dict[str, Any]) -> list[dict[str, Any]]:
    """``rows`` with ``new`` in place of any row of the same preset, table size, hero and field."""
    return [r for r in rows if key(r) != key(new)] + [new]


def ordered(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """By table size, then preset, then rung (the cheap rungs weakest first, the others after)."""
    rank = {rung: i for i, rung in enumerate(RUNGS)}
    presets = {p: i for i, p in enumerate(PRESETS)}
    return sorted(
        rows,
        key=lambda r: (
            r["players"],
            presets.get(r["preset"], len(presets)),
            r["preset"],
            rank.get(f"{r['hero']}:{r['field']}", len(rank)),
            r["hero"],
            r["field"],
        ),
    )


def load(path: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else []
    return rows


def save(path: Path, rows: list[dict[str, Any]]) -> None:
    path.write_text(json.dumps(ordered(rows), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def rung_label(row: dict[str, Any]) -> str:
    return f"{row['hero']} vs {row['players'] - 1} {row['field']}"


def verdict(row: dict[str, Any]) -> str:
    if row["target"] is None:
        return "reported"
    met = "**met**" if row["ratio"] >= row["target"] else "**not met**"
    return f"≥ {row['target']}×: {met}"


def table(rows: Sequence[dict[str, Any]]) -> str:
    """The ladder tables in Markdown: one per table size."""
    out: list[str] = []
    for players in sorted({r["players"] for r in rows}):
        out += [
            "",
            f"**{players} players** (chance {100 / players:.1f}%)",
            "",
            "| rung | preset | games (seeds) | win rate [95%] | × chance [95%] | per seed | target | command |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for r in ordered([r for r in rows if r["players"] == players]):
            low, high = r["win_rate_95"]
            rlow, rhigh = r["ratio_95"]
            seeds = ", ".join(str(s) for s in r["seeds"]) if r["seeds"] else "?"
            per_seed = " / ".join(f"{100 * w:.1f}%" for w in r["win_rates_per_seed"]) or "–"
            older = f" (older: {r['measured']})" if r["older"] else ""
            out.append(
                f"| `{rung_label(r)}`{older} | `{r['preset']}` | {r['games']} ({seeds}) "
                f"| {100 * r['win_rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
                f"| {r['ratio']:.2f} [{rlow:.2f}, {rhigh:.2f}] | {per_seed} | {verdict(r)} | `{r['command']}` |"
            )
    out += [
        "",
        "Intervals: pooled Wilson 95% over every game of every seed (the per-seed win rates show the spread between",
        "series of deals). Rows marked *older* were measured before this protocol (one seed) and not measured again.",
        "",
    ]
    return "\n".join(out)


def write_doc(doc: Path, rows: Sequence[dict[str, Any]]) -> None:
    """Replace what stands between the ladder markers of ``doc`` (and nothing else) by the tables."""
    text = doc.read_text(encoding="utf-8")
    begin, end = text.find(BEGIN), text.find(END)
    if begin < 0 or end < begin:
        raise ValueError(f"{doc} has no {BEGIN} … {END} section to write the ladder tables into")
    doc.write_text(text[: begin + len(BEGIN)] + "\n" + table(rows) + text[end:], encoding="utf-8")


def plot(rows: Sequence[dict[str, Any]], png: Path) -> None:
    """One panel per table size: each rung with a target (the ladder proper; research rows are in the tables
    only) as × chance with its 95% interval, a bar per preset, the targets as black ticks; older rows hatched."""
    import matplotlib

    matplotlib.use("Agg")  # files only
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    rows = [r for r in rows if r["target"] is not None]
    sizes = sorted({r["players"] for r in rows})
    presets = list(dict.fromkeys(r["preset"] for r in ordered(rows)))
    colours = {p: f"C{i}" for i, p in enumerate(presets)}
    figure, panels = plt.subplots(1, len(sizes), figsize=(4.2 * len(sizes) + 1, 4.8), sharey=True, squeeze=False)
    for axes, players in zip(panels[0], sizes, strict=True):
        here = ordered([r for r in rows if r["players"] == players])
        rungs = list(dict.fromkeys(f"{r['hero']} vs {r['field']}" for r in here))
        width = 0.8 / len(presets)
        for p, preset in enumerate(presets):
            for r in here:
                if r["preset"] != preset:
                    continue
                x = rungs.index(f"{r['hero']} vs {r['field']}") + (p - (len(presets) - 1) / 2) * width
                error = [[r["ratio"] - r["ratio_95"][0]], [r["ratio_95"][1] - r["ratio"]]]
                axes.bar(
                    x, r["ratio"], width=width, yerr=error, capsize=2, color=colours[preset],
                    hatch="//" if r["older"] else None, edgecolor="white" if r["older"] else None,
                )  # fmt: skip
                axes.hlines(r["target"], x - width / 2, x + width / 2, color="black", linewidth=2, zorder=3)
        axes.axhline(1.0, color="grey", linestyle="--", linewidth=1)
        axes.set_xticks(range(len(rungs)), rungs, rotation=25, ha="right", fontsize="small")
        axes.set_title(f"{players} players")
    panels[0][0].set_ylabel("win rate ÷ chance (95% interval); — target")
    handles = [Patch(color=colours[p]) for p in presets]
    figure.legend(handles, presets, loc="upper right", fontsize="small")
    figure.suptitle("The ladder of levels at every table size (duplicate arena; hatched: older rows)")
    figure.tight_layout(rect=(0, 0, 0.93, 1))
    figure.savefig(png, dpi=110)
    plt.close(figure)


def render(rows: list[dict[str, Any]], json_path: Path, png: Path, doc: Path) -> None:
    """All three figures from the same rows."""
    write_doc(doc, rows)  # first: a document without its markers stops before anything is written
    save(json_path, rows)
    plot(rows, png)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    outputs = argparse.ArgumentParser(add_help=False)
    outputs.add_argument("--json", dest="json_path", type=Path, default=DEFAULT_JSON, help="the rows (read, written)")
    outputs.add_argument("--png", type=Path, default=DEFAULT_PNG)
    outputs.add_argument("--doc", type=Path, default=DEFAULT_DOC, help="the document with the ladder markers")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", parents=[outputs], help="measure rungs, then write the three figures")
    run.add_argument("--presets", default=",".join(PRESETS))
    run.add_argument("--players", default=",".join(map(str, TABLE_SIZES)), help="table sizes, e.g. 3,4,5,7")
    run.add_argument("--rungs", default=",".join(RUNGS), help="hero:field,… (default: the cheap rungs)")
    run.add_argument(
        "--games",
        type=int,
        default=None,
        help=f"games a rung, all seeds (default 1,000 at 4 players, {DEFAULT_GAMES} else)",
    )
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--seeds", type=int, default=2, help="series of deals (seeds SEED … SEED+K-1)")
    run.add_argument("--workers", type=int, default=1)
    add = sub.add_parser("add", parents=[outputs], help="add a saved `sevens arena --json` report, then write")
    add.add_argument("report", type=Path)
    add.add_argument("--command", dest="arena", required=True, help="the `sevens arena` command that wrote it")
    add.add_argument("--measured", default=None, help="the date it was measured (default: today)")
    sub.add_parser("render", parents=[outputs], help="write the plot and the tables from the rows")
    args = parser.parse_args(argv)
    rows = load(args.json_path)
    if args.command == "add":
        try:
            report = json.loads(args.report.read_text(encoding="utf-8"))
            rows = merge(rows, from_arena(report, args.arena, args.measured))
        except (OSError, ValueError, KeyError, IndexError, TypeError) as exc:
            parser.error(f"{args.report} is not a saved `sevens arena --json` report of hero,field,…: {exc!r}")
    elif args.command == "run":
        try:
            presets = [p.strip() for p in args.presets.split(",") if p.strip()]
            sizes = [int(n) for n in args.players.split(",") if n.strip()]
            for preset in presets:
                for players in sizes:
                    family_of(preset).presets[preset].replace(players=players)  # an impossible table fails here
            rungs = [r.strip() for r in args.rungs.split(",") if r.strip()]
            for rung in rungs:
                parse_rung(rung)
        except (ValueError, SevensError) as exc:
            parser.error(str(exc))
        if args.games is not None and args.games < 1:
            parser.error(f"--games must be at least 1 (got {args.games})")
        if args.seeds < 1:
            parser.error(f"--seeds must be at least 1 (got {args.seeds})")
        for preset in presets:
            for players in sizes:
                for rung in rungs:
                    games = args.games or GAMES.get(players, DEFAULT_GAMES)
                    row = measure(preset, players, rung, games, args.seed, args.seeds, args.workers)
                    rows = merge(rows, row)
                    brief = {k: row[k] for k in ("preset", "players", "hero", "field", "games", "ratio")}
                    print(json.dumps(brief), file=sys.stderr)
    try:
        render(rows, args.json_path, args.png, args.doc)
    except (OSError, ValueError) as exc:
        parser.error(str(exc))


if __name__ == "__main__":
    main()
