"""Educational aids (E5): which cards in the hand can be played now, in number order per suit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sevens.cards import parse_card
from sevens.errors import NotationError


def playable_cards(legal: Sequence[Any]) -> list[int]:
    """The cards (indices, sorted s, h, d, c then A…K) that some legal action plays; jokers and passes aside.

    >>> from sevens.games.shichinarabe import parse_action
    >>> playable_cards([parse_action(t) for t in ("9h+Jk", "6h", "pass")])
    [18, 21]
    """
    cards: set[int] = set()
    for action in legal:
        for part in str(action).replace("+", " ").split():
            try:
                cards.add(parse_card(part))
            except NotationError:
                continue
    return sorted(cards)
