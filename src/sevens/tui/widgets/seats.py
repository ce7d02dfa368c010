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
    wide as its title. Narrower still (any family at 80 columns), where a name would be cut to a few letters,
    each seat takes two lines: its whole name, then its figures under the column titles."""

    NAME_ROOM = 12
    """The fewest cells a name keeps in the one-line layout (before it wraps; below it, two lines a seat)."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.shown: tuple[Sequence[str], Sequence[Sequence[str]], int | None, int | None] | None = None

    def show(self, header: Sequence[str], rows: Sequence[Sequence[str]], to_move: int | None, me: int | None) -> None:
        self.shown = (header, rows, to_move, me)
        widths = [max(cell_len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]
        figures = sum(widths[1:]) + len(widths)  # the other columns and a space after each
        width = self.content_size.width
        if width and width - figures < min(self.NAME_ROOM, widths[0] + 2):
            self.update(self._two_lines(header, rows, to_move, me, widths))
        else:
            self.update(self._one_line(header, rows, to_move, me))

    def on_resize(self) -> None:
        if self.shown is not None:
            self.show(*self.shown)

    @staticmethod
    def _one_line(header: Sequence[str], rows: Sequence[Sequence[str]], to_move: int | None, me: int | None) -> Table:
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
        return table

    @staticmethod
    def _two_lines(header: Sequence[str], rows: Sequence[Sequence[str]], to_move: int | None, me: int | None,
                   widths: Sequence[int]) -> Text:  # fmt: skip
        """The name and its status (the last column, a word needing no title) on one line, the figures under the
        other column titles on the next."""

        def line(cells: Sequence[str]) -> str:
            return "  " + " ".join(
                cell + " " * (w - cell_len(cell)) for cell, w in zip(cells, widths[1:], strict=False)
            )

        text = Text(line(header[1:-1]).rstrip() + "\n", style="dim")
        for seat, row in enumerate(rows):
            marker = "▶ " if seat == to_move else "  "
            text.append(marker + row[0], style="bold underline" if seat == me else "bold" if to_move == seat else "")
            text.append(f"  {row[-1]}\n", style="dim")
            text.append(line(row[1:-1]).rstrip() + "\n")
        return text


class MoveLog(Static):
    """The last moves, newest at the bottom."""

    def show(self, lines: Sequence[str], title: str, keep: int = 14) -> None:
        text = Text(title + "\n", style="bold")
        for line in lines[-keep:]:
            text.append(line + "\n")
        self.update(text)


__all__ = ["MoveLog", "SeatsPanel"]
