"""An evaluation over several seeds (``sevens arena --seeds K``): the same match on K series of deals.

One arena run measures an agent on one series of deals; its interval says how well those games pin down that
series' result, not how far another series could land (a policy can look good on a lucky set of deals). The
protocol runs the match from seeds ``S, S+1, …, S+K-1`` (``--seed S``), each exactly as ``sevens arena --seed s``
would, and reports per agent the mean over the seeds of its win rate and mean points, with a 95% Student-t
interval *across seeds* (the spread of the per-seed results; K-1 degrees of freedom; a rate's interval clipped to
0…1), and every per-seed value.

>>> rows = [[{"name": "a", "games": 8, "wins": 2, "win_rate": 0.25, "mean_points": -1.0}],
...         [{"name": "a", "games": 8, "wins": 4, "win_rate": 0.5, "mean_points": 1.0}]]
>>> summary = across_seeds(rows)[0]
>>> summary["win_rate"], summary["win_rate_95"], summary["win_rates"]
(0.375, [0.0, 1.0], [0.25, 0.5])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from sevens.errors import RulesError

# Student's t, two-sided 95% (the 0.975 quantile), by degrees of freedom; beyond the table the normal 1.96.
_T_975 = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
          2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
          2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423)  # fmt: skip


def seed_series(first: int, count: int) -> list[int]:
    """The seeds of a ``count``-seed evaluation starting at ``first``: each one's run is ``sevens arena --seed s``.

    >>> seed_series(1, 3)
    [1, 2, 3]
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise RulesError(f"seeds={count!r} must be a whole number of at least 1")
    return [first + k for k in range(count)]


def t_quantile(degrees: int) -> float:
    """The two-sided 95% quantile of Student's t with ``degrees`` degrees of freedom.

    >>> t_quantile(4), t_quantile(1000)
    (2.7764, 1.96)
    """
    if degrees < 1:
        raise ValueError(f"degrees={degrees} must be at least 1")
    return _T_975[degrees - 1] if degrees <= len(_T_975) else 1.96


def t_interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95% Student-t interval of the mean of ``values`` (unbounded with fewer than two)."""
    n = len(values)
    if n < 2:
        return float("-inf"), float("inf")
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(n - 1) * spread / math.sqrt(n)
    return mean - half, mean + half


def across_seeds(per_seed: Sequence[Sequence[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Per agent name, from the arena's rows of each seed (:func:`~sevens.arena.tournament.summarise`): games and
    wins summed, ``win_rate`` and ``mean_points`` averaged over the seeds with their 95% intervals across seeds
    (``win_rate_95``, ``mean_points_95``), and the per-seed values (``win_rates``, ``mean_points_per_seed``)."""
    names = [row["name"] for row in per_seed[0]]
    summary = []
    for name in names:
        rows = [next(row for row in seed_rows if row["name"] == name) for seed_rows in per_seed]
        rates = [float(row["win_rate"]) for row in rows]
        points = [float(row["mean_points"]) for row in rows]
        summary.append(
            {
                "name": name,
                "seeds": len(rows),
                "games": sum(int(row["games"]) for row in rows),
                "wins": sum(int(row["wins"]) for row in rows),
                "win_rate": round(sum(rates) / len(rates), 4),
                "win_rate_95": _bounds(t_interval(rates), low=0.0, high=1.0),
                "mean_points": round(sum(points) / len(points), 4),
                "mean_points_95": _bounds(t_interval(points)),
                "win_rates": rates,
                "mean_points_per_seed": points,
            }
        )
    return summary


def _bounds(interval: tuple[float, float], low: float = -math.inf, high: float = math.inf) -> list[float | None]:
    """Rounded for JSON, clipped to the figure's range (a rate stays in 0…1); an unbounded end is ``None``."""
    if not all(math.isfinite(x) for x in interval):
        return [None, None]
    return [round(max(interval[0], low), 4), round(min(interval[1], high), 4)]
