"""Tournaments in duplicate format, with honest statistics and ratings (``sevens arena``).

Each deal is played once per rotation of the agents around the table, so every agent sits in every seat on
the same cards: luck of the deal cancels out. Game ``r`` of deal ``d`` seats entry ``(seat - r) mod n`` in each
seat. Deals can be spread over worker processes; results do not depend on the number of workers.

Per agent name (entries with the same name pooled) the report gives games, first places, the win rate with
its 95% Wilson interval (``win_rate_95``), the mean rank, the mean points (E2; chips won for Seven
Twenty-Seven) with a 95% interval (``mean_points_95``), the mean and 95th percentile of seconds per move, and
an openskill Plackett–Luce rating.

The games of one deal are not independent (the same cards, every rotation), so the points interval is the
normal interval over *deals*: each deal contributes the agent's mean points over its games in that deal, and
the interval is ``mean ± 1.96·sd/√deals`` of those per-deal means. This is the honest unit of a duplicate
match; treating every game as independent would misstate the spread.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from sevens.agents.base import make_agent
from sevens.errors import RulesError
from sevens.games.registry import families
from sevens.rng import derive_seed
from sevens.session.scoring import round_points


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One game: which entry sat in each seat, the ranking, points per seat, each seat's move times, and the
    deal it was played on (every rotation of a deal shares its cards)."""

    entries: tuple[int, ...]
    ranking: tuple[int, ...]
    points: tuple[float, ...]
    move_seconds: tuple[tuple[float, ...], ...]
    deal: int = 0


@dataclass(frozen=True, slots=True)
class Match:
    family_name: str
    rules: Any
    agents: tuple[str, ...]  # one entry per seat
    seed: int
    deterministic: bool = False  # searching agents think in samples, not CPU time (as in the server's rooms)
    samples: int | None = None  # with ``deterministic``: samples a move (None: each search's own matched budget)


def play_deal(match: Match, deal: int) -> list[GameOutcome]:
    """Every rotation of one deal."""
    family = families()[match.family_name]
    n = len(match.agents)
    deal_seed = derive_seed(match.seed, deal)
    outcomes = []
    for rotation in range(n):
        entries = tuple((seat - rotation) % n for seat in range(n))
        names = [match.agents[e] for e in entries]
        agents = [make_agent(name, match.family_name, True, match.deterministic, match.samples) for name in names]
        state = family.new_state(match.rules, deal_seed)
        for seat, agent in enumerate(agents):
            agent.reset(seat, derive_seed(deal_seed, 1 + rotation * n + seat))
            bind = getattr(agent, "bind", None)
            if bind is not None:  # research agents that see every hand (oracle) are given the state openly
                bind(state)
        times: list[list[float]] = [[] for _ in range(n)]
        while (mover := state.to_move) is not None:
            agent = agents[mover]
            start = time.perf_counter()
            action = agent.act(state.view(mover) if agent.needs_view else None, state.legal_actions())
            times[mover].append(time.perf_counter() - start)
            state.apply(action)
        outcomes.append(
            GameOutcome(
                entries,
                tuple(state.result().ranking),
                tuple(float(p) for p in round_points(family, state)),
                tuple(tuple(t) for t in times),
                deal,
            )
        )
    return outcomes


DealTask = tuple[Match, int]


def _play_deal_args(args: DealTask) -> list[GameOutcome]:
    return play_deal(*args)


DealMap = Callable[[Callable[[DealTask], list[GameOutcome]], list[DealTask]], Iterable[list[GameOutcome]]]
"""Runs the deals somewhere (another machine, a cluster) and yields their outcomes in the order given."""


def run_match(
    match: Match,
    games: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: DealMap | None = None,
) -> list[GameOutcome]:
    """At least ``games`` games, rounded up to whole deals (one game per rotation); in deal order. The deals
    run here, in ``workers`` processes, or through ``executor`` (e.g. Ray); the results are the same."""
    n = len(match.agents)
    if games < 1:
        raise RulesError(f"games={games} must be at least 1")
    deals = math.ceil(games / n)
    tasks = [(match, d) for d in range(deals)]
    results: list[GameOutcome] = []
    with ExitStack() as stack:
        if executor is not None:
            outcomes = executor(_play_deal_args, tasks)
        elif workers <= 1:
            outcomes = map(_play_deal_args, tasks)
        else:
            outcomes = stack.enter_context(ProcessPoolExecutor(max_workers=workers)).map(_play_deal_args, tasks)
        for outcome in outcomes:
            results += outcome
            if progress:
                progress(n)
    return results


@dataclass
class AgentReport:
    """Running totals of one agent name; ``deal_points`` maps a deal to the points of its games there."""

    name: str
    games: int = 0
    wins: int = 0
    rank_sum: int = 0
    points_sum: float = 0.0
    move_seconds: list[float] = field(default_factory=list)
    ratings: list[float] = field(default_factory=list)
    deal_points: dict[int, list[float]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        low, high = wilson_interval(self.wins, self.games)
        times = sorted(self.move_seconds)
        per_deal = [sum(p) / len(p) for p in self.deal_points.values()]
        points_low, points_high = points_interval(per_deal)
        return {
            "name": self.name,
            "games": self.games,
            "deals": len(self.deal_points),
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "mean_rank": round(self.rank_sum / self.games, 4) if self.games else None,
            "mean_points": round(self.points_sum / self.games, 4) if self.games else None,
            "mean_points_95": [_rounded(points_low), _rounded(points_high)],
            "moves": len(times),
            "seconds_per_move": round(sum(times) / len(times), 5) if times else 0.0,
            "p95_seconds_per_move": round(percentile(times, 0.95), 5) if times else 0.0,
            "rating": round(sum(self.ratings) / len(self.ratings), 3) if self.ratings else None,
        }


def _rounded(x: float) -> float | None:
    """Rounded for JSON; an unbounded end (fewer than two deals) is ``None``."""
    return round(x, 4) if math.isfinite(x) else None


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of already sorted values (nearest rank: the smallest value with at least a fraction
    ``q`` of the values at or below it).

    >>> percentile([float(i) for i in range(1, 101)], 0.95), percentile([0.1, 0.2, 0.3], 0.5)
    (95.0, 0.2)
    """
    if not sorted_values:
        raise ValueError("no values")
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[rank - 1]


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson_interval(50, 100)]
    [0.404, 0.596]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    return (centre - spread) / denominator, (centre + spread) / denominator


def points_interval(values: Sequence[float], z: float = 1.959964) -> tuple[float, float]:
    """Normal 95% interval of the mean of ``values`` (unbounded with fewer than two values).

    >>> [round(x, 3) for x in points_interval([1.0, 2.0, 3.0, 4.0])]
    [1.235, 3.765]
    """
    n = len(values)
    if n < 2:
        return (float("-inf"), float("inf"))
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return mean - half, mean + half


def summarise(agent_names: Sequence[str], outcomes: Sequence[GameOutcome]) -> list[dict[str, Any]]:
    """Per agent name (entries with the same name pooled): games, wins, rates, points, timings and a
    Plackett–Luce rating (openskill; each entry rated separately, a name's rating is its entries' mean mu).
    The points interval is taken over per-deal means (see the module's notes)."""
    model = PlackettLuce()
    ratings = [model.rating(name=f"{name}#{i}") for i, name in enumerate(agent_names)]
    reports: dict[str, AgentReport] = {name: AgentReport(name) for name in agent_names}
    for game in outcomes:
        teams = [[ratings[game.entries[seat]]] for seat in game.ranking]
        for seat_team, new in zip(game.ranking, model.rate(teams), strict=True):
            ratings[game.entries[seat_team]] = new[0]
        for place, seat in enumerate(game.ranking, start=1):
            report = reports[agent_names[game.entries[seat]]]
            report.games += 1
            report.wins += place == 1
            report.rank_sum += place
            report.points_sum += game.points[seat]
            report.move_seconds += game.move_seconds[seat]
            report.deal_points.setdefault(game.deal, []).append(game.points[seat])
    for i, name in enumerate(agent_names):
        reports[name].ratings.append(ratings[i].mu)
    return [report.to_dict() for report in reports.values()]
