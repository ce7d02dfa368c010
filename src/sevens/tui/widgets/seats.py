"""The players panel and the move log: public facts only (counts, passes, statuses, actions)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.widgets import Static


class SeatsPanel(Static):
    """One row per seat; ``▶`` marks the seat to move and the human's row is bold. When the panel is narrow
    (Killer's six columns at 120×40) the names wrap, never the column titles: each other column is at least as
    wide as its title."""

    def show(self, header: Sequence[str], rows: Sequence[Sequence[str]], to_move: int | None, me: int | None) -> None:
        table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), header_style="dim")  # one space between columns
        for index, title in enumerate(header):
            if index == 0:
                table.add_column(title)
            else:
                table.add_column(title, min_width=cell_len(title), overflow="fold")
        for seat, row in enumerate(rows):
            marker = "▶ " if seat == to_move else "  "
            style = "bold underline" if seat == me else ""
            name = row[0].replace("（", " （")  # a place to wrap a Japanese name before its level, as before "(Easy)"
            table.add_row(Text(marker + name, style=style, overflow="fold"), *row[1:])
        self.update(table)


class MoveLog(Static):
    """The last moves, newest at the bottom."""

    def show(self, lines: Sequence[str], title: str, keep: int = 14) -> None:
        text = Text(title + "\n", style="bold")
        for line in lines[-keep:]:
            text.append(line + "\n")
        self.update(text)


__all__ = ["MoveLog", "SeatsPanel"]
