"""Operations: frozen records of everything that happens in a deal, in order (the state's history), as in
PokerKit: players' actions and the dealer's work. :meth:`Operation.text` writes a PHH-like line, with the cards
dealt face down written ``??`` for whoever may not see them.

>>> from sevens.cards import parse_card
>>> down = Operation("deal", 2, cards=1 << parse_card("5s"), face_up=False)
>>> down.text(), down.text(reveal=False), Operation("call", 1, amount=3, all_in=True).text()
('d p2 5s down', 'd p2 ?? down', 'p1 call 3 all-in')"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from sevens.cards import HIDDEN_TEXT, cards_text


@dataclass(frozen=True, slots=True)
class Operation:
    """One step of a deal. ``amount``: chips moved; ``cards``: bit set of cards dealt, taken or shown;
    ``face_up``: whether those cards were dealt face up; ``pot``: which pot a ``win`` came from."""

    kind: str
    seat: int
    amount: int = 0
    cards: int = 0
    face_up: bool = True
    all_in: bool = False
    pot: int = -1

    def text(self, reveal: bool = True) -> str:
        """The line as a record writes it; with ``reveal`` false, face-down cards are written ``??``."""
        return _text(self, reveal or self.face_up)

    def __str__(self) -> str:
        return self.text()


@lru_cache(maxsize=16384)
def _text(op: Operation, reveal: bool) -> str:
    """Views rewrite the whole history at every step, so each line is built once."""
    cards = cards_text(op.cards) if reveal else " ".join([HIDDEN_TEXT] * op.cards.bit_count())
    who = f"p{op.seat}"
    if op.kind in ("deal", "take"):
        face = "up" if op.face_up else "down"
        return f"d {who} {cards} {face}" if op.kind == "deal" else f"{who} take {cards} {face}"
    if op.kind == "show":
        return f"{who} show {cards}"
    words = [who, op.kind]
    if op.amount or op.kind in ("ante", "win"):
        words.append(str(op.amount))
    if op.all_in:
        words.append("all-in")
    if op.pot >= 0:
        words += ["pot", str(op.pot)]
    return " ".join(words)


__all__ = ["Operation"]
