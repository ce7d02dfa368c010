"""The Seven Twenty-Seven table in the terminal: one line per seat (down cards, up cards, stack, bets) and the pots.

The drawing is built from a spectator's view (:func:`sevens.games.seven27.view.build_view` with no seat), so a
down card appears only once its hand was shown at the showdown; before that it is drawn ``🂠``. Passing a seat's
own :class:`~sevens.games.seven27.view.View` instead draws that seat's down cards too.

>>> import io
>>> from rich.console import Console
>>> from sevens.games.seven27 import Rules, State
>>> state = State.new(Rules.preset("seven27", players=3), seed=1)
>>> console = Console(width=100, record=True, color_system=None, file=io.StringIO())
>>> console.print(render_table(state, "en"))
>>> text = console.export_text()
>>> "🂠" in text and "Pot 3" in text and "8♣" not in text  # seat 0's down card is 8♣
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from sevens.cards import SUIT_SYMBOLS, iter_bits, pretty
from sevens.games.seven27.evaluate import evaluate, hand_totals, totals_text
from sevens.games.seven27.view import SeatView, View
from sevens.i18n import t

FACE_DOWN = "🂠"
_SUIT_STYLES = ("bold", "bold red", "bold red", "bold")


def label(key: str, lang: str, **params: object) -> str:
    """A label of ``locale/cli.json`` (``cli.seven27.*``); ``lang`` ``ja`` or anything else for English."""
    return t(f"cli.seven27.{key}", "ja" if lang == "ja" else "en", **params)


def render_table(state: Any, lang: str, names: Sequence[str] | None = None) -> RenderableType:
    """Draw the public table of a :class:`~sevens.games.seven27.state.State` (or a seat's own ``View``)."""
    view: View = state if isinstance(state, View) else state.view(None)
    return Group(_header(view, lang), _seats(view, lang, names), _footer(view, lang))


def _header(view: View, lang: str) -> Text:
    text = Text(label("title", lang) + "  ", style="bold")
    if view.phase == "bet":
        cap = view.rules.raise_cap
        text.append(label("phase_bet", lang, round=view.betting_round, size=view.bet_size, raises=view.raises, cap=cap))
    else:
        text.append(label(f"phase_{view.phase}", lang))
    if view.to_move is not None:
        text.append("   " + label("to_move", lang, seat=view.to_move + 1), style="bold green")
    return text


def _seats(view: View, lang: str, names: Sequence[str] | None) -> Table:
    table = Table(box=None, show_header=True, header_style="dim", pad_edge=False)
    for key in ("seat", "down", "up", "total", "stack", "bet", "in", "status"):
        table.add_column(label(key, lang), justify="right" if key in ("stack", "bet", "in") else "left")
    for seat in view.seats:
        marker = "▶ " if view.to_move == seat.seat else "  "
        name = marker + (
            names[seat.seat] if names else label("seat_n", lang, seat=seat.seat + 1)
        )  # as players count them
        if seat.seat == view.dealer:
            name += f" ({label('dealer', lang)})"
        table.add_row(
            name,
            _down(seat),
            _cards(seat.up),
            _total(view, seat),
            str(seat.stack),
            str(seat.bet) if seat.bet else "",
            str(seat.committed),
            _status(seat, lang),
            style="dim" if seat.folded else None,
        )
    return table


def _footer(view: View, lang: str) -> Text:
    if view.result is not None:
        deltas = view.result["chip_delta"]
        parts = [label("seat_delta", lang, seat=s + 1, delta=f"{d:+d}") for s, d in enumerate(deltas)]
        return Text(label("delta", lang) + "  " + "  ".join(parts))
    text = Text(label("pot", lang, amount=view.pot), style="bold yellow")
    if len(view.pots) > 1:
        sides = ", ".join(str(p.amount) for p in view.pots[1:])
        text.append(" (" + label("side", lang, main=view.pots[0].amount, sides=sides) + ")")
    text.append("   " + label("deck", lang, count=view.deck_count), style="dim")
    return text


def _down(seat: SeatView) -> Text:
    if not seat.down_known:
        return Text(" ".join([FACE_DOWN] * seat.down_count))
    return _cards(seat.down)


def _cards(mask: int) -> Text:
    text = Text()
    for i, card in enumerate(iter_bits(mask)):
        if i:
            text.append(" ")
        label_text = pretty(card)
        suit = SUIT_SYMBOLS.index(label_text[-1])
        text.append(label_text, style=_SUIT_STYLES[suit])
    return text


def _total(view: View, seat: SeatView) -> str:
    """What the cards the viewer can see count: both halves when the whole hand is known, else every total the
    up cards can count, then ``+?`` for the down cards."""
    rules = view.rules
    if seat.down_known:
        return evaluate(seat.up | seat.down, ten_half=rules.ten_half, tie_rule=rules.tie_rule, bust=rules.bust).text()
    return totals_text(hand_totals(seat.up, rules.ten_half)) + " +?"


def _status(seat: SeatView, lang: str) -> str:
    if seat.folded:
        return label("status_folded", lang)
    if seat.shown:
        return label("status_shown", lang)
    if seat.all_in:
        return label("status_all_in", lang)
    return label("status_in", lang)


__all__ = ["FACE_DOWN", "label", "render_table"]
