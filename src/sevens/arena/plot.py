"""The arena's plot: each agent's win rate with its 95% interval, against chance."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sevens.errors import require


def plot_win_rates(rows: list[dict[str, Any]], players: int, title: str, path: Path) -> None:
    """Write the PNG; matplotlib is the ``plot`` extra, so a core install gets a one-line error naming it."""
    require("matplotlib", "--plot", "plot")
    import matplotlib

    matplotlib.use("Agg")  # files only; no display needed
    import matplotlib.pyplot as plt

    names = [row["name"] for row in rows]
    rates = [row["win_rate"] for row in rows]
    lower = [row["win_rate"] - row["win_rate_95"][0] for row in rows]
    upper = [row["win_rate_95"][1] - row["win_rate"] for row in rows]
    figure, axes = plt.subplots(figsize=(1.6 * len(rows) + 3, 4))
    axes.bar(names, rates, yerr=[lower, upper], capsize=6, color="#4c72b0")
    axes.axhline(1 / players, color="grey", linestyle="--", label=f"chance (1/{players})")
    axes.set_ylabel("win rate (95% interval)")
    axes.set_ylim(0, 1)
    axes.set_title(title)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
