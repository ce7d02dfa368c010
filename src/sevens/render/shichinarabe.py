"""The 七並べ table in the terminal: four suit rows A…K in order (s, h, d, c) and one line per seat."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from sevens.cards import RANKS, ROW, SUIT_SYMBOLS
from sevens.games.shichinarabe import State
from sevens.i18n import Lang, t
from sevens.render.outcome import outcome_text

_SUIT_STYLES = ("bold", "bold red", "bold red", "bold")
_RANK_LABELS = tuple("10" if r == "T" else r for r in RANKS)


def render_table(state: State, lang: Lang, names: Sequence[str] | None = None) -> RenderableType:
    rows = Table(title=t("table", lang), show_header=True, header_style="dim", box=None, pad_edge=False)
    rows.add_column("")
    for rank_text in RANKS:
        rows.add_column("10" if rank_text == "T" else rank_text, justify="center", min_width=2)
    playable = state.playable_positions
    for suit in range(4):
        cells: list[Text | str] = [Text(SUIT_SYMBOLS[suit], style=_SUIT_STYLES[suit])]
        for rank in range(ROW):
            bit = 1 << (suit * ROW + rank)
            if state.joker_positions & bit:
                cells.append(Text("Jk", style="bold magenta"))
            elif state.table & bit:
                cells.append(Text(_RANK_LABELS[rank], style=_SUIT_STYLES[suit]))
            elif playable & bit:
                cells.append(Text("○", style="green"))
            else:
                cells.append(Text("·", style="dim"))
        rows.add_row(*cells)
    return Group(rows, _seats(state, lang, names))


def _seats(state: State, lang: Lang, names: Sequence[str] | None) -> Table:
    seats = Table(box=None, show_header=True, header_style="dim")
    for key in ("seat", "cards", "passes", "status"):
        seats.add_column(t(key, lang, seat="").strip())
    limit = state.rules.pass_limit
    result = state.result() if state.is_over() else None
    for seat in range(state.players):
        used = state.passes_used(seat)
        if result is None:
            status = t(f"status_{state.status(seat)}", lang)
        else:  # how the round ended for the seat ("last", not "in", for the one left holding cards)
            status = outcome_text(result.outcomes[seat], lang, result.ranking.index(seat) + 1)
        passes = f"{used}/{limit}" if limit is not None else f"{used}/{t('unlimited', lang)}"
        marker = "▶ " if state.to_move == seat else "  "
        seats.add_row(
            marker + (names[seat] if names else t("seat", lang, seat=seat + 1)),  # seats as players count them
            str(state.hand_size(seat)),
            passes,
            status,
        )
    return seats
