"""Cards, their text notation (RULES.md A1–A2) and bit-set helpers.

A card is an ``int`` index ``suit * 13 + rank - 1``: suits in the order s, h, d, c and ranks A(1) … K(13),
so ``0`` is A♠, ``6`` is 7♠ and ``51`` is K♣. A set of cards is an ``int`` with bit ``index`` set, which
keeps every rule check a handful of integer operations. The joker has no position and is counted, never
indexed; its text is ``Jk``.

>>> parse_card("7h"), card_text(19)
(19, '7h')
>>> [card_text(c) for c in parse_cards("♠7 10h kc")]
['7s', 'Th', 'Kc']
>>> cards_text(mask_of([0, 12]))
'As Ks'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sevens.errors import NotationError

SUITS = "shdc"
RANKS = "A23456789TJQK"
SUIT_SYMBOLS = "♠♥♦♣"
DECK_SIZE = 52
ROW = 13
SEVEN_RANK_INDEX = 6
ALL_CARDS = (1 << DECK_SIZE) - 1
ROW_MASK = (1 << ROW) - 1
JOKER_TEXT = "Jk"
HIDDEN_TEXT = "??"

CARD_TEXTS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
SUIT_MASKS: tuple[int, ...] = tuple(ROW_MASK << (ROW * s) for s in range(4))
SEVENS_MASK = sum(1 << (ROW * s + SEVEN_RANK_INDEX) for s in range(4))

_SUIT_ALIASES = {
    "s": 0, "♠": 0, "♤": 0,
    "h": 1, "♥": 1, "♡": 1,
    "d": 2, "♦": 2, "♢": 2,
    "c": 3, "♣": 3, "♧": 3,
}  # fmt: skip
_RANK_ALIASES = {r.lower(): i for i, r in enumerate(RANKS)} | {"10": 9, "1": 0}
_JOKER_ALIASES = {"jk", "joker"}
_ALLOWED = "rank A 2-9 T/10 J Q K with suit s h d c (or ♠ ♥ ♦ ♣), or Jk for the joker"


def card(rank: int, suit: int) -> int:
    """Index of the card with ``rank`` 1–13 and ``suit`` 0–3 (s, h, d, c)."""
    return suit * ROW + rank - 1


def suit_of(index: int) -> int:
    return index // ROW


def rank_of(index: int) -> int:
    """Rank 1 (A) … 13 (K)."""
    return index % ROW + 1


def card_text(index: int) -> str:
    return CARD_TEXTS[index]


def is_joker_text(text: str) -> bool:
    return text.strip().lower() in _JOKER_ALIASES


def parse_card(text: str) -> int:
    """Parse one card (not the joker): ``7h``, ``10H``, ``♥7``, ``7♡`` all give 7♥."""
    raw = text.strip()
    low = raw.lower()
    if not low:
        raise NotationError("empty card text; expected " + _ALLOWED)
    if low in _JOKER_ALIASES:
        raise NotationError(f"{raw!r} is a joker, which has no position; expected a rank and a suit")
    # The suit may come first (♠7) or last (7♠).
    for suit_part, rank_part in ((low[-1], low[:-1]), (low[0], low[1:])):
        suit = _SUIT_ALIASES.get(suit_part)
        rank = _RANK_ALIASES.get(rank_part)
        if suit is not None and rank is not None:
            return suit * ROW + rank
    raise NotationError(f"{raw!r} is not a card; expected " + _ALLOWED)


def split_card_tokens(text: str) -> list[str]:
    """Split ``"7h 8h"``, ``"7h,8h"`` or run-together ``"7h8hJk"`` into card tokens."""
    tokens: list[str] = []
    for word in text.replace(",", " ").split():
        tokens.extend(_split_run(word))
    return tokens


def _split_run(word: str) -> list[str]:
    low = word.lower()
    if low in _JOKER_ALIASES or len(word) <= 3:
        return [word]
    out: list[str] = []
    i = 0
    while i < len(word):
        for size in (2, 3):
            piece = word[i : i + size]
            if piece.lower() in _JOKER_ALIASES or _is_card(piece):
                out.append(piece)
                i += size
                break
        else:
            raise NotationError(f"cannot read cards in {word!r} at {word[i:]!r}; expected " + _ALLOWED)
    return out


def _is_card(piece: str) -> bool:
    try:
        parse_card(piece)
    except NotationError:
        return False
    return True


def parse_cards(text: str) -> list[int]:
    """Parse several cards (no jokers) separated by spaces/commas or run together."""
    return [parse_card(t) for t in split_card_tokens(text)]


def iter_bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_text(mask: int, sep: str = " ") -> str:
    return sep.join(CARD_TEXTS[i] for i in iter_bits(mask))


def pretty(index: int) -> str:
    """Card with its suit symbol, for display: ``7♥``."""
    return ("10" if index % ROW == 9 else RANKS[index % ROW]) + SUIT_SYMBOLS[index // ROW]
