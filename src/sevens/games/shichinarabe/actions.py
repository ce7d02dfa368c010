"""Actions of 七並べ: small immutable values with a text form that parses back to the same value.

======================  ==============================================================
text                    meaning
======================  ==============================================================
``7h``                  play 7♥
``Jk+9h``               joker on the position just below 9♥ (8♥), then 9♥ (B8a)
``9h+Jk``               9♥, then the joker on the position just above it (10♥)
``swap 8h``             optional exchange: put 8♥ where the joker stands, take the joker
``pass``                pass (B9)
``ghost 3 1``           ghost rule (B13): the ghost in seat 3 swaps with seat 1
======================  ==============================================================

"Below" and "above" follow the row, with K next to A when ``ak_link`` is on: ``Jk+Ah`` puts the joker on K♥.

>>> parse_action("Jk+9h") == joker_play(parse_card("9h"), BELOW)
True
>>> [str(parse_action(t)) for t in ("10♥", "PASS", "9h + joker", "swap ♥8", "ghost 3 1")]
['Th', 'pass', '9h+Jk', 'swap 8h', 'ghost 3 1']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields

from sevens.cards import CARD_TEXTS, DECK_SIZE, is_joker_text, parse_card
from sevens.errors import ArgumentError, NotationError, expect_text
from sevens.games.arguments import card_index, one_of, whole

PLAY, JOKER, SWAP, PASS, GHOST = range(5)
BELOW, ABOVE = -1, 1  # side of the joker relative to the card it is played with

_KIND_NAMES = ("play", "joker", "swap", "pass", "ghost")
_FORMS = ("{card}", "Jk+{card}", "swap {card}", "pass", "ghost {ghost} {speaker}")  # texts by kind (a joker below)


# not Killer's Action: 七並べ's adds jokers, swaps and ghost swaps (and numbers its kinds apart from Killer's)
@dataclass(frozen=True, slots=True)
class Action:
    """One action. Compare and hash freely; build with the constructors below or :func:`parse_action`."""

    kind: int
    card: int = -1
    side: int = 0
    ghost: int = -1
    speaker: int = -1

    def __post_init__(self) -> None:
        """Only real actions can be built (the forms of the table above)."""
        if why := _malformed(self):
            given = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))
            raise NotationError(f"Action({given}) is not a 七並べ action: {why}")

    def __str__(self) -> str:
        form = "{card}+Jk" if self.side == ABOVE else _FORMS[self.kind]
        return form.format(card=CARD_TEXTS[self.card], ghost=self.ghost, speaker=self.speaker)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @property
    def kind_name(self) -> str:
        return _KIND_NAMES[self.kind]

    def sort_key(self) -> tuple[int, int, int]:
        """Legal actions are listed in this order: plays, joker plays, swaps, pass."""
        return (self.kind, self.card, self.side)


def _malformed(action: Action) -> str | None:
    """What makes ``action``'s fields no action at all, or ``None``."""
    kind = action.kind
    if not all(type(v) is int for v in (kind, action.card, action.side, action.ghost, action.speaker)):
        return "every field is a whole number"
    if not 0 <= kind < len(_KIND_NAMES):
        return f"kind is 0–{len(_KIND_NAMES) - 1} ({', '.join(_KIND_NAMES)})"
    return _malformed_card(kind, action.card, action.side) or _malformed_seats(kind, action.ghost, action.speaker)


def _malformed_card(kind: int, card: int, side: int) -> str | None:
    """A play, a joker play or a swap names one card, other actions none; only a joker play has a side."""
    has_card = kind in (PLAY, JOKER, SWAP)
    if has_card != (0 <= card < DECK_SIZE) or (not has_card and card != -1):
        return f"a {_KIND_NAMES[kind]} " + (f"names one card 0–{DECK_SIZE - 1}" if has_card else "names no card")
    if side not in ((BELOW, ABOVE) if kind == JOKER else (0,)):
        return f"only a joker play has a side ({BELOW} below, {ABOVE} above)"
    return None


def _malformed_seats(kind: int, ghost: int, speaker: int) -> str | None:
    named = ghost >= 0 and speaker >= 0
    if named != (kind == GHOST) or (not named and (ghost, speaker) != (-1, -1)):
        return "a ghost swap names two seats (the ghost and the speaker), and no other action names any"
    return None


# Interned instances: the hot path never allocates an action.
PLAY_ACTIONS: tuple[Action, ...] = tuple(Action(PLAY, c) for c in range(DECK_SIZE))
SWAP_ACTIONS: tuple[Action, ...] = tuple(Action(SWAP, c) for c in range(DECK_SIZE))
JOKER_BELOW_ACTIONS: tuple[Action, ...] = tuple(Action(JOKER, c, BELOW) for c in range(DECK_SIZE))
JOKER_ABOVE_ACTIONS: tuple[Action, ...] = tuple(Action(JOKER, c, ABOVE) for c in range(DECK_SIZE))
PASS_ACTION = Action(PASS)


def play(card: int) -> Action:
    """Play ``card`` (an index 0–51)."""
    return PLAY_ACTIONS[card_index(card)]


def joker_play(card: int, side: int) -> Action:
    """Play ``card`` with the joker on its ``side``: :data:`BELOW` (-1) or :data:`ABOVE` (1)."""
    chosen = one_of(side, (BELOW, ABOVE), "side")
    return (JOKER_BELOW_ACTIONS if chosen == BELOW else JOKER_ABOVE_ACTIONS)[card_index(card)]


def swap(card: int) -> Action:
    """Put ``card`` where the joker stands and take the joker back."""
    return SWAP_ACTIONS[card_index(card)]


def ghost_swap(ghost: int, speaker: int) -> Action:
    """The ghost in seat ``ghost`` swaps with seat ``speaker`` (whether those seats exist is the state's to say)."""
    for what, seat in (("ghost", ghost), ("speaker", speaker)):
        if whole(seat, what, "a seat number") < 0:
            raise ArgumentError(f"{what} {seat} is not a seat; seats are 0 or more")
    return Action(GHOST, ghost=ghost, speaker=speaker)


_ACTION_HELP = "a card (7h), Jk+9h or 9h+Jk, swap 8h, pass, or ghost G S"


def _parse_swap(raw: str, words: list[str]) -> Action:
    if len(words) != 2:
        raise NotationError(f"{raw!r}: swap takes one card, e.g. 'swap 8h'")
    return swap(parse_card(words[1]))


def _parse_ghost_swap(raw: str, words: list[str]) -> Action:
    if len(words) != 3 or not all(w.isdigit() for w in words[1:]):
        raise NotationError(f"{raw!r}: ghost takes two seat numbers, e.g. 'ghost 3 1'")
    return ghost_swap(int(words[1]), int(words[2]))


_WORD_ACTIONS: dict[str, Callable[[str, list[str]], Action]] = {
    "swap": _parse_swap,
    "交換": _parse_swap,
    "ghost": _parse_ghost_swap,
}
"""The actions whose text starts with a word, by that word: the reader of the rest of the text."""


def _joker_play(raw: str) -> Action:
    """``Jk+9h`` (the joker below 9♥) or ``9h+Jk`` (above)."""
    left, _, right = (part.strip() for part in raw.partition("+"))
    if is_joker_text(left) and not is_joker_text(right):
        return joker_play(parse_card(right), BELOW)
    if is_joker_text(right) and not is_joker_text(left):
        return joker_play(parse_card(left), ABOVE)
    raise NotationError(f"{raw!r}: a joker play pairs the joker with one card, e.g. 'Jk+9h' or '9h+Jk'")


def parse_action(text: str) -> Action:
    """Read an action's text; raises :class:`NotationError` saying what is allowed."""
    raw = expect_text(text, "an action", "7h").strip()
    low = raw.lower()
    if low in ("pass", "p", "パス"):
        return PASS_ACTION
    words = low.split()
    if words and words[0] in _WORD_ACTIONS:
        return _WORD_ACTIONS[words[0]](raw, words)
    if "+" in low:
        return _joker_play(raw)
    try:
        return play(parse_card(raw))
    except NotationError as exc:
        raise NotationError(f"{raw!r} is not an action; expected {_ACTION_HELP}") from exc
