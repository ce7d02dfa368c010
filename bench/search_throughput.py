"""How many samples the search plays out per move within its time budget, how long it thinks, and whether
stopping early (when the decision is settled) changes its decisions.

    python bench/search_throughput.py --preset tunnel --games 4 [--think-ms 300] [--seed 0] [--agent expert]
        [--kernel both|on|off] [--stop off|on|both] [--json]

Four ``heuristic`` players play each game (seeds ``--seed``, ``--seed``+1, …); at every decision of seat 0
with more than one legal action, a ``search`` agent (``--agent search``) or the ``expert`` level (Shichi-narabe:
``search`` reading its opponents as the levels' mixture; ``--preset killer``: Killer's ``search``, whose default
budget is 450 ms) is asked the same question and the number of samples it managed (one deal, every candidate
played out on it) and the seconds it took are recorded. Compare two versions in one run, on the same machine,
as a ratio. ``--kernel both`` (the default) measures the rollouts on the compiled kernel and on the Python path
on the same decisions, in turn so that both see the same machine load, and reports the ratio; ``on`` or
``off`` only one of them (Killer has no kernel path: ``off``).

``--stop`` says whether the search stops early once its decision is settled (``on``, the agents' default),
always thinks its whole budget (``off``, the default here, as the figures before early stopping were taken),
or ``both``: the early-stopping search, the full-budget one and a second full-budget one on another seed are
asked every question, the first two from the same generator state (the early search's samples are the first
of the full search's), and the report gives how often the early decision is the full one, what the
disagreements cost in the full search's own values (E2 points), and how often two full searches on different
samples agree (the noise floor).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from sevens.agents.base import make_agent
from sevens.agents.common.montecarlo import StoppingRule
from sevens.agents.common.search import SevensSearch
from sevens.agents.shichinarabe import LEVEL_MIXTURE
from sevens.agents.shichinarabe.kernel import available
from sevens.arena.tournament import percentile
from sevens.games.registry import family_of

MAX_GAMES = 1000
KERNEL_CHOICES = {"both": (True, False), "on": (True,), "off": (False,)}
STOP_CHOICES = {"both": ("stop", "full", "full2"), "on": ("stop",), "off": ("full",)}
AGENTS = ("search", "expert")


def _searcher(
    family: str, agent: str, think_ms: float | None, kernel: bool, stop: str
) -> SevensSearch[Any, Any, Any, Any]:
    """A new search agent of ``family``: on the kernel or not, stopping early or not."""
    searcher: SevensSearch[Any, Any, Any, Any]
    if family == "killer":
        from sevens.agents.killer.search import SearchAgent as KillerSearch

        searcher = KillerSearch() if think_ms is None else KillerSearch(think_ms=think_ms)
    else:
        from sevens.agents.shichinarabe.search import DEFAULT_THINK_MS, SearchAgent

        opponents = LEVEL_MIXTURE if agent == "expert" else None
        searcher = SearchAgent(think_ms=think_ms or DEFAULT_THINK_MS, kernel=kernel, opponents=opponents)
    if stop != "stop":
        searcher.stop_z = None
    return searcher


def _recording(searcher: SevensSearch[Any, Any, Any, Any], log: dict[str, Any]) -> None:
    """Keep the searcher's last rows and candidates in ``log`` (for the value of a disagreement)."""
    evaluate, choose = searcher._evaluate, searcher._choose

    def recorded_evaluate(view: Any, candidates: list[Any], stop: StoppingRule | None = None) -> list[list[float]]:
        log["rows"] = rows = evaluate(view, candidates, stop)
        return rows

    def recorded_choose(view: Any, candidates: list[Any], default: int) -> Any:
        log["candidates"] = candidates
        return choose(view, candidates, default)

    # wrapping this one instance's methods is the point: the measured search records what it saw
    searcher._evaluate = recorded_evaluate  # type: ignore[method-assign]
    searcher._choose = recorded_choose  # type: ignore[method-assign]


def measure(
    preset: str,
    games: int,
    think_ms: float | None,
    seed: int,
    kernel: str = "off",
    agent: str = "search",
    stop: str = "off",
) -> dict[str, Any]:
    """Samples and seconds per move of ``agent`` at seat 0's decisions in ``games`` games of heuristic players,
    for every variant asked (kernel or Python path; early stopping or not), each asked every question in turn."""
    family = family_of(preset)
    rules = family.presets[preset]
    paths = KERNEL_CHOICES["off" if family.name == "killer" else kernel]
    variants = [(path, how) for path in paths for how in STOP_CHOICES[stop]]
    found: dict[tuple[bool, str], dict[str, list[float]]] = {v: {"samples": [], "seconds": []} for v in variants}
    agreement: dict[bool, dict[str, list[float]]] = {path: {"same": [], "gaps": [], "floor": []} for path in paths}
    for game in range(games):
        state = family.new_state(rules, seed + game)
        players = [make_agent("heuristic", family.name) for _ in range(state.players)]
        for seat, player in enumerate(players):
            player.reset(seat, seat)
        searches: dict[tuple[bool, str], SevensSearch[Any, Any, Any, Any]] = {}
        logs: dict[tuple[bool, str], dict[str, Any]] = {}
        for variant in variants:
            searches[variant] = _searcher(family.name, agent, think_ms, *variant)
            searches[variant].reset(0, seed + game)
            logs[variant] = {}
            _recording(searches[variant], logs[variant])
        decision = 0
        while (mover := state.to_move) is not None:
            legal = state.legal_actions()
            if mover == 0 and len(legal) > 1:
                decision += 1
                chosen: dict[tuple[bool, str], Any] = {}
                if game == 0 and decision == 1:  # compile the kernel (and warm caches) before anything is timed
                    for search in searches.values():
                        search.act(state.view(0), legal)
                for variant, search in searches.items():
                    # the early and the full search draw the same samples; the second full one others
                    search._rng.seed(seed * 1_000_003 + game * 1009 + decision + 500_000 * (variant[1] == "full2"))
                    search.last_samples = 0
                    logs[variant].clear()
                    start = time.perf_counter()
                    chosen[variant] = search.act(state.view(0), legal)
                    seconds = time.perf_counter() - start
                    if search.last_samples:  # 0: one sensible candidate, nothing played out
                        found[variant]["samples"].append(search.last_samples)
                        found[variant]["seconds"].append(seconds)
                if stop == "both":
                    for path in paths:
                        _compare(agreement[path], logs, chosen, path)
            state.apply(players[mover].act(state.view(mover), legal))
    report: dict[str, Any] = {
        "preset": preset, "agent": agent, "games": games, "think_ms": think_ms,
        "decisions": len(found[variants[0]]["samples"]),
    }  # fmt: skip
    for variant, figures in found.items():
        report[_name(variant, stop)] = _summary(figures)
    for path in paths:
        name = "kernel" if path else "python"
        if stop == "both":
            report[f"{name}_agreement"] = _agreement(agreement[path])
            full, early = report[f"{name}_full"], report[f"{name}_stop"]
            if early["seconds_per_move"]:
                report[f"{name}_speedup"] = round(full["seconds_per_move"] / early["seconds_per_move"], 2)
    if len(paths) == 2:
        how = STOP_CHOICES[stop][0]
        kernel_s, python_s = report[_name((True, how), stop)], report[_name((False, how), stop)]
        if python_s["samples_per_move"]:
            report["ratio"] = round(kernel_s["samples_per_move"] / python_s["samples_per_move"], 2)
    return report


def _compare(into: dict[str, list[float]], logs: dict[Any, dict[str, Any]], chosen: dict[Any, Any], path: bool) -> None:
    """Whether the early decision is the full one, and what a difference costs in the full search's values."""
    full_log = logs[(path, "full")]
    if "rows" not in full_log:
        return  # decided without playouts
    early, full = chosen[(path, "stop")], chosen[(path, "full")]
    into["same"].append(float(early == full))
    into["floor"].append(float(chosen[(path, "full2")] == full))
    if early != full:
        rows, candidates = full_log["rows"], full_log["candidates"]
        means = [statistics.mean(column) for column in zip(*rows, strict=True)]
        into["gaps"].append(means[candidates.index(full)] - means[candidates.index(early)])


def _name(variant: tuple[bool, str], stop: str) -> str:
    path, how = variant
    name = "kernel" if path else "python"
    return name if stop != "both" else f"{name}_{how}"


def _summary(figures: dict[str, list[float]]) -> dict[str, Any]:
    samples, seconds = figures["samples"], sorted(figures["seconds"])
    return {
        "samples_per_move": round(statistics.mean(samples), 1) if samples else None,
        "median": statistics.median(samples) if samples else None,
        "seconds_per_move": round(statistics.mean(seconds), 4) if seconds else None,
        "p95_seconds_per_move": round(percentile(seconds, 0.95), 4) if seconds else None,
    }


def _agreement(figures: dict[str, list[float]]) -> dict[str, Any]:
    same, gaps, floor = figures["same"], figures["gaps"], figures["floor"]
    return {
        "decisions": len(same),
        "same_as_full": round(statistics.mean(same), 4) if same else None,
        "full_vs_full_other_samples": round(statistics.mean(floor), 4) if floor else None,
        "disagreements": len(gaps),
        "mean_points_lost": round(statistics.mean(gaps), 3) if gaps else 0.0,
        "max_points_lost": round(max(gaps), 3) if gaps else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--think-ms", type=float, default=None, help="default: the agent's own (300 ms; Killer 450)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--agent", choices=AGENTS, default="search")
    parser.add_argument("--kernel", choices=list(KERNEL_CHOICES), default="both")
    parser.add_argument("--stop", choices=list(STOP_CHOICES), default="off")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be between 1 and {MAX_GAMES}")
    if args.think_ms is not None and args.think_ms <= 0:
        parser.error("--think-ms must be more than 0")
    if family_of(args.preset).name not in ("shichinarabe", "killer"):
        parser.error("--preset must be a Shichi-narabe or Killer preset (the families with a search)")
    if args.kernel != "off" and not available():
        parser.error("--kernel on/both needs numba (pip install 'sevens[research]'); use --kernel off")
    report = measure(args.preset, args.games, args.think_ms, args.seed, args.kernel, args.agent, args.stop)
    if args.json:
        print(json.dumps(report))
        return
    print(f"{args.preset}, {args.agent}: {report['decisions']} decisions of seat 0 in {args.games} games")
    for name, figures in report.items():
        if isinstance(figures, dict):
            print(f"  {name}: {figures}")
    for key in ("ratio", "kernel_speedup", "python_speedup"):
        if key in report:
            print(f"  {key}: {report[key]}x")


if __name__ == "__main__":
    main()
