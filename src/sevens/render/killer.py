"""The Killer sevens (殺しの7並べ) table in the terminal: the public 4×13 grid and one line per seat.

Cards on the table show their rank, dead positions ``✕``, empty positions ``·``. Per seat: cards in hand, dead
cards, kills, passes and status. Only public facts are drawn (counts, never another seat's cards), so the
same drawing suits every seat. ``state`` may be a :class:`~sevens.games.killer.State` or a seat's
:class:`~sevens.games.killer.View`.

>>> import io
>>> from rich.console import Console
>>> from sevens.games.killer import Rules, State
>>> console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
>>> console.print(render_table(State.new(Rules.preset("killer"), seed=1), "en"))
>>> "Killer sevens" in console.export_text()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from sevens.cards import RANKS, ROW, SUIT_SYMBOLS
from sevens.games.killer import State, View
from sevens.i18n import t

_SUIT_STYLES = ("bold", "bold red", "bold red", "bold")
_RANK_LABELS = tuple("10" if r == "T" else r for r in RANKS)
DEAD_CELL = "✕"
EMPTY_CELL = "·"


def _label(key: str, lang: str, **params: object) -> str:
    """A label of ``locale/cli.json`` (``cli.killer.*``); ``lang`` ``ja`` or anything else for English."""
    return t(f"cli.killer.{key}", "ja" if lang == "ja" else "en", **params)


@dataclass(frozen=True, slots=True)
class _Public:
    """The public facts a drawing uses, taken from a state or from a view."""

    table: int
    dead_positions: int
    hand_counts: tuple[int, ...]
    dead_counts: tuple[int, ...]
    kills: tuple[int, ...]
    passes_used: tuple[int, ...]
    statuses: tuple[str, ...]
    to_move: int | None
    pass_limit: int | None


def _public(state: State | View) -> _Public:
    if isinstance(state, View):
        return _Public(
            state.table, state.dead_positions, state.hand_counts, state.dead_counts, state.kills,
            state.passes_used, state.statuses, state.to_move, state.rules.pass_limit,
        )  # fmt: skip
    seats = range(state.players)
    return _Public(
        table=state.table,
        dead_positions=state.dead_positions,
        hand_counts=tuple(state.hand_size(s) for s in seats),
        dead_counts=tuple(state.dead_count(s) for s in seats),
        kills=tuple(state.kills(s) for s in seats),
        passes_used=tuple(state.passes_used(s) for s in seats),
        statuses=tuple(state.status(s) for s in seats),
        to_move=state.to_move,
        pass_limit=state.rules.pass_limit,
    )


def render_table(state: Any, lang: str, names: Sequence[str] | None = None) -> RenderableType:
    """Draw the public table of a Killer sevens state (or view) with labels in ``lang`` (``ja`` or ``en``)."""
    facts = _public(state)
    return Group(_grid(facts, lang), _seats(facts, lang, names), _turn_line(facts, lang))


def _grid(facts: _Public, lang: str) -> Table:
    grid = Table(title=_label("title", lang), show_header=True, header_style="dim", box=None, pad_edge=False)
    grid.add_column("")
    for label in _RANK_LABELS:
        grid.add_column(label, justify="center", min_width=2)
    for suit in range(4):
        cells: list[Text] = [Text(SUIT_SYMBOLS[suit], style=_SUIT_STYLES[suit])]
        for rank in range(ROW):
            bit = 1 << (suit * ROW + rank)
            if facts.table & bit:
                cells.append(Text(_RANK_LABELS[rank], style=_SUIT_STYLES[suit]))
            elif facts.dead_positions & bit:
                cells.append(Text(DEAD_CELL, style="bold magenta"))
            else:
                cells.append(Text(EMPTY_CELL, style="dim"))
        grid.add_row(*cells)
    return grid


def _seats(facts: _Public, lang: str, names: Sequence[str] | None) -> Table:
    seats = Table(box=None, show_header=True, header_style="dim")
    for key in ("seat_head", "cards", "dead", "kills", "passes", "status"):
        seats.add_column(_label(key, lang), justify="left" if key in ("seat_head", "status") else "right")
    over = facts.to_move is None
    limit = facts.pass_limit
    for seat, status in enumerate(facts.statuses):
        used = facts.passes_used[seat]
        passes = f"{used}/{limit}" if limit is not None else f"{used}/{_label('unlimited', lang)}"
        shown = "stalemate" if over and status == "in" else status
        marker = "▶ " if facts.to_move == seat else "  "
        seats.add_row(
            marker + (names[seat] if names else _label("seat", lang, seat=seat + 1)),  # seats as players count them
            str(facts.hand_counts[seat]),
            str(facts.dead_counts[seat]),
            str(facts.kills[seat]),
            passes,
            _label(shown, lang),
        )
    return seats


def _turn_line(facts: _Public, lang: str) -> Text:
    if facts.to_move is None:
        return Text(_label("over", lang), style="bold")
    return Text(_label("to_move", lang, seat=facts.to_move + 1))
