"""The players panel and the move log: public facts only (counts, passes, statuses, actions)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.widgets import Static


class SeatsPanel(Static):
    """One row per seat; ``▶`` marks the seat to move and the human's row is bold."""

    def show(self, header: Sequence[str], rows: Sequence[Sequence[str]], to_move: int | None, me: int | None) -> None:
        table = Table(box=None, pad_edge=False, header_style="dim")
        for index, title in enumerate(header):
            table.add_column(title, no_wrap=index == 0)
        for seat, row in enumerate(rows):
            marker = "▶ " if seat == to_move else "  "
            style = "bold underline" if seat == me else ""
            table.add_row(Text(marker + row[0], style=style), *row[1:])
        self.update(table)


class MoveLog(Static):
    """The last moves, newest at the bottom."""

    def show(self, lines: Sequence[str], title: str, keep: int = 14) -> None:
        text = Text(title + "\n", style="bold")
        for line in lines[-keep:]:
            text.append(line + "\n")
        self.update(text)


__all__ = ["MoveLog", "SeatsPanel"]
