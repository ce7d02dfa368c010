"""Small helpers for the Killer sevens scenario tests: every situation is written as position text."""

from __future__ import annotations

from family_helpers import applier, cards, legal
from sevens.cards import ALL_CARDS, RANKS, ROW, SEVENS_MASK, cards_text
from sevens.games.killer import State, parse_action, parse_position

R7 = "......7......"  # a row with only its 7 on the table

__all__ = ["R7", "State", "cards", "do", "everything_but", "legal", "parse_position", "position", "rows", "text_of"]

do = applier(parse_action)


def text_of(mask: int) -> str:
    return cards_text(mask)


def rows(table: str = "", dead: str = "") -> str:
    """The ROWS field: the 7s plus ``table`` on the table, ``dead`` marked ``x``."""
    out, dead_mask = SEVENS_MASK | cards(table), cards(dead)
    lines = []
    for suit in range(4):
        line = ""
        for rank in range(ROW):
            bit = 1 << (suit * ROW + rank)
            line += RANKS[rank] if out & bit else "x" if dead_mask & bit else "."
        lines.append(line)
    return "/".join(lines)


def position(
    table: str,
    hands: list[str],
    *,
    rules: str = "killer",
    turn: int | str = 0,
    dead: list[str] | None = None,
    kills: list[int] | None = None,
    passes: list[int] | None = None,
    exits: str = "-",
    dealer: int | None = None,
    streak: int = 0,
) -> State:
    """Read a position from its fields (cards as space-separated text; one hand may be ``*``)."""
    n = len(hands)
    dead_piles = dead or ["-"] * n
    dead_cards = " ".join(d for d in dead_piles if d != "-")
    fields = [
        rules,
        rows(table, dead_cards),
        "/".join(h.replace(" ", "") or "-" for h in hands),
        "/".join(d.replace(" ", "") or "-" for d in dead_piles),
        ",".join(map(str, kills or [0] * n)),
        str(turn),
        ",".join(map(str, passes or [0] * n)),
        exits,
        str(n - 1 if dealer is None else dealer),
        str(streak),
    ]
    return parse_position(" ".join(fields))


def everything_but(text: str) -> str:
    """Table text holding every card except the 7s (always out) and those in ``text``."""
    return cards_text(ALL_CARDS & ~SEVENS_MASK & ~cards(text))
