"""The ladder of levels: each level against three players of a level below it, in the duplicate arena, and its plot.

A rung ``hero:field`` is ``sevens arena --agents hero,field,field,field`` (4 players; 5 in Seven Twenty-Seven);
its figure is the hero's win rate as a multiple of chance, with the Wilson 95% interval. The rows are kept in a
JSON file (docs/ladder.json), one per (preset, hero, field), so that slow rungs measured separately (the
expert's) can be added from the arena's own ``--json`` output, and the plot is drawn from that file::

    python bench/ladder.py run --preset standard --games 2000 --workers 2 --out docs/ladder.json
    python bench/ladder.py add expert_vs_normal.json --out docs/ladder.json   # a saved `sevens arena --json`
    python bench/ladder.py plot docs/ladder.json --png docs/ladder.png

Targets (issue 20): ``hard:normal``, ``normal:easy`` and ``easy:beginner`` at least 1.2× chance; ``expert``
against three ``normal`` at least 1.5× in ``standard`` and 1.4× elsewhere.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sevens.arena.tournament import Match, run_match, summarise
from sevens.games.registry import family_of

RUNGS = ("easy:beginner", "normal:easy", "hard:normal")
"""The cheap rungs (no search): ``run`` measures these unless told otherwise."""

PLAYERS = {"seven27": 5}
"""Players per preset where it is not 4."""

LADDER_TARGET = 1.2


def target(preset: str, hero: str, field: str) -> float | None:
    """The issue's target for a rung, as a multiple of chance (None: reported only)."""
    if hero == "expert" and field == "normal" and preset != "seven27":
        return 1.5 if preset == "standard" else 1.4
    if f"{hero}:{field}" in RUNGS:
        return LADDER_TARGET
    return None


def row_of(preset: str, players: int, games: int, report: dict[str, Any], field: str) -> dict[str, Any]:
    """A ladder row from the hero's line of an arena report (``summarise`` or ``sevens arena --json``)."""
    chance = 1 / players
    low, high = report["win_rate_95"]
    return {
        "preset": preset,
        "hero": report["name"],
        "field": field,
        "players": players,
        "games": games,
        "win_rate": report["win_rate"],
        "win_rate_95": [low, high],
        "ratio": round(report["win_rate"] / chance, 3),
        "ratio_95": [round(low / chance, 3), round(high / chance, 3)],
        "target": target(preset, report["name"], field),
        "mean_points": report["mean_points"],
        "seconds_per_move": report["seconds_per_move"],
        "p95_seconds_per_move": report["p95_seconds_per_move"],
    }


def parse_rung(text: str) -> tuple[str, str]:
    """``"hard:normal"`` → ``("hard", "normal")``; anything else is refused with the expected form."""
    hero, sep, field = text.partition(":")
    if not sep or not hero or not field or hero == field:
        raise ValueError(f"rung {text!r} is not hero:field with two different agents (e.g. hard:normal)")
    return hero, field


def measure(preset: str, rung: str, games: int, seed: int = 1, workers: int = 1) -> dict[str, Any]:
    """One rung played in the duplicate arena."""
    hero, field = parse_rung(rung)
    family = family_of(preset)
    players = PLAYERS.get(preset, 4)
    rules = family.presets[preset].replace(players=players)
    names = (hero, *[field] * (players - 1))
    outcomes = run_match(Match(family.name, rules, names, seed), games, workers)
    return row_of(preset, players, len(outcomes), summarise(names, outcomes)[0], field)


def from_arena(report: dict[str, Any]) -> dict[str, Any]:
    """The row of a saved ``sevens arena --json`` report of ``hero,field,field,…``."""
    hero, field = report["agents"][0], report["agents"][1]
    return row_of(report["preset"], report["players"], report["games"], hero, field["name"])


def merge(rows: list[dict[str, Any]], new: dict[str, Any]) -> list[dict[str, Any]]:
    """``rows`` with ``new`` in place of any row of the same preset, hero and field."""
    key = (new["preset"], new["hero"], new["field"])
    return [r for r in rows if (r["preset"], r["hero"], r["field"]) != key] + [new]


def load(path: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else []
    return rows


def save(path: Path, rows: list[dict[str, Any]]) -> None:
    path.write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def plot(rows: Sequence[dict[str, Any]], png: Path) -> None:
    """Each rung's × chance with its 95% interval, one bar per preset, the targets drawn as ticks."""
    import matplotlib

    matplotlib.use("Agg")  # files only
    import matplotlib.pyplot as plt

    rungs = list(dict.fromkeys(f"{r['hero']} vs {r['players'] - 1} {r['field']}" for r in rows))
    presets = list(dict.fromkeys(r["preset"] for r in rows))
    width = 0.8 / len(presets)
    figure, axes = plt.subplots(figsize=(1.5 * len(rungs) + 3, 4.5))
    for p, preset in enumerate(presets):
        xs, ys, low, high, marks = [], [], [], [], []
        for r in rows:
            if r["preset"] != preset:
                continue
            x = rungs.index(f"{r['hero']} vs {r['players'] - 1} {r['field']}") + (p - (len(presets) - 1) / 2) * width
            xs.append(x)
            ys.append(r["ratio"])
            low.append(r["ratio"] - r["ratio_95"][0])
            high.append(r["ratio_95"][1] - r["ratio"])
            if r["target"] is not None:
                marks.append((x, r["target"]))
        axes.bar(xs, ys, width=width, yerr=[low, high], capsize=3, label=preset)
        if marks:
            mark_xs, mark_ys = zip(*marks, strict=True)
            axes.scatter(mark_xs, mark_ys, marker="_", s=300, color="black", zorder=3)
    axes.axhline(1.0, color="grey", linestyle="--", linewidth=1)
    axes.set_xticks(range(len(rungs)), rungs, rotation=20, ha="right")
    axes.set_ylabel("win rate ÷ chance (95% interval); — target")
    axes.set_title("The ladder of levels (duplicate arena)")
    axes.legend(fontsize="small")
    figure.tight_layout()
    figure.savefig(png, dpi=120)
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="measure rungs and add them to the ladder file")
    run.add_argument("--preset", default="standard")
    run.add_argument("--rungs", default=",".join(RUNGS), help="hero:field,… (default: the cheap rungs)")
    run.add_argument("--games", type=int, default=2000)
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--workers", type=int, default=1)
    run.add_argument("--out", type=Path, required=True)
    add = sub.add_parser("add", help="add saved `sevens arena --json` reports (hero first) to the ladder file")
    add.add_argument("reports", type=Path, nargs="+")
    add.add_argument("--out", type=Path, required=True)
    draw = sub.add_parser("plot", help="draw the ladder file as a PNG")
    draw.add_argument("ladder", type=Path)
    draw.add_argument("--png", type=Path, required=True)
    args = parser.parse_args()
    if args.command == "plot":
        plot(load(args.ladder), args.png)
        return
    rows = load(args.out)
    if args.command == "add":
        for path in args.reports:
            try:
                rows = merge(rows, from_arena(json.loads(path.read_text(encoding="utf-8"))))
            except (OSError, ValueError, KeyError, IndexError) as exc:
                parser.error(f"{path} is not a saved `sevens arena --json` report of hero,field,…: {exc!r}")
    else:
        if args.games < 1:
            parser.error(f"--games must be at least 1 (got {args.games})")
        try:
            rungs = [r.strip() for r in args.rungs.split(",") if r.strip()]
            for rung in rungs:
                parse_rung(rung)
        except ValueError as exc:
            parser.error(str(exc))
        for rung in rungs:
            row = measure(args.preset, rung, args.games, args.seed, args.workers)
            rows = merge(rows, row)
            print(json.dumps(row), file=sys.stderr)
    save(args.out, rows)


if __name__ == "__main__":
    main()
