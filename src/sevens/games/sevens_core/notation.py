"""The board fields of the sevens families' position text: the four rows and the card lists.

``ROWS`` is four rows s/h/d/c of 13 characters A…K: the rank where a card is on the table, a family's mark
(``*`` a joker in 七並べ, ``x`` a dead position in Killer sevens) or ``.`` for an empty position. A card list is
cards run together (``2s3sJk``), ``-`` for none.

>>> rows_text(0b1000000, 0b100000, "x")[0]
'.....x7......'
>>> parse_rows(".....x7....../......7....../......7....../......7......", "x", "dead")[1]
32
"""

from __future__ import annotations

from functools import reduce
from operator import or_

from sevens.cards import ALL_CARDS, RANKS, ROW, SUITS, cards_text, is_joker_text, parse_card, split_card_tokens
from sevens.errors import NotationError

EMPTY_MARK = "."


def rows_text(table: int, marked: int, mark: str) -> tuple[str, ...]:
    """Rows s/h/d/c: the rank where a card is on ``table``, ``mark`` on ``marked``, ``.`` elsewhere."""

    def char(pos: int) -> str:
        return RANKS[pos % ROW] if table >> pos & 1 else mark if marked >> pos & 1 else EMPTY_MARK

    return tuple("".join(char(suit * ROW + rank) for rank in range(ROW)) for suit in range(4))


def parse_rows(text: str, mark: str, meaning: str) -> tuple[int, int]:
    """Inverse of :func:`rows_text`: the cards on the table and the marked positions (``mark`` means ``meaning``)."""
    rows = text.split("/")
    if len(rows) != 4 or any(len(r) != ROW for r in rows):
        raise NotationError(f"ROWS must be 4 rows (s/h/d/c) of 13 characters each, got {text!r}")
    table = marked = 0
    for suit, row in enumerate(rows):
        for rank, ch in enumerate(row):
            bit = 1 << (suit * ROW + rank)
            if ch.upper() == RANKS[rank]:
                table |= bit
            elif ch.lower() == mark:
                marked |= bit
            elif ch != EMPTY_MARK:
                raise NotationError(
                    f"ROWS: {SUITS[suit]} row position {rank + 1} is {ch!r}; allowed: "
                    f"{RANKS[rank]} (card out), {mark} ({meaning}) or {EMPTY_MARK} (empty)"
                )
    return table, marked


def cards_field(mask: int, jokers: int = 0) -> str:
    """A card list: the cards run together, then one ``Jk`` per joker; ``-`` for none."""
    return cards_text(mask, sep="") + "Jk" * jokers or "-"


def parse_cards_field(text: str, where: str, jokers: bool = False) -> tuple[int, int]:
    """A card list's cards (bit set) and jokers (only when ``jokers`` is allowed); ``-`` and ``*`` read as none
    (the caller fills ``*`` in). ``where`` names the list in errors (``HANDS: seat 2``)."""
    if text in ("-", "*"):
        return 0, 0
    mask = count = 0
    try:
        tokens = split_card_tokens(text)
        cards = [None if jokers and is_joker_text(token) else parse_card(token) for token in tokens]
    except NotationError as exc:
        raise NotationError(f"{where}: {exc}") from exc
    for token, c in zip(tokens, cards, strict=True):
        if c is None:
            count += 1
        elif mask >> c & 1:
            raise NotationError(f"{where} lists {token} twice")
        else:
            mask |= 1 << c
    return mask, count


def parse_hands(text: str, out: int, jokers: bool = False) -> tuple[list[int], list[int]]:
    """HANDS: each seat's cards (bit sets) and jokers. The one hand that may be written ``*`` gets every real
    card neither ``out`` nor in another hand."""
    texts = text.split("/")
    read = [parse_cards_field(h, f"HANDS: seat {i}", jokers) for i, h in enumerate(texts)]
    hands = [mask for mask, _ in read]
    rest = [i for i, h in enumerate(texts) if h == "*"]
    if len(rest) > 1:
        raise NotationError("HANDS: only one hand may be '*' (the rest of the cards)")
    if rest:
        hands[rest[0]] = ALL_CARDS & ~out & ~reduce(or_, hands)
    return hands, [count for _, count in read]
